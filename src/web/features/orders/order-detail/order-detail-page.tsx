import type { ReactNode } from 'react';
import { countryName } from '../../../../shared/countries';
import { Link } from 'react-router';
import type { OrderDetail } from '../../../../shared/api/order-detail';
import { ORDER_DETAIL_MESSAGES } from '../../../../shared/order-timeline';
import { formatDisplayDate, storedToDisplayDate } from '../../../../shared/dates';
import { formatMoney, formatPounds, sumPence, toPence } from '../../../../shared/money';
import { storageClockText } from '../../../../shared/storage';
import { leaveByText } from '../../../../shared/customs';
import { FactList, type Fact } from '../../../components/fact-list';
import { Alert } from '../../../components/plain-controls';
import { useSessionData, type Loaded } from '../../../lib/route-data';
import { CertificateDownload } from './certificate-download';
import { AddressLines } from '../../../components/address-text';
import { TrackingLink } from './tracking-link';
import { MissingItems } from './missing-items';
import { DisputeInvoice, Disputes } from './dispute';
import { ReturnToRetailer } from './return-to-retailer';
import { OrderTimeline } from '../../../components/order-timeline';
import type { PhotoData } from '../../../components/parcel-photos';
import '../../../styles/account-screens.css';
import './order-detail.css';

/** What the route's loader read (routes/dashboard-order.tsx). */
export interface OrderDetailData {
  id: number;
  detail: Loaded<OrderDetail>;
  /** The parcel photos by their address, fetched while the page shows. */
  photos: PhotoData;
}

/**
 * /dashboard/orders/{id}: one of the customer's orders: what was booked, its price, what was
 * paid and what is owed, a timeline of what happened to it, and its missing-items cases.
 */
export function OrderDetailPage({ photos, ...props }: OrderDetailData) {
  const { data: detail, failure } = useSessionData(props.detail);
  if (failure) {
    return (
      <Alert severity="error">
        {failure.status === 404
          ? ORDER_DETAIL_MESSAGES.notFound
          : 'This order could not be loaded just now. Please reload the page.'}
      </Alert>
    );
  }
  if (!detail) return null;
  const { Order, Timeline } = detail;
  const missing = detail.Cases.filter((c) => c.Kind === 'missing-items');
  return (
    <div className="screen screen--roomy">
      <div>
        <Link to="/dashboard/orders/" className="screen__small">
          ‹ Order History
        </Link>
        <div className="order-head">
          <div className="order-head__title">
            <h1 className="screen__h1">Order {Order.Reference}</h1>
            <span className="chip chip--primary" data-testid="order-status">
              {Order.StatusId_Name}
            </span>
          </div>
          <div className="order-head__certificate">
            <CertificateDownload
              orderId={Order.Id}
              reference={Order.Reference}
              available={detail.CertificateAvailable}
            />
          </div>
        </div>
      </div>

      <RefundNotice detail={detail} />
      {detail.Arrival && (
        <Alert
          severity={detail.Arrival.Moved ? 'warning' : 'info'}
          title={detail.Arrival.Moved ? 'Its sailing has changed' : 'When it arrives'}
          data-testid="order-arrival"
        >
          {detail.Arrival.Words}
        </Alert>
      )}
      {detail.Storage && (
        <Alert
          severity={detail.Storage.Phase === 'free' ? 'info' : 'warning'}
          title="Your parcel is waiting at our depot"
          data-testid="storage-clock"
        >
          {storageClockText(detail.Storage)}
        </Alert>
      )}

      {detail.LeaveBySoon && Order.LeaveBy && (
        <Alert severity="warning" title={leaveByText(Order.LeaveBy)} data-testid="leave-by">
          For {Order.RetailerName || 'the retailer'} to keep the VAT off your purchase, the goods
          must leave the UK within 3 months of your order with them. Please pay anything owed on
          this order, or contact us, so it can leave in time.
        </Alert>
      )}

      <div className="order-columns">
        <Section title="Timeline" id="timeline-heading">
          <OrderTimeline entries={Timeline} photos={photos} />
        </Section>
        <div className="screen screen--roomy">
          <Section title="Your booking" id="booking-heading">
            <FactList rows={bookingRows(detail)} labelWidth={180} />
          </Section>
          <Section title="Price" id="price-heading">
            <Money order={Order} />
          </Section>
          <PaymentsAndInvoices detail={detail} />
          <TrackingLink path={detail.TrackingPath} />
        </div>
      </div>

      <Disputes
        cases={detail.Cases.filter((c) => c.Kind === 'dispute')}
        invoices={detail.Invoices}
      />
      <ReturnToRetailer detail={detail} />

      {(missing.length > 0 || detail.CanReportMissingItems) && (
        <MissingItems cases={missing} canReport={detail.CanReportMissingItems} />
      )}
    </div>
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
    <Alert
      severity="info"
      data-testid="refund-notice"
      title={
        cancelled
          ? `This order was cancelled${on ? ` on ${formatDisplayDate(new Date(on.At))}` : ''}${Refunded > 0 ? ' and refunded' : ''}`
          : `${formatPounds(Refunded)} refunded`
      }
    >
      {refund || 'Nothing had been paid for it.'}
    </Alert>
  );
}

