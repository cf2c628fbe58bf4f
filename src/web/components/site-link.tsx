import type { ComponentProps, ReactNode } from 'react';
import { Link } from 'react-router';
import { isExternalHref } from '../lib/links';
import { useViewportPrefetch } from './prefetch';

type Props = Omit<ComponentProps<'a'>, 'href' | 'ref'> & {
  to: string;
  children: ReactNode;
  /** Prefetch the page when the link has been visible for 250 ms (default true). */
  prefetch?: boolean;
};

/**
 * A link anywhere in the site: same-site pages navigate inside the app and are prefetched once
 * the link has been in view for 250 ms; other sites open in a new tab.
 */
export function SiteLink({ to, children, prefetch = true, ...rest }: Props) {
  const external = isExternalHref(to);
  const ref = useViewportPrefetch<HTMLAnchorElement>(prefetch && !external ? to : null);
  if (external) {
    return (
      <a href={to} target="_blank" rel="noopener noreferrer" {...rest}>
        {children}
      </a>
    );
  }
  return (
    <Link to={to} ref={ref} {...rest}>
      {children}
    </Link>
  );
}
