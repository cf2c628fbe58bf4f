import { useState } from 'react';
import {
  Alert,
  Paper,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { DepotParcel, ParcelSort } from '../../../shared/api/depot';
import { formatPounds } from '../../../shared/money';
import { problem } from '../kit/problem';
import {
  PageHeading,
  measuredText,
  parcelName,
  receivedText,
  usePagedParcels,
} from './depot-parts';
import {
  AbandonButton,
  AbandonDialog,
  StorageClockCell,
  abandonedText,
  ReceivedSortCell,
} from './storage-parts';

/** Why a booked parcel waits for its customer, in the words of the list. */
function waitingFor(parcel: DepotParcel): string {
  if (parcel.State === 'held' && parcel.Hold === 'quote') return 'A quote to be accepted and paid';
  if (parcel.State === 'held') {
    return parcel.Invoice?.Status === 'unpaid'
      ? `Invoice ${parcel.Invoice.Reference} (${formatPounds(parcel.Invoice.Amount)}) to be paid`
      : 'A payment';
  }
  return 'The customer’s other parcels (consolidation request)';
}

/**
 * /admin/waiting/: the booked parcels waiting for their customer (decision 0037): held for an
 * unpaid invoice or a quote, or in a consolidation request for the customer's other parcels, a
 * page at a time, the longest waiting first (or the newest first), with their storage clock.
 * One past its abandonment day may be treated as abandoned, once confirmed: its booking is
 * cancelled with it.
 */
export function WaitingParcelsPage() {
  const [sort, setSort] = useState<ParcelSort>('oldest');
  const { list, pager } = usePagedParcels('waiting', sort);
  const [abandoning, setAbandoning] = useState<DepotParcel | null>(null);
  const [abandoned, setAbandoned] = useState<string | null>(null);

  return (
    <Stack spacing={2}>
      <PageHeading
        title="Parcels waiting for their customer"
        link={{ to: '/admin/parcels/', label: 'Unmatched parcels' }}
      />
      <Typography color="text.secondary">
        Booked parcels held for an unpaid invoice or a quote, or waiting in a consolidation request
        for the customer’s other parcels. Their storage clock runs from their arrival (terms 10.2
        and 10.3).
      </Typography>
      {abandoned && (
        <Alert severity="info" role="status" onClose={() => setAbandoned(null)}>
          {abandoned}
        </Alert>
      )}
      {list.isError && <Alert severity="error">{problem(list.error)}</Alert>}
      {list.isPending && <Skeleton variant="rounded" height={160} />}
      {list.data && (
        <TableContainer component={Paper} variant="outlined">
          <Table aria-label="Parcels waiting for their customer">
            <TableHead>
              <TableRow>
                <TableCell>Parcel</TableCell>
                <ReceivedSortCell sort={sort} onSort={setSort} />
                <TableCell>Storage</TableCell>
                <TableCell>Customer</TableCell>
                <TableCell>Waiting for</TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>Measured</TableCell>
                <TableCell>Shelf</TableCell>
                <TableCell align="right">Action</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.data.items.length === 0 && (
                <TableRow>
                  <TableCell colSpan={8}>
                    No booked parcels are waiting for their customer.
                  </TableCell>
                </TableRow>
              )}
              {list.data.items.map((parcel) => (
                <TableRow key={parcel.Id}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {parcelName(parcel)}
                    <Typography variant="body2" color="text.secondary">
                      Parcel {parcel.Id}
                    </Typography>
                  </TableCell>
                  <TableCell>{receivedText(parcel)}</TableCell>
                  <StorageClockCell parcel={parcel} />
                  <TableCell>
                    {parcel.Customer?.Name}
                    <Typography variant="body2" color="text.secondary">
                      {parcel.Customer?.Reference}
                    </Typography>
                  </TableCell>
                  <TableCell>{waitingFor(parcel)}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                    {measuredText(parcel)}
                  </TableCell>
                  <TableCell>{parcel.Shelf}</TableCell>
                  <TableCell align="right">
                    <AbandonButton parcel={parcel} onClick={setAbandoning} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {pager}
        </TableContainer>
      )}
      {abandoning && (
        <AbandonDialog
          parcel={abandoning}
          onClose={() => setAbandoning(null)}
          onAbandoned={(parcel) => {
            setAbandoning(null);
            setAbandoned(abandonedText(parcel));
          }}
        />
      )}
    </Stack>
  );
}
