import { Link } from 'react-router';
import { Icon, icons } from './icons';
import './pager.css';

export type PageItem = number | 'start-ellipsis' | 'end-ellipsis';

/**
 * The pages a pager shows, as MUI's Pagination does with one page at each end and one either side
 * of the current one: `1 … 4 5 6 … 10`, and every page while there are at most seven.
 */
export function pageItems(page: number, count: number): PageItem[] {
  const range = (from: number, to: number) =>
    Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
  if (count <= 7) return range(1, count);
  const start = Math.max(Math.min(page - 1, count - 4), 3);
  const end = Math.min(Math.max(page + 1, 5), count - 2);
  return [
    1,
    start > 3 ? 'start-ellipsis' : 2,
    ...range(start, end),
    end < count - 2 ? 'end-ellipsis' : count - 1,
    count,
  ];
}

/**
 * A list's pages as links (the page lives in the address, so back, forward and a reload keep it):
 * previous, the pages, next; the current page is marked for screen readers. Drawn like MUI's
 * Pagination from the design tokens. Nothing when there is one page.
 */
export function Pager({
  page,
  count,
  to,
  label = 'Pages',
}: {
  page: number;
  count: number;
  /** The address of a page. */
  to: (page: number) => string;
  label?: string;
}) {
  if (count <= 1) return null;
  const step = (target: number, name: string, icon: string) =>
    target < 1 || target > count ? (
      <span className="pager__item pager__item--disabled" aria-hidden="true">
        <Icon path={icon} size={20} />
      </span>
    ) : (
      <Link to={to(target)} className="pager__item" aria-label={`Go to the ${name} page`}>
        <Icon path={icon} size={20} />
      </Link>
    );
  return (
    <nav aria-label={label} className="pager">
      <ul>
        <li>{step(page - 1, 'previous', icons.before)}</li>
        {pageItems(page, count).map((item) => (
          <li key={item}>
            {typeof item !== 'number' ? (
              <span className="pager__ellipsis">…</span>
            ) : item === page ? (
              <Link
                to={to(item)}
                className="pager__item pager__item--current"
                aria-current="page"
                aria-label={`Page ${item}`}
              >
                {item}
              </Link>
            ) : (
              <Link to={to(item)} className="pager__item" aria-label={`Go to page ${item}`}>
                {item}
              </Link>
            )}
          </li>
        ))}
        <li>{step(page + 1, 'next', icons.next)}</li>
      </ul>
    </nav>
  );
}
