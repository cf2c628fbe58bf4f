import { pageTitle } from '../lib/site';
import { PaymentSuccess } from '../features/checkout/payment-success';

export const meta = () => [
  { title: pageTitle('Payment received') },
  { name: 'robots', content: 'noindex' },
];

/** /payment/success/?ref=PAY-000001 (SPEC section 2): where the payment page sends a payer. */
export default function PaymentSuccessRoute() {
  return <PaymentSuccess />;
}
