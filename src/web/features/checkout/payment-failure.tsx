import { Link, useLoaderData, useNavigate, useSearchParams } from 'react-router';
import { Icon, icons } from '../../components/icons';
import { Alert, Spinner } from '../../components/plain-controls';
import { useDataForSession } from '../../lib/route-data';
import type { PaymentData } from './api/get-payment';
import { clearCheckoutKey } from './checkout-storage';
import { LoginGate } from './login-gate';
import { PaymentLookupError, paymentLoginMessage } from './payment-lookup';
import { failureMessage, isPaymentReference, paidFor, wayBack } from './payment-outcome';
import { useLeaveForPayment } from '../../lib/use-leave-for-payment';
import './payment.css';

/**
 * /payment/failure/?ref=PAY-000001&reason=card_declined: what went wrong, Try again, and the way
 * back to what was being paid (the basket, the invoice or the quote). A payment still pending is
 * tried again on its own payment page (the same payment: nothing is booked twice and the basket
 * is untouched); one that expired starts a new checkout (or goes back to its invoice or quote).
 */
export function PaymentFailure() {
  const data = useLoaderData() as PaymentData;
  useDataForSession(data.token);
  return (
    <div className="container container--narrow payment-page">
      <div className="payment-page__heading">
        <Icon path={icons.failed} size={35} className="payment-page__icon--error" />
        <h1 className="payment-page__title">Your payment did not go through</h1>
      </div>
      {isPaymentReference(data.reference) ? (
        <LoginGate message={paymentLoginMessage}>
          <Failure data={data} />
        </LoginGate>
      ) : (
        <PaymentLookupError />
      )}
    </div>
  );
}

function Failure({ data: { result, failure } }: { data: PaymentData }) {
  const navigate = useNavigate();
  const { leaving, leave } = useLeaveForPayment();
  const [params] = useSearchParams();
  const reason = params.get('reason');

  if (failure) return <PaymentLookupError failure={failure} />;
  if (!result) {
    return (
      <div className="payment-page__loading">
        <Spinner label="Loading your payment" />
      </div>
    );
  }
  const payment = result.Payment;
  const what = paidFor(result);
  const back = wayBack(what);

  const tryAgain = () => {
    if (payment.Status === 'pending' && payment.CheckoutUrl) {
      leave(payment.CheckoutUrl);
      return;
    }
    // An invoice is paid again from its page; a quote is accepted again from its own.
    if (what.kind !== 'booking') {
      navigate(back.to);
      return;
    }
    clearCheckoutKey(); // that payment is over: the next Pay starts a new one
    navigate('/checkout/');
  };

  return (
    <div className="payment-page__stack">
      <Alert severity="error" data-testid="failure-reason">
        {failureMessage(payment, reason)}
      </Alert>
      {what.kind === 'booking' && (
        <p className="payment-page__muted">
          Your bookings are still in your basket, and nothing has been booked twice.
        </p>
      )}
      <div className="payment-page__actions">
        <button
          type="button"
          className="button button--contained button--large"
          onClick={tryAgain}
          disabled={leaving}
          aria-busy={leaving || undefined}
        >
          {leaving && <Spinner />}
          Try again
        </button>
        <Link to={back.to} className="button button--outlined button--large">
          {back.label}
        </Link>
        {what.kind !== 'booking' && (
          <Link to="/dashboard/orders/" className="button button--large">
            Order History
          </Link>
        )}
      </div>
    </div>
  );
}
