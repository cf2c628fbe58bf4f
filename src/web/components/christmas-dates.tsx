import { bookByItems, christmasEve, type BookByLine } from '../../shared/book-by-dates';
import { ISLANDS } from '../../shared/islands';
import { apiRequest } from '../lib/api-client';
import { createResource, useResource } from '../lib/remote-resource';

/** GET /public/sailings/book-by for Christmas Eve, for every island. */
const christmasResource = createResource(() => {
  const target = christmasEve(new Date().toISOString().slice(0, 10));
  return Promise.all(
    ISLANDS.map((island) =>
      apiRequest<BookByLine>('GET', `/public/sailings/book-by?Island=${island}&Target=${target}`),
    ),
  );
});

/**
 * The last day for Christmas on each island, from the timetable (a content page's
 * `christmas-dates` block, docs/decisions/0050). The server writes them into the page it sends
 * (shared/book-by-dates.ts); hydrating keeps that, and the browser writes the same markup once it
 * has asked itself.
 */
export function ChristmasDates() {
  const { data } = useResource(christmasResource);
  return (
    <dl
      key={data ? 'current' : 'served'}
      className="book-by-dates"
      aria-label="Last days for Christmas"
      aria-busy={!data}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: bookByItems(data ?? null) }}
    />
  );
}
