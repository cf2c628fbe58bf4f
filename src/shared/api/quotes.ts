import { z } from 'zod';
import { amountSchema } from './office';
import { multilineText } from './fields';
import { pathId } from './listing';
import { bookingSchema, checkoutRequest, paymentSchema } from './checkout';
import { customerOrderSchema } from './orders';

export { QUOTE_MESSAGES } from '../quotes';

/**
 * The API contract of quotes (docs/requirements.md §7):
 * - GET /public/orders/quote/{id}: one of the customer's quotes: the booking it answers, the
 *   office's price and note, its status, what may be done with it, and the payment that pays it
 *   once accepted.
 * - POST /public/orders/accept/{id}: accepts a Quote Ready quote with the chosen extras and the
 *   checkout's addresses. The server prices it (the quoted price, then each extra from the
 *   catalogue; prices the browser sends are dropped, never read), moves it to Awaiting Payment
 *   and creates its payment: the answer is the checkout's (201, or 200 with the payment already
 *   created for the same choices).
 * - POST /public/orders/decline/{Id} (no body): Quote Ready to Quote Declined; answers the quote.
 * Money crosses the API in pounds.
 */

export const quoteParams = z.object({ id: pathId }).strict();
export const declineParams = z.object({ Id: pathId }).strict();

/**
 * POST /public/orders/accept/{id}: the extras chosen (enabled ones of POST /api/orderextras) and
 * the addresses and terms as the checkout takes them. Other fields are dropped, never read.
 */
export const acceptQuoteRequest = z.object({
  selectedExtras: bookingSchema.shape.selectedExtras,
  DeliveryAddressId: checkoutRequest.shape.DeliveryAddressId,
  BillingAddressId: checkoutRequest.shape.BillingAddressId,
  TermsAccepted: checkoutRequest.shape.TermsAccepted,
});
export type AcceptQuoteRequest = z.input<typeof acceptQuoteRequest>;

/** A quote as its customer sees it: the order, with the office's answer and what may be done. */
export const customerQuoteSchema = customerOrderSchema.extend({
  /** The office's note with the price. */
  QuoteNote: z.string(),
  /** When it was priced (ISO time), or null while it is being priced. */
  QuotedAt: z.string().nullable(),
  /** Accept and decline are offered only while Quote Ready. */
  Actions: z.object({ Accept: z.boolean(), Decline: z.boolean() }),
  /** The payment made when it was accepted (pending, paid, or expired), or null. */
  Payment: paymentSchema.nullable(),
});
export type CustomerQuote = z.infer<typeof customerQuoteSchema>;

/** POST /dev/quotes/price (development only): the office's price, as the back office sets it (decision 0018). */
export const devPriceQuoteRequest = z
  .object({
    OrderReference: z.string().regex(/^ORD-\d{6,16}$/i, 'must be an order reference'),
    Amount: amountSchema,
    Note: multilineText(2000).default(''),
  })
  .strict();
