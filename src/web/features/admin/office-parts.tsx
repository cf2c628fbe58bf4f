import { useSearchParams } from 'react-router';
import { TableCell, Typography } from '@mui/material';
import type { OfficeOrderSummary } from '../../../shared/api/office';

/** The parts the office's screens share (Quotes, Orders). */

/** A list's customer: their name (or e-mail), and their reference below. */
export function CustomerCell({ customer }: { customer: OfficeOrderSummary['Customer'] }) {
  return (
    <TableCell>
      {customer.Name || customer.Email}
      <Typography variant="body2" color="text.secondary">
        {customer.Reference}
      </Typography>
    </TableCell>
  );
}

/** Page sizes of the office's lists. */
export const PER_PAGE = [20, 50, 100];

/**
 * A list's view kept in the URL's query (so reload and back keep it): the params, and a setter
 * that changes some and removes those set to ''.
 */
export function useViewParams() {
  const [params, setParams] = useSearchParams();
  const set = (next: Record<string, string | number | boolean>) =>
    setParams((current) => {
      const p = new URLSearchParams(current);
      for (const [k, v] of Object.entries(next)) {
        if (v === '') p.delete(k);
        else p.set(k, String(v));
      }
      return p;
    });
  /** A page number (1 or more) and a page size among PER_PAGE. */
  const paging = (pageKey: string, sizeKey: string) => ({
    page: Math.max(1, Math.floor(Number(params.get(pageKey))) || 1),
    perPage: PER_PAGE.includes(Number(params.get(sizeKey))) ? Number(params.get(sizeKey)) : 20,
  });
  return { params, set, paging };
}
