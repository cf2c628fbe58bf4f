import { useState, type FormEvent, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Link,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  cancelOrderSchema,
  orderNoteSchema,
  refundOrderSchema,
  type OfficeOrderDetail,
} from '../../../shared/api/office';
import { toFieldErrors, type FieldError } from '../../../shared/api/errors';
import { formatDisplayDate } from '../../../shared/dates';
import { formatPounds } from '../../../shared/money';
import { FactList, type Fact } from '../../components/fact-list';
import { ApiError } from '../../lib/api-client';
import { measuredText, receivedText } from '../depot/depot-parts';
import { RaiseInvoiceDialog } from '../office/raise-invoice-dialog';
import {
  useCancelOrder,
  useOfficeOrder,
  useOrderNote,
  useRefundOrder,
  useReplaceTrackingLink,
  useStaffPhoto,
} from './api/orders';
import { AddressLines } from '../../features/addresses/address-text';

type Detail = OfficeOrderDetail;

/** What the API said, shown as it is: refusals (4xx) and the provider's failures (502). */
const apiMessage = (error: unknown) =>
  error instanceof ApiError && error.body?.message && (error.status < 500 || error.status === 502)
    ? error.body.message
    : 'That did not work just now, please try again.';

const when = (iso: string) => {
  const at = new Date(iso);
  return `${formatDisplayDate(at)} ${at.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' })}`;
};

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
    return <Alert severity="error">{apiMessage(detail.error)}</Alert>;
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
 * The order's private tracking link, as the customer's e-mails carry it (issue 26): the office
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
      {replace.isError && <Alert severity="error">{apiMessage(replace.error)}</Alert>}
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

function bookingRows({ Order, Customer }: Detail): Fact[] {
  const price = Order.BespokePrice ?? Order.QuotePrice;
  return [
    [
      'Customer',
      <>
        {Customer.Name || '–'} ({Customer.Reference})
        {Customer.Email && (
          <Typography variant="body2" color="text.secondary">
            {Customer.Email}
          </Typography>
        )}
      </>,
    ],
    ['Created', when(Order.Created)],
    [
      'What is in it',
      `${Order.ItemDescription} (${Order.ItemCount} item${Order.ItemCount === 1 ? '' : 's'}, value ${formatPounds(Order.ItemValue)})`,
    ],
    ['Island', Order.Island],
    [
      'Retailer',
      [Order.RetailerName, Order.RetailerWebsite, Order.RetailerOrderNumber]
        .filter(Boolean)
        .join(' · ') || '–',
    ],
    ['Tracking number', Order.TrackingNumber || '–'],
    ...(Order.ExpectedDeliveryDate
      ? [['Expected at the depot', Order.ExpectedDeliveryDate] as Fact]
      : []),
    [
      'Deliver to',
      Order.DeliveryAddress ? <AddressLines lines={Order.DeliveryAddress} /> : 'Chosen at checkout',
    ],
    ...(Order.Notes ? [['Customer’s notes', Order.Notes] as Fact] : []),
    ...(price !== null && Order.ProductId === null
      ? [
          [
            'Quoted',
            `${formatPounds(price)}${Order.QuoteNote ? `: ${Order.QuoteNote}` : ''}`,
          ] as Fact,
        ]
      : []),
  ];
}

const EVENT_TITLE = (e: Detail['Events'][number]) => {
  if (e.Kind === 'note') return 'Note';
  if (e.Kind === 'refund') return 'Refund';
  if (e.Kind === 'refund-failed') return 'Refund failed';
  if (e.Kind === 'return-label') return 'Return label attached';
  return e.From ? `${e.From} → ${e.To}` : `Created: ${e.To ?? ''}`;
};

