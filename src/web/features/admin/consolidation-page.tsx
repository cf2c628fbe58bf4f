import { useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  MenuItem,
  Paper,
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
import type { ConsolidationEstimate, StaffConsignment } from '../../../shared/api/consolidation';
import { CARRIERS } from '../../../shared/carriers';
import { differenceText } from '../../../shared/consolidation';
import { formatPounds, toPence } from '../../../shared/money';
import { ApiError } from '../../lib/api-client';
import {
  useConsignments,
  useDispatchConsignment,
  useMeasureBox,
  useRepack,
  useReverseDifference,
  type ConsignmentList,
} from './api/consolidation';
import { useConsignmentCustomsDownload } from './api/depot';
import { problem } from './problem';
import { staffCan, useStaffSession } from './staff-session';

const today = () => new Date().toISOString().slice(0, 10);
const STATUS_COLOURS = {
  requested: 'default',
  'awaiting parcels': 'warning',
  ready: 'success',
  repacking: 'info',
  dispatched: 'default',
  cancelled: 'default',
} as const;

/**
 * /admin/consolidation/ (issue 26): the customers' requests to ship bookings together, open ones
 * oldest first, with the parcels in and awaited. Keyboard first: each row's button opens it; a
 * ready one starts repacking; the repacked box is weighed and measured (the receiving screen's
 * fields, kg and cm) and priced as one crossing; then it leaves with one tracking number and the
 * difference is refunded or invoiced. The office may reverse that difference, once.
 */
export function ConsolidationPage() {
  const [list, setList] = useState<ConsignmentList>('open');
  const [openId, setOpenId] = useState<number | null>(null);
  const query = useConsignments(list);
  const open = query.data?.items.find((c) => c.Id === openId) ?? null;
  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        Consolidation
      </Typography>
      <Tabs
        value={list}
        onChange={(_, value: ConsignmentList) => {
          setList(value);
          setOpenId(null);
        }}
        aria-label="Which consolidations"
      >
        <Tab value="open" label="Open" />
        <Tab value="dispatched" label="Dispatched" />
        <Tab value="cancelled" label="Cancelled" />
      </Tabs>
      {query.isError && <Alert severity="error">{problem(query.error)}</Alert>}
      {query.isPending && <Skeleton variant="rounded" height={120} />}
      {query.data && query.data.items.length === 0 && (
        <Typography>No {list} consolidations.</Typography>
      )}
      {query.data && query.data.items.length > 0 && (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={`${list} consolidations`}>
            <TableHead>
              <TableRow>
                <TableCell>Consolidation</TableCell>
                <TableCell>Customer</TableCell>
                <TableCell>Island</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Parcels in</TableCell>
                <TableCell>Requested</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {query.data.items.map((c) => (
                <TableRow key={c.Id} selected={c.Id === openId}>
                  <TableCell>
                    <Button
                      size="small"
                      onClick={() => setOpenId(c.Id)}
                      aria-label={`Open ${c.Reference}`}
                    >
                      {c.Reference}
                    </Button>
                  </TableCell>
                  <TableCell>
                    {c.Customer.Name} ({c.Customer.Reference})
                  </TableCell>
                  <TableCell>{c.Island}</TableCell>
                  <TableCell>
                    <Chip size="small" label={c.Status} color={STATUS_COLOURS[c.Status]} />
                  </TableCell>
                  <TableCell>
                    {c.Arrived} of {c.Arrived + c.Awaited}
                  </TableCell>
                  <TableCell>{new Date(c.Requested).toLocaleDateString('en-GB')}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {open && <ConsignmentPanel key={open.Id} consignment={open} />}
    </Stack>
  );
}

function PriceTable({ price, title }: { price: ConsolidationEstimate; title: string }) {
  return (
    <Box>
      <Typography variant="subtitle2">{title}</Typography>
      <Typography>
        One crossing in band {price.Band.Code} ({price.Band.Name}) {formatPounds(price.Crossing)} +
        repacking {formatPounds(price.Repacking)} − paid {formatPounds(price.Paid)}:{' '}
        <strong>{differenceText(toPence(price.Difference))}</strong>
      </Typography>
    </Box>
  );
}

function ConsignmentPanel({ consignment: c }: { consignment: StaffConsignment }) {
  const { user } = useStaffSession();
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={c.Reference}>
      <Stack spacing={2}>
        <Typography variant="h5" component="h2">
          {c.Reference} · {c.Customer.Name} · {c.Island}
        </Typography>
        <Table size="small" aria-label={`Bookings of ${c.Reference}`}>
          <TableHead>
            <TableRow>
              <TableCell>Booking</TableCell>
              <TableCell>Goods</TableCell>
              <TableCell>Band</TableCell>
              <TableCell>Parcel</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {c.Bookings.map((b) => (
              <TableRow key={b.OrderId}>
                <TableCell>{b.Reference}</TableCell>
                <TableCell>
                  {b.RetailerName}: {b.Description}
                </TableCell>
                <TableCell>{b.Band ?? '—'}</TableCell>
                <TableCell>
                  {b.LeftOut ? (
                    <Chip size="small" label="Left out" />
                  ) : b.Arrived ? (
                    <Chip size="small" color="success" label="Arrived" />
                  ) : (
                    <Chip
                      size="small"
                      color={b.Late ? 'error' : 'warning'}
                      label={b.Late ? 'Late' : 'Awaited'}
                    />
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {c.LateAsked && (
          <Alert severity="warning">
            A parcel is late: the customer was asked on{' '}
            {new Date(c.LateAsked).toLocaleDateString('en-GB')} whether the rest should go without
            it.
          </Alert>
        )}
        {c.Estimate && <PriceTable price={c.Estimate} title="The customer's estimate" />}
        {c.Status === 'ready' && <StartRepacking id={c.Id} />}
        {c.Status === 'repacking' && <MeasureBox consignment={c} />}
        {c.Status === 'repacking' && c.Final && <BoxCustoms consignment={c} />}
        {c.Status === 'repacking' && c.Final && <DispatchBox consignment={c} />}
        {c.Status === 'dispatched' && (
          <Stack spacing={1}>
            {c.Final && <PriceTable price={c.Final} title="The repacked box" />}
            <Typography>
              Dispatched {c.Dispatched ? new Date(c.Dispatched).toLocaleDateString('en-GB') : ''}:{' '}
              {CARRIERS.find((x) => x.id === c.Carrier)?.name} {c.TrackingNumber}
            </Typography>
            <BoxCustoms consignment={c} />
            {c.Refunded > 0 && <Typography>Refunded {formatPounds(c.Refunded)}.</Typography>}
            {c.RefundPending > 0 && (
              <Typography>
                Refund pending with the provider: {formatPounds(c.RefundPending)}.
              </Typography>
            )}
            {c.Invoice && (
              <Typography>
                Invoice {c.Invoice.Reference}: {formatPounds(c.Invoice.Amount)}, {c.Invoice.Status}.
              </Typography>
            )}
            {c.Reversed && (
              <Typography>Reversed {new Date(c.Reversed).toLocaleDateString('en-GB')}.</Typography>
            )}
            {!c.Reversed && staffCan(user, 'refund', 'Order') && (c.Refunded > 0 || c.Invoice) && (
              <Reverse id={c.Id} />
            )}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

function StartRepacking({ id }: { id: number }) {
  const repack = useRepack();
  return (
    <Stack spacing={1} direction="row" sx={{ alignItems: 'center' }}>
      <Button
        variant="contained"
        autoFocus
        loading={repack.isPending}
        onClick={() => repack.mutate(id)}
      >
        Start repacking
      </Button>
      <Typography variant="body2">From now on the customer can no longer cancel.</Typography>
      {repack.isError && <Alert severity="error">{problem(repack.error)}</Alert>}
    </Stack>
  );
}

const FIELDS = [
  { field: 'WeightKg', label: 'Weight (kg)' },
  { field: 'LengthCm', label: 'Length (cm)' },
  { field: 'WidthCm', label: 'Width (cm)' },
  { field: 'HeightCm', label: 'Height (cm)' },
] as const;
type Field = (typeof FIELDS)[number]['field'];

const fieldErrors = (error: unknown) =>
  error instanceof ApiError ? (error.body?.errors ?? []) : [];

function MeasureBox({ consignment: c }: { consignment: StaffConsignment }) {
  const measure = useMeasureBox();
  const [values, setValues] = useState<Record<Field, string>>({
    WeightKg: c.Box ? String(c.Box.Weight / 1000) : '',
    LengthCm: c.Box ? String(c.Box.Length / 10) : '',
    WidthCm: c.Box ? String(c.Box.Width / 10) : '',
    HeightCm: c.Box ? String(c.Box.Height / 10) : '',
  });
  const errors = fieldErrors(measure.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    measure.mutate({
      id: c.Id,
      box: {
        WeightKg: Number(values.WeightKg),
        LengthCm: Number(values.LengthCm),
        WidthCm: Number(values.WidthCm),
        HeightCm: Number(values.HeightCm),
      },
    });
  };
  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="The repacked box">
      <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
        Weigh and measure the repacked box
      </Typography>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'flex-start' } }}
      >
        {FIELDS.map(({ field, label }, i) => {
          const error = errors.find((e) => e.field === field)?.error;
          return (
            <TextField
              key={field}
              label={label}
              autoFocus={i === 0 && !c.Final}
              value={values[field]}
              onChange={(e) => setValues((v) => ({ ...v, [field]: e.target.value }))}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              error={error !== undefined}
              helperText={error}
              required
              sx={{ maxWidth: { sm: 140 } }}
            />
          );
        })}
        <Button
          type="submit"
          variant="outlined"
          loading={measure.isPending}
          sx={{ alignSelf: { sm: 'center' } }}
        >
          Price the box
        </Button>
      </Stack>
      {measure.isError && errors.length === 0 && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {problem(measure.error)}
        </Alert>
      )}
      {c.Final && (
        <Box sx={{ mt: 2 }}>
          <PriceTable price={c.Final} title="The repacked box" />
        </Box>
      )}
    </Box>
  );
}

function DispatchBox({ consignment: c }: { consignment: StaffConsignment }) {
  const send = useDispatchConsignment();
  const [sailing, setSailing] = useState(today());
  const [carrier, setCarrier] = useState<string>(CARRIERS[0].id);
  const [tracking, setTracking] = useState('');
  const errors = fieldErrors(send.error);
  const errorOf = (field: string) => errors.find((e) => e.field === field)?.error;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate({
      id: c.Id,
      body: { SailingDate: sailing, Carrier: carrier as never, TrackingNumber: tracking },
    });
  };
  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Dispatch as one">
      <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
        Dispatch as one consignment
      </Typography>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'flex-start' } }}
      >
        <TextField
          type="date"
          label="Sailing date"
          value={sailing}
          onChange={(e) => setSailing(e.target.value)}
          error={errorOf('SailingDate') !== undefined}
          helperText={errorOf('SailingDate')}
          slotProps={{ inputLabel: { shrink: true } }}
          required
        />
        <TextField
          select
          label="Carrier"
          value={carrier}
          onChange={(e) => setCarrier(e.target.value)}
          sx={{ minWidth: 200 }}
          required
        >
          {CARRIERS.map((x) => (
            <MenuItem key={x.id} value={x.id}>
              {x.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="Tracking number"
          autoFocus
          value={tracking}
          onChange={(e) => setTracking(e.target.value)}
          error={errorOf('TrackingNumber') !== undefined}
          helperText={errorOf('TrackingNumber')}
          required
        />
        <Button
          type="submit"
          variant="contained"
          loading={send.isPending}
          sx={{ alignSelf: { sm: 'center' } }}
        >
          Dispatch {c.Reference}
        </Button>
      </Stack>
      {send.isError && errors.length === 0 && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {problem(send.error)}
        </Alert>
      )}
    </Box>
  );
}

function Reverse({ id }: { id: number }) {
  const reverse = useReverseDifference();
  const [reason, setReason] = useState('');
  const error = fieldErrors(reverse.error).find((e) => e.field === 'Reason')?.error;
  return (
    <Box
      component="form"
      noValidate
      aria-label="Reverse the difference"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        reverse.mutate({ id, reason });
      }}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'flex-start' } }}
      >
        <TextField
          label="Reason for the reversal"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          error={error !== undefined}
          helperText={error}
          sx={{ minWidth: 320 }}
        />
        <Button
          type="submit"
          variant="outlined"
          color="warning"
          loading={reverse.isPending}
          sx={{ alignSelf: { sm: 'center' } }}
        >
          Reverse the difference
        </Button>
      </Stack>
      {reverse.isError && !error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {problem(reverse.error)}
        </Alert>
      )}
    </Box>
  );
}

/**
 * The box's customs declaration as a whole (issue 27): one CN22 or CN23 by the total value of
 * every order in it, listing all their items, printed to travel with the box.
 */
function BoxCustoms({ consignment: c }: { consignment: StaffConsignment }) {
  const download = useConsignmentCustomsDownload();
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <Button
        variant="outlined"
        loading={download.isPending}
        onClick={() => download.mutate({ Id: c.Id, Reference: c.Reference })}
      >
        Customs declaration of {c.Reference}
      </Button>
      {download.isError && (
        <Typography variant="body2" color="error">
          {problem(download.error)}
        </Typography>
      )}
    </Stack>
  );
}
