import { useEffect, useState } from 'react';
import { Link, useLoaderData, useRevalidator } from 'react-router';
import type { CheckoutResult } from '../../../shared/api/checkout';
import { formatPounds } from '../../../shared/money';
import { Icon, icons } from '../../components/icons';
import { Alert, Spinner } from '../../components/plain-controls';
import { useDataForSession } from '../../lib/route-data';
import { useSession } from '../../lib/session';
import { ShippingAddressCard } from '../../components/shipping-address-card';
import { removeOrders } from '../../lib/booking-store';
import type { PaymentData } from './api/get-payment';
import { clearCheckout, isOwnPayment, readCheckoutOrder } from './checkout-storage';
import { LoginGate } from './login-gate';
import { PaymentLookupError, paymentLoginMessage } from './payment-lookup';
import { isPaymentReference } from './payment-outcome';
import './payment.css';

/** How often a pending payment is asked about again, and for how long at most. */
const CONFIRM_POLL_MS = 2_000;
const CONFIRM_GIVE_UP_MS = 30_000;

const CONFIRMING = 'Confirming your payment…';
const STILL_CONFIRMING =
  'Your payment is taking longer than usual to confirm. If you paid, nothing more is needed: we e-mail your receipt as soon as the payment provider tells us, and your orders show as paid in Order History.';

/**
 * /payment/success/?ref=PAY-000001, where the payment page sends the customer after paying. The
 * payment is confirmed by the server (with the provider), never by this address: the route's
 * loader reads it (routes/payment-success.tsx), and while it is pending the page asks again for
 * about 30 seconds. Once paid, the bookings paid for leave the basket and the checkout's stored
 * data is cleared.
 */
export function PaymentSuccess() {
  const data = useLoaderData() as PaymentData;
  useDataForSession(data.token);
  return (
    <div className="container payment-page">
      {isPaymentReference(data.reference) ? (
        <LoginGate message={paymentLoginMessage}>
          <Outcome data={data} />
        </LoginGate>
      ) : (
        <PaymentLookupError />
      )}
    </div>
  );
}

function Outcome({ data: { result, failure } }: { data: PaymentData }) {
  const { revalidate, state } = useRevalidator();
  const [gaveUp, setGaveUp] = useState(false);
  const status = result?.Payment.Status;

  // The provider's answer can arrive a moment after the customer does: asked again while pending.
  useEffect(() => {
    if (status !== 'pending' || gaveUp || state !== 'idle') return;
    const timer = setTimeout(() => void revalidate(), CONFIRM_POLL_MS);
    return () => clearTimeout(timer);
  }, [status, gaveUp, state, result, revalidate]);

  useEffect(() => {
    if (status !== 'pending' || gaveUp) return;
    const timer = setTimeout(() => setGaveUp(true), CONFIRM_GIVE_UP_MS);
    return () => clearTimeout(timer);
  }, [status, gaveUp]);

  useEffect(() => {
    if (status === 'paid' && result) forgetPaidCheckout(result);
  }, [status, result]);

  if (!result) return failure ? <PaymentLookupError failure={failure} /> : <Confirming />;
  const { Payment, Orders } = result;
  if (Payment.Status === 'pending') {
    return gaveUp ? (
      <div className="payment-page__stack">
        <h1 className="payment-page__title">Confirming your payment</h1>
        <Alert severity="warning" data-testid="payment-slow">
          {STILL_CONFIRMING}
        </Alert>
        <div className="payment-page__actions">
          <button
            type="button"
            className="button button--contained"
            onClick={() => {
              setGaveUp(false);
              void revalidate();
            }}
          >
            Check again
          </button>
          <Link to="/dashboard/orders/" className="button button--outlined">
            Order History
          </Link>
        </div>
      </div>
    ) : (
      <Confirming />
    );
  }
  return Payment.Kind === 'invoice' ? (
    <InvoicePaid result={result} />
  ) : (
    <CheckoutPaid result={{ Payment, Orders }} />
  );
}

/**
 * Only this browser's checkout leaves its basket: the bookings named by the local ids the server
 * echoed, then CHECKOUT-REF, CHECKOUT-ORDER, DISCOUNT and PAYMENT. A payment made in another
 * browser has local ids that mean nothing here, so nothing is touched.
 */
