import { pageTitle } from '../lib/site';
import { QuoteFormPage } from '../features/booking/quote-form';

export const meta = () => [{ title: pageTitle('Ask for a quote') }];

export default function QuoteRoute() {
  return <QuoteFormPage />;
}
