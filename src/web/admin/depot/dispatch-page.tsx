import { useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Link,
  MenuItem,
  Paper,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TableSortLabel,
  TextField,
  Typography,
} from '@mui/material';
import { dispatchSchema, type DepotParcel, type DispatchRequest } from '../../../shared/api/depot';
import { toFieldErrors, type FieldError } from '../../../shared/api/errors';
import { CARRIERS, carrierOf } from '../../../shared/carriers';
import { formatStoredDate } from '../../../shared/dates';
import { ApiError } from '../../lib/api-client';
import { useDeliver, useDispatch, useDispatchList } from './api/depot';
import {
  byLeaveBy,
  CustomsCell,
  LeaveBy,
  SailingGstPanel,
  SailingPaperwork,
  Sailings,
  shownDate,
} from './dispatch-customs';
import { measuredText, parcelName, receivedText, usePagedParcels } from './depot-parts';
import { problem } from '../kit/problem';

/** Only on wide screens: the table keeps to what dispatching needs on a tablet. */
const WIDE = { display: { xs: 'none', lg: 'table-cell' } } as const;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
/** A button's words for the chosen rows: `Dispatch 2 parcels`, or just `Dispatch` for none. */
const forChosen = (n: number, before: string, after = '') =>
  [before, n > 0 ? plural(n, 'parcel') : '', after].filter(Boolean).join(' ');

/** Which order ids are chosen; toggling some adds them all, or takes them all away when all were. */
function useSelection() {
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const toggle = (ids: number[]) =>
    setSelected((current) => {
      const next = new Set(current);
      const all = ids.every((id) => current.has(id));
      ids.forEach((id) => (all ? next.delete(id) : next.add(id)));
      return next;
    });
  return { selected, toggle, clear: () => setSelected(new Set()) };
}

/** A checkbox for a group of rows: ticked when all are, a dash when some are. */
function GroupCheckbox({
  ids,
  selected,
  onToggle,
  label,
}: {
  ids: number[];
  selected: ReadonlySet<number>;
  onToggle: (ids: number[]) => void;
  label: string;
}) {
  const count = ids.filter((id) => selected.has(id)).length;
  return (
    <Checkbox
      checked={ids.length > 0 && count === ids.length}
      indeterminate={count > 0 && count < ids.length}
      disabled={ids.length === 0}
      onChange={() => onToggle(ids)}
      slotProps={{ input: { 'aria-label': label } }}
    />
  );
}

/**
 * /admin/dispatch/: the parcels ready to leave (received, nothing owed), by island; some are
 * chosen, each given its tracking number, and they leave on a sailing with a carrier. Below,
 * the parcels shipped and not yet delivered, marked delivered one by one or together.
 */
export function DispatchPage() {
  return (
    <Stack spacing={4}>
      <Typography variant="h4" component="h1">
        Dispatch
      </Typography>
      <ReadyToLeave />
      <Shipped />
      <Sailings />
    </Stack>
  );
}

