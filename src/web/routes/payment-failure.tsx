import { pageTitle } from '../lib/site';
import { PaymentFailure } from '../features/checkout/payment-failure';

export const meta = () => [
  { title: pageTitle('Payment not completed') },
  { name: 'robots', content: 'noindex' },
];

/** /payment/failure/?ref=PAY-000001&reason=… (SPEC section 2): a declined or abandoned payment. */
export default function PaymentFailureRoute() {
  return <PaymentFailure />;
}
