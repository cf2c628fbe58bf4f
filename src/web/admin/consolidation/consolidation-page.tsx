import { useEffect, useRef, useState } from 'react';
import {
  Alert,
  Button,
  Chip,
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
  Typography,
} from '@mui/material';
import type { StaffConsignment } from '../../../shared/api/consolidation';
import { CARRIERS } from '../../../shared/carriers';
import { formatPounds } from '../../../shared/money';
import { useConsignments, type ConsignmentList } from './api/consolidation';
import {
  BoxCustoms,
  DispatchBox,
  MeasureBox,
  PriceTable,
  Reverse,
  StartRepacking,
} from './consolidation-forms';
import { problem } from '../kit/problem';
import { staffCan, useStaffSession } from '../staff/staff-session';

const STATUS_COLOURS = {
  requested: 'default',
  'awaiting parcels': 'warning',
  ready: 'success',
  repacking: 'info',
  dispatched: 'default',
  cancelled: 'default',
} as const;

/**
 * /admin/consolidation/ (decision 0041): the customers' requests to ship bookings together, open
 * ones oldest first, with the parcels in and awaited. Keyboard first: each row's button opens it; a
 * ready one starts repacking; the repacked box is weighed and measured (the receiving screen's
 * fields, kg and cm) and priced as one crossing; then it leaves with one tracking number and the
 * difference is refunded or invoiced. The office may reverse that difference, once. An opened
 * consolidation takes the focus (its first control when it has one to act on, else the panel), and
 * a dispatched one is shown at once in the Dispatched list, open, with its refund or invoice.
 */
export function ConsolidationPage() {
  const [list, setList] = useState<ConsignmentList>('open');
  const [openId, setOpenId] = useState<number | null>(null);
  const query = useConsignments(list);
  const open = query.data?.items.find((c) => c.Id === openId) ?? null;
  const showDispatched = (id: number) => {
    setList('dispatched');
    setOpenId(id);
  };
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
      {open && <ConsignmentPanel key={open.Id} consignment={open} onDispatched={showDispatched} />}
    </Stack>
  );
}

function ConsignmentPanel({
  consignment: c,
  onDispatched,
}: {
  consignment: StaffConsignment;
  onDispatched: (id: number) => void;
}) {
  const { user } = useStaffSession();
  const panel = useRef<HTMLElement>(null);
  // Opened (or shown again once dispatched): the focus comes here unless a control of the panel
  // took it (autoFocus runs first), so the next Tab is in the panel, not back in the list.
  useEffect(() => {
    if (!panel.current?.contains(document.activeElement)) panel.current?.focus();
  }, []);
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2 }}
      component="section"
      aria-label={c.Reference}
      ref={panel}
      tabIndex={-1}
    >
      <Stack spacing={2}>
        <Typography variant="h5" component="h2">
          {c.Reference} · {c.Customer.Name} · {c.Island}
        </Typography>
        <TableContainer>
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
        </TableContainer>
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
        {c.Status === 'repacking' && c.Final && (
          <DispatchBox consignment={c} onDispatched={onDispatched} />
        )}
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
