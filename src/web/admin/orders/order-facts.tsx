import { Box, Link, Skeleton, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import type { OfficeOrderDetail } from '../../../shared/api/office';
import { formatDisplayDate } from '../../../shared/dates';
import { formatPounds } from '../../../shared/money';
import { FactList, type Fact } from '../../components/fact-list';
import { measuredText, receivedText } from '../depot/depot-parts';
import { useStaffPhoto } from './api/orders';
import { AddressLines } from '../../components/address-text';

// The facts of an office order's page (order-page.tsx): its booking, timeline, money, parcel and
// photos, and cases, as the API tells them.

type Detail = OfficeOrderDetail;

const when = (iso: string) => {
  const at = new Date(iso);
  return `${formatDisplayDate(at)} ${at.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' })}`;
};

export function bookingRows({ Order, Customer }: Detail): Fact[] {
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

export function Timeline({ events }: { events: Detail['Events'] }) {
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

export function Money({ detail }: { detail: Detail }) {
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

export function Parcel({ parcel }: { parcel: Detail['Parcel'] }) {
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

export function Cases({ cases }: { cases: Detail['Cases'] }) {
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