function ReadyToLeave() {
  const list = useDispatchList();
  const send = useDispatch();
  const { selected, toggle, clear } = useSelection();
  const [tracking, setTracking] = useState<Record<number, string>>({});
  const [sailing, setSailing] = useState(() => formatStoredDate(new Date()));
  const [carrier, setCarrier] = useState('');
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [sent, setSent] = useState<string | null>(null);
  const [sailed, setSailed] = useState<{
    SailingDate: string;
    Carrier: DispatchRequest['Carrier'];
    Parcels: DepotParcel[];
  } | null>(null);
  /** The received order (oldest first), or the date by which each must leave (soonest first). */
  const [sortBy, setSortBy] = useState<'received' | 'leave-by'>('received');

  const islands = (list.data?.Islands ?? []).map((group) => ({
    ...group,
    Parcels: sortBy === 'leave-by' ? [...group.Parcels].sort(byLeaveBy) : group.Parcels,
  }));
  const chosen = islands.flatMap((g) => g.Parcels).filter((p) => selected.has(p.OrderId!));
  const errorOf = (field: string) => errors.find((e) => e.field === field)?.error;
  /** A field's message goes once it is changed. */
  const changed = (field: string) => setErrors((all) => all.filter((e) => e.field !== field));
  const trackingError = (orderId: number) =>
    errorOf(`Parcels.${chosen.findIndex((p) => p.OrderId === orderId)}.TrackingNumber`);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSent(null);
    setSailed(null);
    const body: DispatchRequest = {
      SailingDate: sailing,
      Carrier: carrier as DispatchRequest['Carrier'],
      Parcels: chosen.map((p) => ({
        OrderId: p.OrderId!,
        TrackingNumber: tracking[p.OrderId!] ?? '',
      })),
    };
    const checked = dispatchSchema.safeParse(body);
    if (!checked.success) {
      setErrors(toFieldErrors(checked.error.issues));
      return;
    }
    setErrors([]);
    send.mutate(body, {
      onSuccess: ({ Parcels }) => {
        clear();
        setTracking({});
        setSent(
          `${plural(Parcels.length, 'parcel')} dispatched for the sailing of ${shownDate(sailing)} with ${carrierOf(carrier)?.name}: each customer was e-mailed the tracking link.`,
        );
        setSailed({ SailingDate: body.SailingDate, Carrier: body.Carrier, Parcels });
      },
      onError: (error) => setErrors(error instanceof ApiError ? (error.body?.errors ?? []) : []),
    });
  };

  return (
    <Stack component="section" aria-labelledby="ready-title" spacing={2}>
      <Typography variant="h5" component="h2" id="ready-title">
        Ready to leave
      </Typography>
      {sent && (
        <Alert severity="success" role="status">
          {sent}
        </Alert>
      )}
      {sailed && <SailingPaperwork {...sailed} />}
      {list.isError && <Alert severity="error">{problem(list.error)}</Alert>}
      {list.isPending && <Skeleton variant="rounded" height={160} />}
      {list.data && islands.length === 0 && (
        <Typography color="text.secondary">Nothing is waiting to leave.</Typography>
      )}
      {islands.length > 0 && (
        <Box component="form" aria-label="Dispatch parcels" noValidate onSubmit={submit}>
          <Stack spacing={2}>
            {islands.map(({ Island, Parcels }) => (
              <TableContainer key={Island} component={Paper} variant="outlined">
                <Table aria-label={`Ready for ${Island}`} size="small">
                  <TableHead>
                    <TableRow>
                      <TableCell padding="checkbox">
                        <GroupCheckbox
                          ids={Parcels.map((p) => p.OrderId!)}
                          selected={selected}
                          onToggle={toggle}
                          label={`Select all ${Island} parcels`}
                        />
                      </TableCell>
                      <TableCell colSpan={2}>
                        <Typography component="span" sx={{ fontWeight: 700 }}>
                          {Island}
                        </Typography>{' '}
                        · {plural(Parcels.length, 'parcel')}
                      </TableCell>
                      <TableCell>Shelf</TableCell>
                      <TableCell sx={WIDE}>Measured</TableCell>
                      <TableCell sx={WIDE}>
                        <TableSortLabel
                          active={sortBy === 'received'}
                          direction="asc"
                          onClick={() => setSortBy('received')}
                        >
                          Received
                        </TableSortLabel>
                      </TableCell>
                      <TableCell>
                        <TableSortLabel
                          active={sortBy === 'leave-by'}
                          direction="asc"
                          onClick={() => setSortBy('leave-by')}
                        >
                          Leave by
                        </TableSortLabel>
                      </TableCell>
                      <TableCell>Customs</TableCell>
                      <TableCell sx={{ width: { sm: 240 } }}>Tracking number</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {Parcels.map((parcel) => (
                      <ReadyRow
                        key={parcel.Id}
                        parcel={parcel}
                        selected={selected.has(parcel.OrderId!)}
                        onToggle={() => toggle([parcel.OrderId!])}
                        tracking={tracking[parcel.OrderId!] ?? ''}
                        onTracking={(value) => {
                          setTracking((t) => ({ ...t, [parcel.OrderId!]: value }));
                          changed(
                            `Parcels.${chosen.findIndex((p) => p.Id === parcel.Id)}.TrackingNumber`,
                          );
                        }}
                        error={trackingError(parcel.OrderId!)}
                      />
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            ))}
            <Paper variant="outlined" sx={{ p: 2 }}>
              <SailingGstPanel
                sailingDate={sailing}
                carrier={carrier}
                orderIds={chosen.map((p) => p.OrderId!)}
              />
              <Stack
                direction={{ xs: 'column', sm: 'row' }}
                spacing={2}
                sx={{ alignItems: { sm: 'flex-start' } }}
              >
                <TextField
                  type="date"
                  label="Sailing date"
                  value={sailing}
                  onChange={(e) => {
                    setSailing(e.target.value);
                    changed('SailingDate');
                  }}
                  required
                  error={errorOf('SailingDate') !== undefined}
                  helperText={errorOf('SailingDate')}
                  slotProps={{ inputLabel: { shrink: true } }}
                />
                <TextField
                  select
                  label="Carrier"
                  value={carrier}
                  onChange={(e) => {
                    setCarrier(e.target.value);
                    changed('Carrier');
                  }}
                  required
                  error={errorOf('Carrier') !== undefined}
                  helperText={errorOf('Carrier') && 'Choose the carrier'}
                  sx={{ minWidth: 240 }}
                >
                  {CARRIERS.map((c) => (
                    <MenuItem key={c.id} value={c.id}>
                      {c.name}
                    </MenuItem>
                  ))}
                </TextField>
                <Button
                  type="submit"
                  variant="contained"
                  size="large"
                  disabled={chosen.length === 0}
                  loading={send.isPending}
                  sx={{ alignSelf: { sm: 'center' } }}
                >
                  {forChosen(chosen.length, 'Dispatch')}
                </Button>
              </Stack>
              {send.isError && errors.length === 0 && (
                <Alert severity="error" sx={{ mt: 2 }}>
                  {problem(send.error)}
                </Alert>
              )}
            </Paper>
          </Stack>
        </Box>
      )}
    </Stack>
  );
}

function ReadyRow({
  parcel,
  selected,
  onToggle,
  tracking,
  onTracking,
  error,
}: {
  parcel: DepotParcel;
  selected: boolean;
  onToggle: () => void;
  tracking: string;
  onTracking: (value: string) => void;
  error: string | undefined;
}) {
  const name = parcelName(parcel);
  return (
    <TableRow selected={selected}>
      <TableCell padding="checkbox">
        <Checkbox
          checked={selected}
          onChange={onToggle}
          slotProps={{ input: { 'aria-label': `Select ${name}` } }}
        />
      </TableCell>
      <TableCell>{name}</TableCell>
      <TableCell>{parcel.Customer?.Name}</TableCell>
      <TableCell>{parcel.Shelf}</TableCell>
      <TableCell sx={WIDE}>{measuredText(parcel)}</TableCell>
      <TableCell sx={WIDE}>{receivedText(parcel)}</TableCell>
      <TableCell>
        <LeaveBy parcel={parcel} />
      </TableCell>
      <TableCell>
        <CustomsCell parcel={parcel} />
      </TableCell>
      <TableCell>
        <TextField
          size="small"
          fullWidth
          value={tracking}
          onChange={(e) => onTracking(e.target.value)}
          disabled={!selected}
          placeholder={selected ? 'Tracking number' : 'Select to dispatch'}
          autoComplete="off"
          error={error !== undefined}
          helperText={error}
          slotProps={{ htmlInput: { 'aria-label': `Tracking number for ${name}` } }}
        />
      </TableCell>
    </TableRow>
  );
}

function Shipped() {
  const { list, pager } = usePagedParcels('dispatched');
  const deliver = useDeliver();
  const { selected, toggle, clear } = useSelection();
  const [done, setDone] = useState<string | null>(null);
  const items = list.data?.items ?? [];
  const ids = items.map((p) => p.OrderId!);
  const chosen = ids.filter((id) => selected.has(id));

  const markDelivered = (orderIds: number[]) => {
    setDone(null);
    deliver.mutate(orderIds, {
      onSuccess: ({ Delivered }) => {
        clear();
        setDone(`${plural(Delivered.length, 'parcel')} marked delivered.`);
      },
    });
  };

  return (
    <Stack component="section" aria-labelledby="shipped-title" spacing={2}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Typography variant="h5" component="h2" id="shipped-title">
          Shipped
        </Typography>
        <Button
          variant="outlined"
          disabled={chosen.length === 0}
          loading={deliver.isPending}
          onClick={() => markDelivered(chosen)}
        >
          {forChosen(chosen.length, 'Mark', 'delivered')}
        </Button>
      </Stack>
      {done && (
        <Alert severity="success" role="status">
          {done}
        </Alert>
      )}
      {deliver.isError && <Alert severity="error">{problem(deliver.error)}</Alert>}
      {list.isError && <Alert severity="error">{problem(list.error)}</Alert>}
      {list.isPending && <Skeleton variant="rounded" height={120} />}
      {list.data && (
        <TableContainer component={Paper} variant="outlined">
          <Table aria-label="Shipped parcels" size="small">
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox">
                  <GroupCheckbox
                    ids={ids}
                    selected={selected}
                    onToggle={toggle}
                    label="Select all shipped parcels on this page"
                  />
                </TableCell>
                <TableCell>Order</TableCell>
                <TableCell>Customer</TableCell>
                <TableCell>Island</TableCell>
                <TableCell>Tracking</TableCell>
                <TableCell sx={WIDE}>Sailed</TableCell>
                <TableCell>Customs</TableCell>
                <TableCell align="right">Delivery</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {items.length === 0 && (
                <TableRow>
                  <TableCell colSpan={8}>Nothing is on its way.</TableCell>
                </TableRow>
              )}
              {items.map((parcel) => {
                const name = parcelName(parcel);
                const carrier = parcel.Carrier ? carrierOf(parcel.Carrier)?.name : null;
                return (
                  <TableRow key={parcel.Id} selected={selected.has(parcel.OrderId!)}>
                    <TableCell padding="checkbox">
                      <Checkbox
                        checked={selected.has(parcel.OrderId!)}
                        onChange={() => toggle([parcel.OrderId!])}
                        slotProps={{ input: { 'aria-label': `Select ${name}` } }}
                      />
                    </TableCell>
                    <TableCell>{name}</TableCell>
                    <TableCell>{parcel.Customer?.Name}</TableCell>
                    <TableCell>{parcel.Island}</TableCell>
                    <TableCell sx={{ wordBreak: 'break-all' }}>
                      {carrier}
                      <br />
                      {parcel.TrackingUrl ? (
                        <Link href={parcel.TrackingUrl} target="_blank" rel="noreferrer">
                          {parcel.TrackingNumber}
                        </Link>
                      ) : (
                        parcel.TrackingNumber
                      )}
                    </TableCell>
                    <TableCell sx={WIDE}>
                      {parcel.SailingDate && shownDate(parcel.SailingDate)}
                    </TableCell>
                    <TableCell>
                      <CustomsCell parcel={parcel} />
                    </TableCell>
                    <TableCell align="right">
                      <Button
                        size="small"
                        onClick={() => markDelivered([parcel.OrderId!])}
                        aria-label={`Mark ${name} delivered`}
                        disabled={deliver.isPending}
                      >
                        Mark delivered
                      </Button>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
          {pager}
        </TableContainer>
      )}
    </Stack>
  );
}
