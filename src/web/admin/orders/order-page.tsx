import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Link,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { FactList } from '../../components/fact-list';
import { refundProblem } from '../kit/problem';
import { RaiseInvoiceDialog } from '../office/raise-invoice-dialog';
import { CancelDialog, NoteDialog, RefundDialog } from './order-actions';
import { bookingRows, Cases, Money, Parcel, Timeline } from './order-facts';
import { useOfficeOrder, useReplaceTrackingLink } from './api/orders';

/**
 * /admin/orders/{id} (office and admin): everything about an order (its timeline with the staff's
 * notes, payments, refunds, invoices, parcel and photos, cases) and what the lifecycle allows
 * now: cancel with a refund, a partial refund, a note. Each is recorded on the timeline.
 */
export function OrderPage({ id }: { id: number }) {
  const detail = useOfficeOrder(id);
  const [dialog, setDialog] = useState<'cancel' | 'refund' | 'invoice' | 'note' | null>(null);
  const [done, setDone] = useState<{ severity: 'success' | 'warning'; text: string } | null>(null);

  if (detail.isPending) return <Skeleton variant="rounded" height={320} />;
  if (detail.isError) {
    return <Alert severity="error">{refundProblem(detail.error)}</Alert>;
  }
  const d = detail.data;
  const { Order, Actions } = d;
  const close = (result?: { severity: 'success' | 'warning'; text: string }) => {
    setDialog(null);
    if (result) setDone(result);
  };

  return (
    <Stack spacing={3}>
      <Box>
        <Link component={RouterLink} to="/admin/orders/" variant="body2">
          ‹ Orders
        </Link>
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={2}
          sx={{ mt: 1, justifyContent: 'space-between', alignItems: { md: 'center' } }}
        >
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="h4" component="h1">
              Order {Order.Reference}
            </Typography>
            <Chip label={Order.StatusId_Name} color="primary" data-testid="order-status" />
          </Stack>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {Actions.Cancel && (
              <Button variant="outlined" color="error" onClick={() => setDialog('cancel')}>
                Cancel the order
              </Button>
            )}
            {Actions.Refund && (
              <Button variant="outlined" onClick={() => setDialog('refund')}>
                Refund
              </Button>
            )}
            {Actions.Invoice && (
              <Button variant="outlined" onClick={() => setDialog('invoice')}>
                Raise an invoice
              </Button>
            )}
            {Actions.Note && (
              <Button variant="outlined" onClick={() => setDialog('note')}>
                Add a note
              </Button>
            )}
          </Stack>
        </Stack>
      </Box>

      {done && (
        <Alert severity={done.severity} role="status" onClose={() => setDone(null)}>
          {done.text}
        </Alert>
      )}

      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <Stack spacing={3}>
          <Section title="Timeline" id="timeline-heading">
            <Timeline events={d.Events} />
          </Section>
          <Section title="Cases" id="cases-heading">
            <Cases cases={d.Cases} />
          </Section>
        </Stack>
        <Stack spacing={3}>
          <Section title="Booking" id="booking-heading">
            <FactList rows={bookingRows(d)} labelWidth={170} />
          </Section>
          <Section title="Money" id="money-heading">
            <Money detail={d} />
          </Section>
          <Section title="Parcel" id="parcel-heading">
            <Parcel parcel={d.Parcel} />
          </Section>
          <Section title="Tracking link" id="tracking-heading">
            <TrackingLink id={Order.Id} path={d.TrackingPath} onDone={setDone} />
          </Section>
        </Stack>
      </Box>

      {dialog === 'cancel' && <CancelDialog detail={d} onClose={close} />}
      {dialog === 'refund' && <RefundDialog detail={d} onClose={close} />}
      {dialog === 'invoice' && (
        <RaiseInvoiceDialog
          order={{ Id: Order.Id, Reference: Order.Reference, Status: Order.StatusId_Name }}
          onClose={() => close()}
        />
      )}
      {dialog === 'note' && <NoteDialog id={Order.Id} onClose={close} />}
    </Stack>
  );
}

/**
 * The order's private tracking link, as the customer's e-mails carry it (decision 0036): the office
 * replaces it when the customer asks (a link shared too widely); the old one stops working.
 */
function TrackingLink({
  id,
  path,
  onDone,
}: {
  id: number;
  path: string;
  onDone: (result: { severity: 'success'; text: string }) => void;
}) {
  const replace = useReplaceTrackingLink();
  return (
    <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
      <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
        <Link href={path} target="_blank" rel="noopener noreferrer" data-testid="tracking-link">
          {`${window.location.origin}${path}`}
        </Link>
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Opens the parcel’s timeline without logging in. Replace it if the customer asks: the old
        link stops working at once, and the next e-mails carry the new one.
      </Typography>
      {replace.isError && <Alert severity="error">{refundProblem(replace.error)}</Alert>}
      <Button
        variant="outlined"
        disabled={replace.isPending}
        onClick={() =>
          replace.mutate(
            { id },
            {
              onSuccess: () =>
                onDone({ severity: 'success', text: 'The tracking link was replaced.' }),
            },
          )
        }
      >
        Replace the tracking link
      </Button>
    </Stack>
  );
}

function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-labelledby={id}>
      <CardContent>
        <Typography variant="h6" component="h2" id={id} sx={{ mb: 1.5 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}