function Timeline({ events }: { events: Detail['Events'] }) {
  if (events.length === 0) return <Typography color="text.secondary">Nothing yet.</Typography>;
  return (
    <Box component="ol" aria-label="Timeline" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {events.map((e) => (
        <Box
          component="li"
          key={e.Id}
          data-testid="office-event"
          sx={{ py: 1, borderBottom: 1, borderColor: 'divider', '&:last-child': { border: 0 } }}
        >
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', gap: 2 }}>
            <Typography
              sx={{ fontWeight: 700 }}
              color={e.Kind === 'refund-failed' ? 'error' : undefined}
            >
              {EVENT_TITLE(e)}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
              <time dateTime={e.At}>{when(e.At)}</time>
            </Typography>
          </Stack>
          {e.Note && (
            <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
              {e.Note}
            </Typography>
          )}
          <Typography variant="body2" color="text.secondary">
            {e.Actor ? `${e.Actor} (${e.ActorType})` : e.ActorType}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

const REFUND_WORDS = {
  pending: 'waiting for the provider',
  succeeded: 'made',
  failed: 'refused by the provider',
} as const;
const INVOICE_WORDS = { unpaid: 'unpaid', paid: 'paid', void: 'void' } as const;

function Money({ detail }: { detail: Detail }) {
  const { Order, Payments, Refunds, Invoices, Refundable } = detail;
  return (
    <Stack spacing={2}>
      <FactList
        labelWidth={170}
        rows={[
          ['Total', formatPounds(Order.Total)],
          ...(Order.Discount > 0 ? [['Discount', formatPounds(Order.Discount)] as Fact] : []),
          ['May be refunded', formatPounds(Refundable), 'refundable'],
        ]}
      />
      <Box>
        <Typography variant="subtitle2" component="h3">
          Payments
        </Typography>
        {Payments.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            Nothing paid.
          </Typography>
        ) : (
          <Stack component="ul" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {Payments.map((p) => (
              <Box component="li" key={p.Id} data-testid="office-payment">
                <Typography>
                  {p.Kind === 'invoice' ? 'Invoice payment' : 'Checkout'} {p.Reference}:{' '}
                  {formatPounds(p.PaidForOrder)} for this order
                  {p.Refunded > 0 && `, ${formatPounds(p.Refunded)} refunded`}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {p.PaidAt ? `Paid ${when(p.PaidAt)}` : p.Status}
                  {p.OrderReferences.length > 1 &&
                    ` · ${formatPounds(p.Amount)} in all, for ${p.OrderReferences.join(', ')}`}
                  {p.DiscountCode && ` · code ${p.DiscountCode}`}
                </Typography>
              </Box>
            ))}
          </Stack>
        )}
      </Box>
      {Refunds.length > 0 && (
        <Box>
          <Typography variant="subtitle2" component="h3">
            Refunds
          </Typography>
          <Stack component="ul" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {Refunds.map((r) => (
              <Box component="li" key={r.Id} data-testid="office-refund">
                <Typography color={r.Status === 'failed' ? 'error' : undefined}>
                  {formatPounds(r.Amount)} from {r.PaymentReference}, {REFUND_WORDS[r.Status]}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {r.Reason} · {r.Staff ?? 'system'} · {when(r.Created)}
                </Typography>
              </Box>
            ))}
          </Stack>
        </Box>
      )}
      <Box>
        <Typography variant="subtitle2" component="h3">
          Invoices
        </Typography>
        {Invoices.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            No invoice.
          </Typography>
        ) : (
          <Stack component="ul" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {Invoices.map((i) => (
              <Box component="li" key={i.Id} data-testid="office-invoice">
                <Typography>
                  {i.Reference}: {formatPounds(i.Amount)}, {INVOICE_WORDS[i.Status]}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {i.Reason} · raised {when(i.Created)}
                  {i.PaidAt && ` · paid ${when(i.PaidAt)}`}
                </Typography>
              </Box>
            ))}
          </Stack>
        )}
      </Box>
    </Stack>
  );
}

function Parcel({ parcel }: { parcel: Detail['Parcel'] }) {
  if (!parcel) {
    return <Typography color="text.secondary">Not at the depot yet.</Typography>;
  }
  return (
    <Stack spacing={1.5}>
      <FactList
        labelWidth={170}
        rows={[
          [
            'Received',
            `${receivedText(parcel)}${parcel.ReceivedByName ? ` by ${parcel.ReceivedByName}` : ''}`,
          ],
          ['Measured', measuredText(parcel) || '–'],
          ['Shelf', parcel.Shelf || '–'],
          ...(parcel.InboundTrackingNumber
            ? [['Arrived with', parcel.InboundTrackingNumber] as Fact]
            : []),
          ...(parcel.Note ? [['Depot’s note', parcel.Note] as Fact] : []),
          ...(parcel.SailingDate
            ? [
                [
                  'Dispatched',
                  `${parcel.SailingDate}${parcel.DispatchedByName ? ` by ${parcel.DispatchedByName}` : ''}${parcel.TrackingNumber ? ` · ${parcel.TrackingNumber}` : ''}`,
                ] as Fact,
              ]
            : []),
        ]}
      />
      {parcel.Photos.length > 0 && (
        <Box
          component="ul"
          aria-label="Photos of the parcel"
          sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}
        >
          {parcel.Photos.map((photo, i) => (
            <li key={photo.Id}>
              <Photo id={photo.Id} alt={`Photo ${i + 1} of the parcel`} />
            </li>
          ))}
        </Box>
      )}
    </Stack>
  );
}

export function Photo({ id, alt }: { id: number; alt: string }) {
  const photo = useStaffPhoto(id);
  if (photo.isError) {
    return <Typography variant="body2">The photo could not be loaded.</Typography>;
  }
  if (!photo.data) return <Skeleton variant="rounded" width={120} height={120} />;
  return (
    <Link href={photo.data} target="_blank" rel="noopener" aria-label={`${alt}, full size`}>
      <Box
        component="img"
        src={photo.data}
        alt={alt}
        data-testid="office-photo"
        sx={{ width: 120, height: 120, objectFit: 'cover', borderRadius: 1, display: 'block' }}
      />
    </Link>
  );
}

function Cases({ cases }: { cases: Detail['Cases'] }) {
  if (cases.length === 0) return <Typography color="text.secondary">No case.</Typography>;
  return (
    <Stack component="ul" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {cases.map((c) => (
        <Box component="li" key={c.Id}>
          <Link component={RouterLink} to={`/admin/cases/${c.Id}`}>
            {c.Reference}
          </Link>{' '}
          · {c.Status} · {c.Messages.length} message{c.Messages.length === 1 ? '' : 's'}
        </Box>
      ))}
    </Stack>
  );
}

// --- the actions ------------------------------------------------------------------------------

type Close = (result?: { severity: 'success' | 'warning'; text: string }) => void;

/** A form's field errors: the schema's before sending, the API's 400 after. */
function useErrors() {
  const [errors, setErrors] = useState<FieldError[]>([]);
  return {
    errors,
    set: setErrors,
    of: (field: string) => errors.find((e) => e.field === field)?.error,
    fromApi: (error: unknown) =>
      setErrors(error instanceof ApiError ? (error.body?.errors ?? []) : []),
  };
}

function ActionDialog({
  title,
  label,
  onClose,
  onSubmit,
  error,
  pending,
  submitLabel,
  danger,
  children,
}: {
  title: string;
  label: string;
  onClose: () => void;
  onSubmit: (e: FormEvent) => void;
  error: unknown;
  pending: boolean;
  submitLabel: string;
  danger?: boolean;
  children: ReactNode;
}) {
  const fieldErrors = error instanceof ApiError && (error.body?.errors?.length ?? 0) > 0;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <Box component="form" noValidate onSubmit={onSubmit} aria-label={label}>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {error != null && !fieldErrors && <Alert severity="error">{apiMessage(error)}</Alert>}
            {children}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Back</Button>
          <Button
            type="submit"
            variant="contained"
            color={danger ? 'error' : 'primary'}
            loading={pending}
          >
            {submitLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

function CancelDialog({ detail, onClose }: { detail: Detail; onClose: Close }) {
  const cancel = useCancelOrder();
  const errors = useErrors();
  const [reason, setReason] = useState('');
  const { Order, Refundable } = detail;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = cancelOrderSchema.safeParse({ Reason: reason });
    if (!checked.success) return errors.set(toFieldErrors(checked.error.issues));
    errors.set([]);
    cancel.mutate(
      { id: Order.Id, ...checked.data },
      {
        onSuccess: (after) =>
          onClose({
            severity: 'success',
            text:
              Refundable > 0
                ? `${Order.Reference} is cancelled and ${formatPounds(Refundable - after.Refundable)} was refunded.`
                : `${Order.Reference} is cancelled.`,
          }),
        onError: (error) => {
          // 502: cancelled all the same, the refund to be made again (the API says so).
          if (error instanceof ApiError && error.status === 502) {
            onClose({ severity: 'warning', text: apiMessage(error) });
          } else errors.fromApi(error);
        },
      },
    );
  };
  return (
    <ActionDialog
      title={`Cancel ${Order.Reference}?`}
      label="Cancel the order"
      onClose={() => onClose()}
      onSubmit={submit}
      error={cancel.error}
      pending={cancel.isPending}
      submitLabel={
        Refundable > 0 ? `Cancel and refund ${formatPounds(Refundable)}` : 'Cancel the order'
      }
      danger
    >
      <DialogContentText>
        The order becomes Cancelled and cannot be undone.{' '}
        {Refundable > 0
          ? `${formatPounds(Refundable)} paid for it is refunded through the payment provider`
          : 'Nothing was paid for it'}
        ; its unpaid invoices are voided. The customer sees it on their order page.
      </DialogContentText>
      <TextField
        label="Reason"
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        required
        autoFocus
        multiline
        minRows={2}
        error={errors.of('Reason') !== undefined}
        helperText={errors.of('Reason')}
      />
    </ActionDialog>
  );
}

function RefundDialog({ detail, onClose }: { detail: Detail; onClose: Close }) {
  const refund = useRefundOrder();
  const errors = useErrors();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const { Order, Refundable } = detail;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { Amount: amount.trim() === '' ? NaN : Number(amount), Reason: reason };
    const checked = refundOrderSchema.safeParse(body);
    if (!checked.success) return errors.set(toFieldErrors(checked.error.issues));
    errors.set([]);
    refund.mutate(
      { id: Order.Id, ...checked.data },
      {
        onSuccess: () =>
          onClose({
            severity: 'success',
            text: `${formatPounds(checked.data.Amount)} was refunded on ${Order.Reference}.`,
          }),
        onError: errors.fromApi,
      },
    );
  };
  return (
    <ActionDialog
      title={`Refund on ${Order.Reference}`}
      label="Refund"
      onClose={() => onClose()}
      onSubmit={submit}
      error={refund.error}
      pending={refund.isPending}
      submitLabel="Refund"
    >
      <DialogContentText>
        Up to {formatPounds(Refundable)} may be given back, through the payment provider.
      </DialogContentText>
      <TextField
        label="Amount (£)"
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        required
        autoFocus
        error={errors.of('Amount') !== undefined}
        helperText={errors.of('Amount')}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      />
      <TextField
        label="Reason"
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        required
        multiline
        minRows={2}
        error={errors.of('Reason') !== undefined}
        helperText={errors.of('Reason')}
      />
    </ActionDialog>
  );
}

function NoteDialog({ id, onClose }: { id: number; onClose: Close }) {
  const note = useOrderNote();
  const errors = useErrors();
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = orderNoteSchema.safeParse({ Note: text });
    if (!checked.success) return errors.set(toFieldErrors(checked.error.issues));
    errors.set([]);
    note.mutate(
      { id, ...checked.data },
      {
        onSuccess: () => onClose({ severity: 'success', text: 'The note is on the timeline.' }),
        onError: errors.fromApi,
      },
    );
  };
  return (
    <ActionDialog
      title="Add a note"
      label="Add a note"
      onClose={() => onClose()}
      onSubmit={submit}
      error={note.error}
      pending={note.isPending}
      submitLabel="Add the note"
    >
      <DialogContentText>Staff only: the customer never sees it.</DialogContentText>
      <TextField
        label="Note"
        value={text}
        onChange={(e) => setText(e.target.value)}
        required
        autoFocus
        multiline
        minRows={3}
        error={errors.of('Note') !== undefined}
        helperText={errors.of('Note')}
      />
    </ActionDialog>
  );
}
