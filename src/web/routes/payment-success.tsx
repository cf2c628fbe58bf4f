import { redirect } from 'react-router';
import type { Route } from './+types/payment-success';
import { pageTitle } from '../lib/site';
import { loadPayment } from '../features/checkout/api/get-payment';
import { PaymentSuccess } from '../features/checkout/payment-success';

export const meta = () => [
  { title: pageTitle('Payment received') },
  { name: 'robots', content: 'noindex' },
];

/** The payment, read again while it is pending; one that expired or was cancelled failed. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const data = await loadPayment(request);
  const payment = data.result?.Payment;
  if (payment?.Status === 'expired' || payment?.Status === 'cancelled') {
    throw redirect(`/payment/failure/?ref=${encodeURIComponent(payment.Reference)}`);
  }
  return data;
}

/**
 * /payment/success/?ref=PAY-000001 (docs/requirements.md §2): where the payment page sends a payer.
 */
export default function PaymentSuccessRoute() {
  return <PaymentSuccess />;
}
