import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A list's view kept in the address's query (filters, search, page), so that reloading the page
 * or going back shows the same view. `set` changes some values (an empty one is removed); any
 * change but the page's starts again on the first page.
 */
export function useUrlQuery<const K extends string>(keys: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const values = Object.fromEntries(keys.map((k) => [k, params.get(k) ?? ''])) as Record<K, string>;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const perPage = Number(params.get('itemsPerPage')) || 25;
  const set = useCallback(
    (changes: Partial<Record<K | 'page' | 'itemsPerPage', string | number>>) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === '' || value === undefined || value === null) next.delete(key);
          else next.set(key, String(value));
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      }),
    [setParams],
  );
  return { values, page, perPage, set };
}

/** The query string of a list call: its filters, page and page size, the empty ones left out. */
export function listQuery(values: Record<string, string>, page: number, perPage: number) {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value) query.set(key, value);
  query.set('page', String(page));
  query.set('itemsPerPage', String(perPage));
  return query.toString();
}
