import { Link } from 'react-router';
import { CHECKOUT_MESSAGES } from '../../../shared/checkout-messages';
import { Alert } from '../../components/plain-controls';
import type { Failure } from '../../lib/route-data';
import './payment.css';

export const paymentLoginMessage = 'Please log in to see your payment.';

/** A payment that cannot be shown: not found (or no payment reference), or not loaded. */
export function PaymentLookupError({ failure }: { failure?: Failure }) {
  const message =
    failure === undefined || failure.status === 404
      ? CHECKOUT_MESSAGES.paymentNotFound
      : 'Your payment could not be looked up just now. Please reload the page.';
  return (
    <div className="payment-page__stack">
      <Alert severity="error">{message}</Alert>
      <div className="payment-page__actions">
        <Link to="/dashboard/orders/" className="button button--contained">
          Order History
        </Link>
        <Link to="/basket/" className="button button--outlined">
          Back to the basket
        </Link>
      </div>
    </div>
  );
}