function forgetPaidCheckout({ Payment, Orders }: CheckoutResult) {
  if (Payment.Kind !== 'checkout' || !isOwnPayment(Payment.Reference)) return;
  const localIds = Orders.flatMap((o) => (o.LocalId === null ? [] : [o.LocalId]));
  const stored = readCheckoutOrder();
  // The answer kept at checkout names the same bookings; use it if the server's lacks them.
  const ids = localIds.length
    ? localIds
    : (stored?.Orders.flatMap((o) => (o.LocalId === null ? [] : [o.LocalId])) ?? []);
  removeOrders(ids);
  clearCheckout();
}

function Confirming() {
  return (
    <div className="payment-page__confirming" role="status" data-testid="payment-confirming">
      <Spinner />
      <h1 className="payment-page__title payment-page__title--small">{CONFIRMING}</h1>
      <p className="payment-page__muted">This usually takes a few seconds.</p>
    </div>
  );
}

function PaidHeading({ children }: { children: string }) {
  return (
    <div className="payment-page__heading">
      <Icon path={icons.done} size={35} className="payment-page__icon--success" />
      <h1 className="payment-page__title">{children}</h1>
    </div>
  );
}

function Received({ payment }: { payment: CheckoutResult['Payment'] }) {
  return (
    <>
      We have received <strong data-testid="amount-paid">{formatPounds(payment.Amount)}</strong>{' '}
      (payment <span className="payment-page__nowrap">{payment.Reference}</span>)
    </>
  );
}

function CheckoutPaid({ result: { Payment, Orders } }: { result: CheckoutResult }) {
  const { user } = useSession();
  return (
    <>
      <PaidHeading>Thank you, your delivery is paid</PaidHeading>
      <p className="payment-page__lead">
        <Received payment={Payment} /> and e-mailed you a receipt.
      </p>
      <section className="card payment-page__orders" aria-labelledby="paid-orders-heading">
        <h2 id="paid-orders-heading" className="payment-page__subtitle">
          Your {Orders.length === 1 ? 'order' : 'orders'}
        </h2>
        <ul className="payment-page__order-list">
          {Orders.map((order) => (
            <li key={order.Id} className="payment-page__order" data-testid="paid-order">
              <div>
                <p className="payment-page__reference" data-testid="order-reference">
                  {order.Reference}
                </p>
                <p className="payment-page__muted payment-page__small">
                  {[order.ItemDescription, order.RetailerName && `from ${order.RetailerName}`]
                    .filter(Boolean)
                    .join(' ')}
                  {order.Island ? ` to ${order.Island}` : ''}
                </p>
              </div>
              <span className="payment-page__amount">{formatPounds(order.Total)}</span>
            </li>
          ))}
        </ul>
      </section>
      <h2 className="payment-page__subtitle">What to do next</h2>
      <ol className="payment-page__steps">
        <li>
          Give each retailer your UK depot address below as the delivery address, with your customer
          reference, exactly as shown.
        </li>
        <li>We e-mail you when your parcel reaches the depot and again when it is on its way.</li>
        <li>Follow your orders at any time in Order History.</li>
      </ol>
      {user && (
        <div className="payment-page__address">
          <ShippingAddressCard user={user} withReminder={false} />
        </div>
      )}
      <div className="payment-page__actions">
        <Link to="/dashboard/orders/" className="button button--contained">
          Order History
        </Link>
        <Link to="/order/" className="button button--outlined">
          Book another delivery
        </Link>
      </div>
    </>
  );
}

function InvoicePaid({ result: { Payment, Orders } }: { result: CheckoutResult }) {
  return (
    <>
      <PaidHeading>Thank you, your invoice is paid</PaidHeading>
      <p className="payment-page__lead">
        <Received payment={Payment} />
        {Orders.length > 0 && (
          <>
            {' '}
            for order <strong data-testid="order-reference">{Orders[0].Reference}</strong>
          </>
        )}{' '}
        and e-mailed you a receipt.
      </p>
      <div className="payment-page__actions">
        <Link to="/dashboard/orders/" className="button button--contained">
          Order History
        </Link>
        <Link to="/dashboard/" className="button button--outlined">
          My Account
        </Link>
      </div>
    </>
  );
}
