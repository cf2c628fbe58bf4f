import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  Alert,
  AlertTitle,
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
import type { OrderDetail } from '../../../../shared/api/order-detail';
import { ORDER_DETAIL_MESSAGES } from '../../../../shared/api/order-detail';
import { formatDisplayDate } from '../../../../shared/dates';
import { formatMoney, formatPounds, sumPence, toPence } from '../../../../shared/money';
import { FactList, type Fact } from '../../../components/fact-list';
import { CertificateDownload } from '../../certificates/certificate-download';
import { ApiError } from '../../../lib/api-client';
import { useOrderDetail } from './api/get-order-detail';
import { MissingItems } from './missing-items';
import { OrderTimeline } from './order-timeline';
import { AddressLines } from '../../addresses/address-text';

/**
 * /dashboard/orders/{id}: one of the customer's orders: what was booked, its price, what was
 * paid and what is owed, a timeline of what happened to it, and its missing-items cases.
 */
export function OrderDetailPage({ id }: { id: number }) {
  const detail = useOrderDetail(id);
  if (detail.isPending) return <Skeleton variant="rounded" height={320} />;
  if (detail.isError) {
    const notFound = detail.error instanceof ApiError && detail.error.status === 404;
    return (
      <Alert severity="error">
        {notFound
          ? ORDER_DETAIL_MESSAGES.notFound
          : 'This order could not be loaded just now. Please reload the page.'}
      </Alert>
    );
  }
  const { Order, Timeline } = detail.data;
  return (
    <Stack spacing={3}>
      <Box>
        <Link component={RouterLink} to="/dashboard/orders/" variant="body2">
          ‹ Order History
        </Link>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ mt: 1, justifyContent: 'space-between', alignItems: { sm: 'center' } }}
        >
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' } }}>
              Order {Order.Reference}
            </Typography>
            <Chip label={Order.StatusId_Name} color="primary" data-testid="order-status" />
          </Stack>
          <Box sx={{ maxWidth: { sm: 320 } }}>
            <CertificateDownload
              orderId={Order.Id}
              reference={Order.Reference}
              available={detail.data.CertificateAvailable}
            />
          </Box>
        </Stack>
      </Box>

      <RefundNotice detail={detail.data} />

      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <Section title="Timeline" id="timeline-heading">
          <OrderTimeline entries={Timeline} />
        </Section>
        <Stack spacing={3}>
          <Section title="Your booking" id="booking-heading">
            <FactList rows={bookingRows(detail.data)} labelWidth={180} />
          </Section>
          <Section title="Price" id="price-heading">
            <Money order={Order} />
          </Section>
          <PaymentsAndInvoices detail={detail.data} />
        </Stack>
      </Box>

      {(detail.data.Cases.length > 0 || detail.data.CanReportMissingItems) && (
        <MissingItems
          orderId={Order.Id}
          cases={detail.data.Cases}
          canReport={detail.data.CanReportMissingItems}
        />
      )}
    </Stack>
  );
}

/** A cancelled or refunded order says so at the top, with the money given back. */
function RefundNotice({ detail }: { detail: OrderDetail }) {
  const { Order, Refunded, Timeline } = detail;
  const cancelled = Order.StatusId_Name === 'Cancelled';
  if (!cancelled && Refunded === 0) return null;
  const on = Timeline.findLast((e) => e.Kind === 'cancelled');
  const refund =
    Refunded > 0
      ? `${formatPounds(Refunded)} was refunded to the card you paid with; it may take a few days to reach your account.`
      : '';
  return (
    <Alert severity="info" data-testid="refund-notice">
      <AlertTitle>
        {cancelled
          ? `This order was cancelled${on ? ` on ${formatDisplayDate(new Date(on.At))}` : ''}${Refunded > 0 ? ' and refunded' : ''}`
          : `${formatPounds(Refunded)} refunded`}
      </AlertTitle>
      {refund || 'Nothing had been paid for it.'}
    </Alert>
  );
}

