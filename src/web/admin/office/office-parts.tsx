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
