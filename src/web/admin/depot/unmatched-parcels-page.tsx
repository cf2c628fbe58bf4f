import { useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Paper,
  Radio,
  RadioGroup,
  Skeleton,
  Stack,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import type { DepotParcel, ParcelSort, ReceiveResult } from '../../../shared/api/depot';
import { useBookingsOf, useMatch } from './api/depot';
import {
  BookingText,
  PageHeading,
  ReceiveOutcome,
  measuredText,
  parcelName,
  receivedText,
  usePagedParcels,
} from './depot-parts';
import { problem } from '../kit/problem';
import {
  AbandonButton,
  AbandonDialog,
  StorageClockCell,
  abandonedText,
  ReceivedSortCell,
} from './storage-parts';

const LISTS = [
  { state: 'unbooked', label: 'Unbooked', empty: 'No unbooked parcels.' },
  { state: 'unknown', label: 'Unknown', empty: 'No unknown parcels.' },
] as const;
type UnmatchedState = (typeof LISTS)[number]['state'];

/**
 * /admin/parcels/: parcels received without a booking, a page at a time: unbooked (a known
 * customer, who was asked to book) and unknown (nobody matched). Each is matched to its booking
 * in one step once there is one; the answer is a receive's (received, or held for more).
 */
export function UnmatchedParcelsPage() {
  const [state, setState] = useState<UnmatchedState>('unbooked');
  const [sort, setSort] = useState<ParcelSort>('oldest');
  const { list, pager } = usePagedParcels(state, sort);
  const [matching, setMatching] = useState<DepotParcel | null>(null);
  const [abandoning, setAbandoning] = useState<DepotParcel | null>(null);
  const [abandoned, setAbandoned] = useState<string | null>(null);
  const [matched, setMatched] = useState<ReceiveResult | null>(null);
  const shown = LISTS.find((l) => l.state === state)!;

  return (
    <Stack spacing={2}>
      <PageHeading
        title="Unmatched parcels"
        link={{ to: '/admin/receive/', label: 'Receive a parcel' }}
      />
      {matched && <ReceiveOutcome result={matched} />}
      {abandoned && (
        <Alert severity="info" role="status" onClose={() => setAbandoned(null)}>
          {abandoned}
        </Alert>
      )}
      <Tabs
        value={state}
        onChange={(_, value: UnmatchedState) => setState(value)}
        aria-label="Unmatched parcels"
      >
        {LISTS.map((l) => (
          <Tab
            key={l.state}
            value={l.state}
            label={l.label}
            id={`tab-${l.state}`}
            aria-controls="unmatched-panel"
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id="unmatched-panel" aria-labelledby={`tab-${state}`}>
        {list.isError && <Alert severity="error">{problem(list.error)}</Alert>}
        {list.isPending && <Skeleton variant="rounded" height={160} />}
        {list.data && (
          <TableContainer component={Paper} variant="outlined">
            <Table aria-label={`${shown.label} parcels`}>
              <TableHead>
                <TableRow>
                  <TableCell>Parcel</TableCell>
                  <ReceivedSortCell sort={sort} onSort={setSort} />
                  <TableCell>Storage</TableCell>
                  {state === 'unbooked' && <TableCell>Customer</TableCell>}
                  <TableCell>Label read</TableCell>
                  <TableCell>Measured</TableCell>
                  <TableCell>Shelf</TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>Note</TableCell>
                  <TableCell align="right">Booking</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {list.data.items.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={9}>{shown.empty}</TableCell>
                  </TableRow>
                )}
                {list.data.items.map((parcel) => (
                  <TableRow key={parcel.Id}>
                    <TableCell>{parcelName(parcel)}</TableCell>
                    <TableCell>{receivedText(parcel)}</TableCell>
                    <StorageClockCell parcel={parcel} />
                    {state === 'unbooked' && (
                      <TableCell>
                        {parcel.Customer?.Name}
                        <Typography variant="body2" color="text.secondary">
                          {parcel.Customer?.Reference}
                        </Typography>
                        {parcel.AddressedTo && (
                          <Typography variant="body2" color="text.secondary">
                            for {parcel.AddressedTo} (household)
                          </Typography>
                        )}
                      </TableCell>
                    )}
                    <TableCell sx={{ wordBreak: 'break-all' }}>
                      {parcel.InboundTrackingNumber || '–'}
                    </TableCell>
                    <TableCell>
                      {measuredText(parcel)}
                      {parcel.Photos.length > 0 && (
                        <Typography variant="body2" color="text.secondary">
                          {parcel.Photos.length} photo{parcel.Photos.length > 1 ? 's' : ''}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell>{parcel.Shelf}</TableCell>
                    <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                      {parcel.Note}
                    </TableCell>
                    <TableCell align="right">
                      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                        <Button
                          variant="outlined"
                          size="small"
                          onClick={() => setMatching(parcel)}
                          aria-label={`Match ${parcelName(parcel)} to a booking`}
                        >
                          Match
                        </Button>
                        <AbandonButton parcel={parcel} onClick={setAbandoning} />
                      </Stack>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            {pager}
          </TableContainer>
        )}
      </Box>
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
      {matching && (
        <MatchDialog
          parcel={matching}
          onClose={() => setMatching(null)}
          onMatched={(result) => {
            setMatching(null);
            setMatched(result);
          }}
        />
      )}
    </Stack>
  );
}

/**
 * Matching a parcel: the customer's open bookings (an unbooked parcel's customer, or what the
 * clerk finds for an unknown one, starting with the label it came with), one chosen, Match.
 */
function MatchDialog({
  parcel,
  onClose,
  onMatched,
}: {
  parcel: DepotParcel;
  onClose: () => void;
  onMatched: (result: ReceiveResult) => void;
}) {
  const start = parcel.Customer?.Reference ?? (parcel.InboundTrackingNumber || null);
  const [query, setQuery] = useState(start ?? '');
  const [search, setSearch] = useState(start);
  const found = useBookingsOf(search);
  const match = useMatch();
  const [orderId, setOrderId] = useState<number | null>(null);
  const bookings = found.data?.Bookings ?? [];
  const chosen = bookings.find((b) => b.OrderId === orderId)?.OrderId ?? bookings[0]?.OrderId;
  const name = parcelName(parcel);

  const find = (event: FormEvent) => {
    event.preventDefault();
    setOrderId(null);
    setSearch(query.trim() || null);
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="match-title">
      <DialogTitle id="match-title">Match {name} to a booking</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            {[
              parcel.Customer && `${parcel.Customer.Name} (${parcel.Customer.Reference})`,
              `received ${receivedText(parcel)}`,
              measuredText(parcel),
              parcel.Shelf && `shelf ${parcel.Shelf}`,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Typography>
          {!parcel.Customer && (
            <Box component="form" role="search" aria-label="Find the booking" onSubmit={find}>
              <TextField
                label="Customer reference, tracking number or order reference"
                value={query}
                onChange={(e) => setQuery(e.target.value)}
                fullWidth
                autoFocus
                autoComplete="off"
                helperText="Press Enter to find the bookings."
              />
            </Box>
          )}
          {found.isError && <Alert severity="error">{problem(found.error)}</Alert>}
          {found.isFetching && <Skeleton variant="rounded" height={72} />}
          {found.data && !found.isFetching && bookings.length === 0 && (
            <Alert severity="info">
              {found.data.Customer
                ? `${found.data.Customer.Name} has no booking waiting for a parcel yet. Once they book it, match it here.`
                : 'Nobody matches this. Try the customer reference or an order reference.'}
            </Alert>
          )}
          {bookings.length > 0 && !found.isFetching && (
            <RadioGroup
              aria-label="Bookings"
              value={String(chosen)}
              onChange={(e) => setOrderId(Number(e.target.value))}
            >
              {bookings.map((b) => (
                <FormControlLabel
                  key={b.OrderId}
                  value={String(b.OrderId)}
                  control={<Radio />}
                  label={<BookingText booking={b} />}
                  sx={{ alignItems: 'flex-start', py: 0.5, '& .MuiRadio-root': { pt: 0.5 } }}
                />
              ))}
            </RadioGroup>
          )}
          {match.isError && <Alert severity="error">{problem(match.error)}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          disabled={chosen === undefined}
          loading={match.isPending}
          onClick={() =>
            chosen !== undefined &&
            match.mutate({ parcelId: parcel.Id, orderId: chosen }, { onSuccess: onMatched })
          }
        >
          Match
        </Button>
      </DialogActions>
    </Dialog>
  );
}
