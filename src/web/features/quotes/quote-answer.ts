import type { AcceptQuoteRequest } from '../../../shared/api/quotes';
import type { Failure } from '../../lib/route-data';

// What the quote's two forms (accept-quote-form.tsx, decline-quote-dialog.tsx) send to the
// route's action (routes/dashboard-quote.tsx) and what it answers.

/** What the quote route's action answers (routes/dashboard-quote.tsx). */
export type QuoteAnswer =
  | { intent: 'accept'; checkoutUrl: string; failure?: undefined }
  | { intent: 'accept' | 'decline'; checkoutUrl?: undefined; failure: Failure }
  | { intent: 'decline'; checkoutUrl?: undefined; failure: null };

/** What the form sends to the route's action. */
export type QuoteSubmission =
  { intent: 'accept'; body: AcceptQuoteRequest } | { intent: 'decline' };
