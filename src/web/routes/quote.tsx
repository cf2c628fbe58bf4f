import { redirect } from 'react-router';
import type { Route } from './+types/quote';
import type { QuoteRequest } from '../../shared/api/orders';
import { pageTitle } from '../lib/site';
import { failureOf } from '../lib/route-data';
import { createQuote } from '../features/booking/api/create-quote';
import { QuoteFormPage, type QuoteAnswer } from '../features/booking/quote-form';

export const meta = () => [{ title: pageTitle('Ask for a quote') }];

/** Sends the quote request; once stored, its confirmation page with the reference. */
export async function clientAction({ request }: Route.ClientActionArgs): Promise<QuoteAnswer> {
  let reference: string;
  try {
    reference = (await createQuote((await request.json()) as QuoteRequest)).Reference;
  } catch (error) {
    return { failure: failureOf(error) };
  }
  throw redirect(`/quote-confirm/?ref=${encodeURIComponent(reference)}`);
}

export default function QuoteRoute() {
  return <QuoteFormPage />;
}
