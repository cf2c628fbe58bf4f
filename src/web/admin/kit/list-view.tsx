import { useSearchParams } from 'react-router';
import { TablePagination } from '@mui/material';

/**
 * The one way a back-office list keeps its view in the address
 * (`?status=paid&search=bob&page=2&itemsPerPage=50`), so reload and back show the same view.
 * Each filter is free text (`''`) or one of some known values (`oneOf`): a value the list does
 * not know falls back to the filter's default, and a default is left out of the address.
 */

/** The page sizes every list offers, and the one it starts with. */
const PER_PAGE = [10, 25, 50, 100];
const DEFAULT_PER_PAGE = 25;

interface OneOf<V extends string, D extends string> {
  oneOf: readonly V[];
  fallback: D;
}
type FilterSpec = '' | OneOf<string, string>;
type Values<S> = { [K in keyof S]: S[K] extends OneOf<infer V, infer D> ? V | D : string };

/** A filter that takes one of `values`, else `fallback` ('' for none). */
export const oneOf = <const V extends string, const D extends V | '' = ''>(
  values: readonly V[],
  fallback: D = '' as D,
): OneOf<V, D> => ({ oneOf: values, fallback });

/** Free-text filters named `keys`. */
export const textFilters = <const K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, ''])) as Record<K, ''>;

/**
 * A list's filters (as `spec` says), page (from 1) and page size, read from the address, and
 * `set` to change some: an empty or default value is removed, and any change but the page's
 * starts again on the first page. `key` changes whenever the view does (to reset a form).
 */
export function useListView<const S extends Record<string, FilterSpec>>(spec: S) {
  const [params, setParams] = useSearchParams();
  const values: Record<string, string> = {};
  for (const [key, filter] of Object.entries(spec)) {
    const asked = params.get(key) ?? '';
    values[key] = filter === '' || filter.oneOf.includes(asked) ? asked : filter.fallback;
  }
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const perPage =
    PER_PAGE.find((n) => n === Number(params.get('itemsPerPage'))) ?? DEFAULT_PER_PAGE;
  const set = (
    changes: Partial<Record<keyof S & string, string>> & { page?: number; perPage?: number },
  ) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      const put = (key: string, value: string | number | undefined, omit: string | number) => {
        if (value === undefined || value === '' || value === omit) next.delete(key);
        else next.set(key, String(value));
      };
      for (const [key, value] of Object.entries(changes)) {
        const filter = spec[key] as FilterSpec | undefined;
        if (filter !== undefined) put(key, value, filter === '' ? '' : filter.fallback);
      }
      put('page', changes.page ?? 1, 1);
      if ('perPage' in changes) put('itemsPerPage', changes.perPage, DEFAULT_PER_PAGE);
      return next;
    });
  return { values: values as Values<S>, page, perPage, set, key: params.toString() };
}

/** The query string of a list call: its filters, page and page size, the empty ones left out. */
export function listQuery(values: Record<string, string>, page: number, perPage: number) {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value) query.set(key, value);
  query.set('page', String(page));
  query.set('itemsPerPage', String(perPage));
  return query.toString();
}

/** The pager under a list's table: pages count from 1 in the address, from 0 in MUI's. */
export function ListPager({
  total,
  page,
  perPage,
  onChange,
}: {
  total: number;
  page: number;
  perPage: number;
  onChange: (next: { page?: number; perPage?: number }) => void;
}) {
  return (
    <TablePagination
      component="div"
      count={total}
      page={Math.min(page - 1, Math.max(0, Math.ceil(total / perPage) - 1))}
      rowsPerPage={perPage}
      rowsPerPageOptions={PER_PAGE}
      onPageChange={(_, next) => onChange({ page: next + 1 })}
      onRowsPerPageChange={(e) => onChange({ perPage: Number(e.target.value) })}
    />
  );
}