function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section className="card order-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

const shownDay = (stored: string) => storedToDisplayDate(stored) ?? stored;

function bookingRows({ Order }: OrderDetail): Fact[] {
  const retailer = [Order.RetailerName, Order.RetailerWebsite].filter(Boolean).join(', ');
  return [
    ['Booked', formatDisplayDate(new Date(Order.Created))],
    ['Retailer', retailer || '–'],
    ...(Order.RetailerOrderNumber
      ? [['Retailer’s order number', Order.RetailerOrderNumber] as Fact]
      : []),
    ...(Order.RetailerOrderDate
      ? [['Ordered from the retailer', shownDay(Order.RetailerOrderDate)] as Fact]
      : []),
    ...(Order.LeaveBy
      ? [
          [
            'Must leave the UK by',
            <span key="leave-by" data-testid="order-leave-by">
              {shownDay(Order.LeaveBy)}
              <span className="screen__small">
                {' '}
                (so the retailer can take the VAT off: HMRC Notice 703)
              </span>
            </span>,
          ] as Fact,
        ]
      : []),
    ['What is in it', Order.ItemDescription],
    ['Number of items', String(Order.ItemCount)],
    ['Value of the goods', formatPounds(Order.ItemValue)],
    ...(Order.RetailerDeliveryCharge > 0
      ? [['Retailer’s delivery charge', formatPounds(Order.RetailerDeliveryCharge)] as Fact]
      : []),
    ...(Order.ItemLines.length > 0
      ? [
          [
            'Item by item',
            <ul className="order-item-lines" data-testid="order-item-lines" key="lines">
              {Order.ItemLines.map((line, i) => (
                <li key={i}>
                  {line.Quantity} × {line.Description}, {formatPounds(line.ValueEach)} each, made in{' '}
                  {countryName(line.Origin) ?? line.Origin}
                  {line.CommodityCode && ` (commodity code ${line.CommodityCode})`}
                </li>
              ))}
            </ul>,
          ] as Fact,
        ]
      : []),
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
    return <p className="screen__muted">Not priced yet.</p>;
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
    <dl className="price-list" data-testid="price-lines">
      {rows.map((row, i) => (
        <div key={i}>
          <dt>{row.label}</dt>
          <dd>{formatMoney(row.pence)}</dd>
        </div>
      ))}
      <div className="price-list__total">
        <dt>Total</dt>
        <dd data-testid="order-total">{formatMoney(toPence(order.Total))}</dd>
      </div>
    </dl>
  );
}

const INVOICE_WORDS = { unpaid: 'To pay', paid: 'Paid', void: 'Cancelled' } as const;

function PaymentsAndInvoices({ detail }: { detail: OrderDetail }) {
  const { Payments, Invoices, Order } = detail;
  return (
    <Section title="Payments and invoices" id="payments-heading">
      <div className="screen">
        {Payments.length === 0 && Invoices.length === 0 && (
          <p className="screen__muted">Nothing has been paid for this order yet.</p>
        )}
        {Payments.length > 0 && (
          <ul className="money-list">
            {Payments.map((p) => {
              const others = p.OrderReferences.filter((r) => r !== Order.Reference);
              return (
                <li key={p.Id} data-testid="payment">
                  <div className="money-list__line">
                    <strong>
                      {p.Kind === 'invoice' ? 'Invoice payment' : 'Booking payment'} {p.Reference}
                    </strong>
                    <span className="money-list__amount">{formatPounds(p.Amount)}</span>
                  </div>
                  <p className="screen__muted screen__small">
                    {p.PaidAt && `Paid ${formatDisplayDate(new Date(p.PaidAt))}`}
                    {others.length > 0 && `, with ${others.join(', ')}`}
                    {p.DiscountCode && `, discount code ${p.DiscountCode}`}
                  </p>
                </li>
              );
            })}
          </ul>
        )}
        {detail.Refunded > 0 && (
          <div className="money-list__line" data-testid="refunded">
            <strong>Refunded to you</strong>
            <span className="money-list__amount">{formatPounds(detail.Refunded)}</span>
          </div>
        )}
        {Invoices.length > 0 && (
          <ul className="money-list">
            {Invoices.map((invoice) => {
              const disputed = detail.Cases.find((c) => c.Id === invoice.CaseId);
              const open = disputed !== undefined && disputed.Status !== 'Resolved';
              return (
                <li key={invoice.Id} data-testid="invoice" className="screen">
                  <div className="money-list__line">
                    <strong>Invoice {invoice.Reference}</strong>
                    <span className="money-list__amount">{formatPounds(invoice.Amount)}</span>
                  </div>
                  <p className="screen__muted screen__small">
                    {invoice.Reason} · {INVOICE_WORDS[invoice.Status]}
                    {open && ` · Disputed (case ${disputed.Reference})`}
                  </p>
                  {invoice.Status === 'unpaid' && !open && (
                    <Link
                      to={`/dashboard/pay/${invoice.Id}`}
                      className="button button--contained button--small"
                    >
                      Pay {formatPounds(invoice.Amount)}
                    </Link>
                  )}
                  <DisputeInvoice invoice={invoice} />
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </Section>
  );
}
