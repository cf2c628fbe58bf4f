import { pageTitle } from '../lib/site';
import { QuoteConfirm } from '../features/order/quote-confirm';

export const meta = () => [{ title: pageTitle('Quote request sent') }];

export default function QuoteConfirmRoute() {
  return <QuoteConfirm />;
}
