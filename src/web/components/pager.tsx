import { Link } from 'react-router';
import './pager.css';

/** Chevrons (Material Design icons, as MUI's pagination draws them). */
const PREVIOUS = 'M15.41 7.41 14 6l-6 6 6 6 1.41-1.41L10.83 12z';
const NEXT = 'M10 6 8.59 7.41 13.17 12l-4.58 4.59L10 18l6-6z';

/**
 * The pages a pager shows: the first and the last, the current one with one each side, and an
 * ellipsis (null) for a gap of more than one page.
 */
export function pagerItems(page: number, pageCount: number): (number | null)[] {
  const shown = new Set([1, pageCount, page - 1, page, page + 1]);
  const items: (number | null)[] = [];
  for (let n = 1; n <= pageCount; n++) {
    const near = shown.has(n) || (shown.has(n - 1) && shown.has(n + 1));
    if (near) items.push(n);
    else if (items.at(-1) !== null) items.push(null);
  }
  return items;
}

/**
 * Links to the pages of a list (MUI's Pagination, as links: each page has its own address, so
 * Back, a reload and a shared link show the same page). The current page is marked for a screen
 * reader too; nothing is drawn for a list of one page.
 */
export function Pager({
  page,
  pageCount,
  href,
}: {
  page: number;
  pageCount: number;
  /** The address of a page, e.g. `?page=2`. */
  href: (page: number) => string;
}) {
  if (pageCount <= 1) return null;
  const current = Math.min(Math.max(page, 1), pageCount);
  const step = (to: number, label: string, path: string) =>
    to < 1 || to > pageCount ? (
      <span className="pager__item pager__item--disabled" aria-hidden="true">
        <Chevron path={path} />
      </span>
    ) : (
      <Link className="pager__item" to={href(to)} aria-label={label}>
        <Chevron path={path} />
      </Link>
    );
  return (
    <nav className="pager" aria-label="pagination">
      <ul>
        <li>{step(current - 1, 'Go to the previous page', PREVIOUS)}</li>
        {pagerItems(current, pageCount).map((n, i) => (
          <li key={n ?? `gap-${i}`}>
            {n === null ? (
              <span className="pager__gap">…</span>
            ) : (
              <Link
                className="pager__item"
                to={href(n)}
                aria-label={n === current ? `Page ${n}` : `Go to page ${n}`}
                aria-current={n === current ? 'page' : undefined}
              >
                {n}
              </Link>
            )}
          </li>
        ))}
        <li>{step(current + 1, 'Go to the next page', NEXT)}</li>
      </ul>
    </nav>
  );
}

function Chevron({ path }: { path: string }) {
  return (
    <svg viewBox="0 0 24 24" width={20} height={20} aria-hidden="true" focusable="false">
      <path d={path} fill="currentColor" />
    </svg>
  );
}
