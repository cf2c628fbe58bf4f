import { redirect } from 'react-router';
import type { Route } from './+types/payment-failure';
import { pageTitle } from '../lib/site';
import { loadPayment } from '../features/checkout/api/get-payment';
import { PaymentFailure } from '../features/checkout/payment-failure';

export const meta = () => [
  { title: pageTitle('Payment not completed') },
  { name: 'robots', content: 'noindex' },
];

/** The payment; one that was paid after all shows as paid. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const data = await loadPayment(request);
  const payment = data.result?.Payment;
  if (payment?.Status === 'paid') {
    throw redirect(`/payment/success/?ref=${encodeURIComponent(payment.Reference)}`);
  }
  return data;
}

/**
 * /payment/failure/?ref=PAY-000001&reason=… (docs/requirements.md §2): a declined or abandoned
 * payment.
 */
export default function PaymentFailureRoute() {
  return <PaymentFailure />;
}
