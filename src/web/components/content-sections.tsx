import { Fragment, useEffect, useRef, type ReactNode } from 'react';
import { linkAction } from '../lib/links';
import { usePrefetchRequest, watchForPrefetch } from './prefetch';

interface Props {
  sections: { html: string; after?: string }[];
  /** Live blocks the markdown asks for with `<!-- name -->`. */
  blocks?: Record<string, ReactNode>;
}

/**
 * Renders a content page's markdown (trusted, built from content/) with its live blocks. Its
 * links to pages of this site are prefetched once seen, like every other link
 * (docs/requirements.md §2); clicks on them are handled by the layout.
 */
export function ContentSections({ sections, blocks = {} }: Props) {
  const root = useRef<HTMLDivElement>(null);
  const request = usePrefetchRequest();
  useEffect(() => {
    const here = new URL(window.location.href);
    const stops = [...(root.current?.querySelectorAll('a[href]') ?? [])].flatMap((anchor) => {
      const action = linkAction(
        {
          href: anchor.getAttribute('href'),
          target: anchor.getAttribute('target'),
          download: false,
          button: 0,
          modified: false,
          defaultPrevented: false,
        },
        here,
      );
      const path = action.kind === 'internal' ? action.to.split('#')[0] : null;
      return path && path !== here.pathname ? [watchForPrefetch(anchor, path, request)] : [];
    });
    return () => stops.forEach((stop) => stop());
  }, [sections, request]);
  return (
    <div className="content" ref={root}>
      {sections.map((section, i) => (
        <Fragment key={i}>
          <div dangerouslySetInnerHTML={{ __html: section.html }} />
          {section.after ? blocks[section.after] : null}
        </Fragment>
      ))}
    </div>
  );
}
