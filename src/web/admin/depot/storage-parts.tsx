import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TableCell,
  TableSortLabel,
  Typography,
} from '@mui/material';
import type { DepotParcel, ParcelSort } from '../../../shared/api/depot';
import { storageClockText } from '../../../shared/storage';
import { problem } from '../kit/problem';
import { useAbandon } from './api/depot';
import { parcelName } from './depot-parts';

/**
 * The storage clock's parts the depot's lists share (decision 0037): the clock's cell, coloured
 * as it runs on, and the confirmation before a parcel is treated as abandoned. The Unmatched
 * parcels page and the Waiting parcels page use these, so both say and ask the same.
 */

/** The Received column's header: the longest waiting first, or (pressed) the newest first. */
export function ReceivedSortCell({
  sort,
  onSort,
}: {
  sort: ParcelSort;
  onSort: (sort: 'oldest' | 'newest') => void;
}) {
  const direction = sort === 'oldest' ? 'asc' : 'desc';
  return (
    <TableCell sortDirection={direction}>
      <TableSortLabel
        active
        direction={direction}
        onClick={() => onSort(sort === 'oldest' ? 'newest' : 'oldest')}
      >
        Received
      </TableSortLabel>
    </TableCell>
  );
}

/** A parcel's clock in one sentence (a dash when it is not on the clock). */
export function StorageClockCell({ parcel }: { parcel: DepotParcel }) {
  return (
    <TableCell
      data-testid="storage-clock"
      sx={{
        minWidth: 180,
        color:
          parcel.Storage?.Phase === 'abandonable'
            ? 'error.main'
            : parcel.Storage?.Phase === 'charging'
              ? 'warning.dark'
              : undefined,
      }}
    >
      {parcel.Storage ? storageClockText(parcel.Storage) : '–'}
    </TableCell>
  );
}

/** The Abandon button of a parcel's row, shown once its clock allows it. */
export function AbandonButton({
  parcel,
  onClick,
}: {
  parcel: DepotParcel;
  onClick: (parcel: DepotParcel) => void;
}) {
  if (parcel.Storage?.Phase !== 'abandonable') return null;
  return (
    <Button
      variant="outlined"
      color="error"
      size="small"
      onClick={() => onClick(parcel)}
      aria-label={`Treat ${parcelName(parcel)} as abandoned`}
    >
      Abandon
    </Button>
  );
}

/** What the page says once a parcel is treated as abandoned. */
export const abandonedText = (parcel: DepotParcel) =>
  `${parcelName(parcel)} is treated as abandoned.${parcel.OrderReference ? ` Its booking is cancelled.` : ''}${parcel.Customer ? ` ${parcel.Customer.Name} has been told by e-mail.` : ''}`;

/**
 * Staff confirm that a parcel past its abandonment day is treated as abandoned (terms 10.3); a
 * booked one's booking is cancelled with it, its unpaid invoices voided, and what was paid for
 * the crossing is kept.
 */
export function AbandonDialog({
  parcel,
  onClose,
  onAbandoned,
}: {
  parcel: DepotParcel;
  onClose: () => void;
  onAbandoned: (parcel: DepotParcel) => void;
}) {
  const abandon = useAbandon();
  const name = parcelName(parcel);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="abandon-title">
      <DialogTitle id="abandon-title">Treat {name} as abandoned?</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography>
            {parcel.Storage && storageClockText(parcel.Storage)}{' '}
            {parcel.Customer
              ? `${parcel.Customer.Name} (${parcel.Customer.Reference}) is told by e-mail.`
              : 'Nobody is known to tell.'}{' '}
            It leaves the lists; this is recorded in the audit log.
          </Typography>
          {parcel.OrderReference && (
            <Typography>
              Its booking {parcel.OrderReference} is cancelled and its unpaid invoices voided; what
              was paid for the crossing is not refunded (terms 10.3).
            </Typography>
          )}
          {abandon.isError && <Alert severity="error">{problem(abandon.error)}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          color="error"
          loading={abandon.isPending}
          onClick={() => abandon.mutate(parcel.Id, { onSuccess: onAbandoned })}
        >
          Treat as abandoned
        </Button>
      </DialogActions>
    </Dialog>
  );
}
