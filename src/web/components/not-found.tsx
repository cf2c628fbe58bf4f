import { useLocation } from 'react-router';
import { SiteLink } from './site-link';

interface Props {
  heading?: string;
  message?: string;
}

/** The not-found page; it names the path that was asked for (docs/requirements.md §2). */
export function NotFound({ heading = 'Page not found', message }: Props) {
  const { pathname } = useLocation();
  return (
    <div className="container container--narrow not-found">
      <h1>{heading}</h1>
      <p>
        {message ?? (
          <>
            We could not find <code data-testid="missing-path">{pathname}</code>. It may have moved,
            or the address may have a typo.
          </>
        )}
      </p>
      <p className="not-found__actions">
        <SiteLink to="/" className="button button--contained">
          Go to the home page
        </SiteLink>
        <SiteLink to="/faqs/" className="button button--outlined">
          Read the FAQs
        </SiteLink>
      </p>
    </div>
  );
}
