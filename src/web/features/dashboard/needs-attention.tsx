import { Suspense, type ReactNode } from 'react';
import { Await, Link } from 'react-router';
import type { CustomerOrder, OrderSummary } from '../../../shared/api/orders';
import { formatDisplayDate } from '../../../shared/dates';
import { formatPounds } from '../../../shared/money';
import { storageClockText } from '../../../shared/storage';
import type { OrderStatus } from '../../../shared/order-status';
import { Alert, Skeleton } from '../../components/plain-controls';
import type { Loaded } from '../../lib/route-data';
import { AnswerQuoteButton, PayInvoiceButton } from '../../components/order-action-buttons';
import '../../styles/account-screens.css';
import './needs-attention.css';

/** What a parcel at the depot is waiting for, by its order's status. */
const AT_DEPOT_WORDS: Partial<Record<OrderStatus, string>> = {
  'Received at Depot': 'Received at the depot',
  'Awaiting Payment': 'Held until its invoice is paid',
  Paid: 'Paid, waiting for its sailing',
};

const historyWith = (status?: OrderStatus) =>
  status ? `/dashboard/orders/?status=${encodeURIComponent(status)}` : '/dashboard/orders/';

/**
 * The top of My Account: what needs the customer now (GET /public/orders/summary, read by the
 * route's loader and shown when it answers): quotes to answer, invoices to pay and parcels at the
 * depot, a few of each with a link to the rest. `summary`: what the route's loader is reading;
 * null while it reads for another session.
 */
export function NeedsAttention({ summary }: { summary: Promise<Loaded<OrderSummary>> | null }) {
  return (
    <section aria-labelledby="needs-attention" className="screen screen--tight">
      <h2 id="needs-attention" className="screen__h2">
        What needs you now
      </h2>
      {summary ? (
        <Suspense fallback={<Skeleton height={96} />}>
          <Await resolve={summary}>
            {({ data, failure }: Loaded<OrderSummary>) =>
              failure ? (
                <Alert severity="error">
                  Your orders could not be loaded just now. Please reload.
                </Alert>
              ) : (
                data && <Needs summary={data} />
              )
            }
          </Await>
        </Suspense>
      ) : (
        <Skeleton height={96} />
      )}
    </section>
  );
}

function Needs({ summary }: { summary: OrderSummary }) {
  const {
    QuotesToAnswer: quotes,
    InvoicesToPay: invoices,
    AtDepot: depot,
    Unbooked: unbooked,
    Moved: moved,
  } = summary;
  if (quotes.total + invoices.total + depot.total + unbooked.total + moved.total === 0) {
    return (
      <p className="screen__muted" data-testid="nothing-needed">
        Nothing needs you just now: no quotes to answer, no invoices to pay and no parcels at the
        depot.
      </p>
    );
  }
  return (
    <div className="screen__grid screen__grid--lg">
      {unbooked.total > 0 && (
        <Part
          title="Parcels to book"
          total={unbooked.total}
          more="/order/"
          moreLabel="Book a delivery"
          items={unbooked.items.map((parcel) => ({
            key: parcel.Id,
            text: (
              <>
                <strong>Parcel {parcel.Id}</strong> arrived{' '}
                {formatDisplayDate(new Date(parcel.Received))}
                {parcel.AddressedTo ? ` for ${parcel.AddressedTo}` : ''}
                {parcel.InboundTrackingNumber && (
                  <span className="needs__sub screen__wrap">
                    Tracking {parcel.InboundTrackingNumber}
                  </span>
                )}
                <span
                  className={`needs__sub needs__clock needs__clock--${parcel.Storage.Phase}`}
                  data-testid="storage-clock"
                >
                  {storageClockText(parcel.Storage)}
                </span>
              </>
            ),
            action: (
              <Link to="/order/" className="button button--outlined">
                Book
              </Link>
            ),
          }))}
        />
      )}
      {quotes.total > 0 && (
        <Part
          title="Quotes to answer"
          total={quotes.total}
          more={historyWith('Quote Ready')}
          items={quotes.items.map((order) => ({
            key: order.Id,
            text: (
              <OrderLine
                order={order}
                detail={order.QuotePrice === null ? '' : formatPounds(order.QuotePrice)}
              />
            ),
            action: <AnswerQuoteButton order={order}>Answer</AnswerQuoteButton>,
          }))}
        />
      )}
      {invoices.total > 0 && (
        <Part
          title="Invoices to pay"
          total={invoices.total}
          more={historyWith()}
          items={invoices.items.map((invoice) => ({
            key: invoice.Id,
            text: (
              <>
                <strong>{invoice.Reference}</strong> {formatPounds(invoice.Amount)} for{' '}
                {invoice.OrderReference}
                <span className="needs__sub">{invoice.Reason}</span>
              </>
            ),
            action: <PayInvoiceButton invoice={invoice}>Pay</PayInvoiceButton>,
          }))}
        />
      )}
      {moved.total > 0 && (
        <Part
          title="Parcels on a new sailing"
          total={moved.total}
          more={historyWith()}
          items={moved.items.map((parcel) => ({
            key: parcel.Id,
            text: (
              <>
                <Link to={`/dashboard/orders/${parcel.Id}`} className="screen__strong-link">
                  {parcel.Reference}
                </Link>
                <span className="needs__sub" data-testid="moved-arrival">
                  {parcel.Arrival.Words}
                </span>
              </>
            ),
          }))}
        />
      )}
      {depot.total > 0 && (
        <Part
          title="Parcels at the depot"
          total={depot.total}
          more={historyWith()}
          items={depot.items.map((order) => ({
            key: order.Id,
            text: <OrderLine order={order} detail={AT_DEPOT_WORDS[order.StatusId_Name] ?? ''} />,
          }))}
        />
      )}
    </div>
  );
}

function OrderLine({ order, detail }: { order: CustomerOrder; detail: string }) {
  return (
    <>
      <Link to={`/dashboard/orders/${order.Id}`} className="screen__strong-link">
        {order.Reference}
      </Link>{' '}
      {detail}
      <span className="needs__sub screen__wrap">{order.ItemDescription}</span>
    </>
  );
}

function Part({
  title,
  total,
  more,
  moreLabel = 'More in Order History',
  items,
}: {
  title: string;
  total: number;
  more: string;
  moreLabel?: string;
  items: { key: number; text: ReactNode; action?: ReactNode }[];
}) {
  const id = `needs-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section className="card needs__part" aria-labelledby={id}>
      <h3 id={id}>
        {title} ({total})
      </h3>
      <ul className="needs__list">
        {items.map((item) => (
          <li key={item.key}>
            <div className="needs__text">{item.text}</div>
            {item.action}
          </li>
        ))}
      </ul>
      {total > items.length && (
        <Link to={more} className="screen__small">
          {moreLabel}
        </Link>
      )}
    </section>
  );
}