function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-labelledby={id}>
      <CardContent>
        <Typography variant="h2" id={id} sx={{ fontSize: '1.35rem', mb: 2 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function bookingRows({ Order }: OrderDetail): Fact[] {
  const retailer = [Order.RetailerName, Order.RetailerWebsite].filter(Boolean).join(', ');
  return [
    ['Booked', formatDisplayDate(new Date(Order.Created))],
    ['Retailer', retailer || '–'],
    ...(Order.RetailerOrderNumber
      ? [['Retailer’s order number', Order.RetailerOrderNumber] as Fact]
      : []),
    ['What is in it', Order.ItemDescription],
    ['Number of items', String(Order.ItemCount)],
    ['Value of the goods', formatPounds(Order.ItemValue)],
    ['Island', Order.Island],
    [
      'Deliver to',
      Order.DeliveryAddress ? <AddressLines lines={Order.DeliveryAddress} /> : 'Chosen at checkout',
    ],
  ];
}

/** The price lines fixed at checkout, the order's share of a discount, and what it came to. */
function Money({ order }: { order: OrderDetail['Order'] }) {
  if (order.Lines.length === 0) {
    return <Typography color="text.secondary">Not priced yet.</Typography>;
  }
  const lines = order.Lines.map((l) => ({ label: l.Name, pence: toPence(l.Amount) }));
  const discount = toPence(order.Discount);
  const rows = [
    ...lines,
    ...(discount > 0
      ? [
          { label: 'Subtotal', pence: sumPence(lines.map((l) => l.pence)) },
          { label: 'Discount', pence: -discount },
        ]
      : []),
  ];
  return (
    <Box
      component="dl"
      data-testid="price-lines"
      sx={{
        display: 'grid',
        gridTemplateColumns: '1fr auto',
        columnGap: 2,
        rowGap: 0.5,
        m: 0,
        '& dt, & dd': { m: 0 },
        '& dd': { textAlign: 'right', fontVariantNumeric: 'tabular-nums' },
      }}
    >
      {rows.map((row, i) => (
        <Box key={i} sx={{ display: 'contents' }}>
          <Typography component="dt">{row.label}</Typography>
          <Typography component="dd">{formatMoney(row.pence)}</Typography>
        </Box>
      ))}
      <Box sx={{ display: 'contents', '& > *': { fontWeight: 700, pt: 1 } }}>
        <Typography component="dt">Total</Typography>
        <Typography component="dd" data-testid="order-total">
          {formatPounds(order.Total)}
        </Typography>
      </Box>
    </Box>
  );
}

const INVOICE_WORDS = { unpaid: 'To pay', paid: 'Paid', void: 'Cancelled' } as const;

function PaymentsAndInvoices({ detail }: { detail: OrderDetail }) {
  const { Payments, Invoices, Order } = detail;
  return (
    <Section title="Payments and invoices" id="payments-heading">
      <Stack spacing={2}>
        {Payments.length === 0 && Invoices.length === 0 && (
          <Typography color="text.secondary">Nothing has been paid for this order yet.</Typography>
        )}
        {Payments.length > 0 && (
          <Stack component="ul" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {Payments.map((p) => {
              const others = p.OrderReferences.filter((r) => r !== Order.Reference);
              return (
                <Box component="li" key={p.Id} data-testid="payment">
                  <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 2 }}>
                    <Typography sx={{ fontWeight: 700 }}>
                      {p.Kind === 'invoice' ? 'Invoice payment' : 'Booking payment'} {p.Reference}
                    </Typography>
                    <Typography sx={{ fontVariantNumeric: 'tabular-nums' }}>
                      {formatPounds(p.Amount)}
                    </Typography>
                  </Stack>
                  <Typography variant="body2" color="text.secondary">
                    {p.PaidAt && `Paid ${formatDisplayDate(new Date(p.PaidAt))}`}
                    {others.length > 0 && `, with ${others.join(', ')}`}
                    {p.DiscountCode && `, discount code ${p.DiscountCode}`}
                  </Typography>
                </Box>
              );
            })}
          </Stack>
        )}
        {detail.Refunded > 0 && (
          <Stack
            direction="row"
            sx={{ justifyContent: 'space-between', gap: 2 }}
            data-testid="refunded"
          >
            <Typography sx={{ fontWeight: 700 }}>Refunded to you</Typography>
            <Typography sx={{ fontVariantNumeric: 'tabular-nums' }}>
              {formatPounds(detail.Refunded)}
            </Typography>
          </Stack>
        )}
        {Invoices.length > 0 && (
          <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {Invoices.map((invoice) => (
              <Box component="li" key={invoice.Id} data-testid="invoice">
                <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 2 }}>
                  <Typography sx={{ fontWeight: 700 }}>Invoice {invoice.Reference}</Typography>
                  <Typography sx={{ fontVariantNumeric: 'tabular-nums' }}>
                    {formatPounds(invoice.Amount)}
                  </Typography>
                </Stack>
                <Typography variant="body2" color="text.secondary">
                  {invoice.Reason} · {INVOICE_WORDS[invoice.Status]}
                </Typography>
                {invoice.Status === 'unpaid' && (
                  <Button
                    component={RouterLink}
                    to={`/dashboard/pay/${invoice.Id}`}
                    variant="contained"
                    size="small"
                    sx={{ mt: 1 }}
                  >
                    Pay {formatPounds(invoice.Amount)}
                  </Button>
                )}
              </Box>
            ))}
          </Stack>
        )}
      </Stack>
    </Section>
  );
}
