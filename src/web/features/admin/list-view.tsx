import { useSearchParams } from 'react-router';
import { TablePagination } from '@mui/material';

/**
 * A back-office list's view kept in the address (`?status=paid&page=2&perPage=50`), so reload
 * and back show the same page. Values the list does not know fall back to its defaults.
 */
export function useListView<S extends string>(statuses: readonly S[], fallback: S | undefined) {
  const [params, setParams] = useSearchParams();
  const asked = params.get('status');
  const status = statuses.find((s) => s === asked) ?? fallback;
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const perPage = PER_PAGE.find((n) => n === Number(params.get('perPage'))) ?? 25;
  const change = (next: { status?: S | undefined; page?: number; perPage?: number }) =>
    setParams((current) => {
      const out = new URLSearchParams(current);
      const put = (key: string, value: string | number | undefined, omit: string | number) => {
        if (value === undefined || value === omit) out.delete(key);
        else out.set(key, String(value));
      };
      if ('status' in next) put('status', next.status ?? '', fallback ?? '');
      if ('page' in next || 'status' in next || 'perPage' in next) put('page', next.page ?? 1, 1);
      if ('perPage' in next) put('perPage', next.perPage, 25);
      return out;
    });
  return { status, page, perPage, change };
}

const PER_PAGE = [10, 25, 50, 100];

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
