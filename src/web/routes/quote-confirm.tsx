import { pageTitle } from '../lib/site';
import { QuoteConfirm } from '../features/booking/quote-confirm';

export const meta = () => [{ title: pageTitle('Quote request sent') }];

export default function QuoteConfirmRoute() {
  return <QuoteConfirm />;
}
