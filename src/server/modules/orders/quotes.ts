import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { CustomerOrder } from '../../../shared/api/orders';
import { formatMoney } from '../../../shared/money';
import {
  ANSWERABLE_QUOTE_STATUS,
  QUOTE_MESSAGES,
  isQuote,
  quoteActions,
} from '../../../shared/quotes';
import { orders, payments, users } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { queueMail, type MailMessage } from '../../lib/mail';
import { orderMessage } from '../auth/emails';
import type { Site } from '../../config';
import { trackingUrlOf } from '../../lib/tracking-codes';
import { fullName } from '../auth/user-data';
import { transitionOrders } from './lifecycle';
import { SYSTEM, type Actor } from '../../lib/actor';
import type { Db, Tx } from '../../db/client';
import { toCustomerOrder } from './service';

/**
 * Quotes (decision 0020): an order without a price band, asked for with POST
 * /public/orders/createquote (Quote Requested). The office prices it (Quote Ready, with an e-mail
 * to the customer); the customer accepts it (../checkout/quote-payments.ts: Awaiting Payment, with
 * its payment) or declines it (Quote Declined). An accepted quote left unpaid goes back to Quote
 * Ready when its payment is given up, so that it can be accepted again.
 */

export type OrderRow = typeof orders.$inferSelect;

/** Orders that are quotes: without a price band. */
const isQuoteOrder = isNull(orders.productId);
export const isQuoteRow = (row: Pick<OrderRow, 'productId'>) =>
  isQuote({ ProductId: row.productId });
/** A condition on payments: the payment pays for an accepted quote. */
export const paysForAQuote = sql`exists (select 1 from ${orders} where ${orders.paymentId} = ${payments.id} and ${isQuoteOrder})`;

/** A quote by id (the customer's own when given), locked for the use case's transaction. */
export async function lockQuote(tx: Tx, id: number, customerId?: number): Promise<OrderRow> {
  const own = customerId === undefined ? undefined : eq(orders.customerId, customerId);
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), isQuoteOrder, own))
    .for('update');
  if (!row) throw new HttpError(404, QUOTE_MESSAGES.notFound);
  return row;
}

/** One of the customer's quotes, unlocked (another customer's, or an order of a band, is a 404). */
export async function findCustomerQuote(tx: Tx, customerId: number, id: number): Promise<OrderRow> {
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.customerId, customerId), isQuoteOrder));
  if (!row) throw new HttpError(404, QUOTE_MESSAGES.notFound);
  return row;
}

/** A 409 unless the quote may be answered (accepted or declined) now. */
export function assertAnswerable(row: OrderRow) {
  if (!quoteActions(row.status).Accept) {
    throw new HttpError(409, QUOTE_MESSAGES.notAnswerable(row.status));
  }
}

/** Where the customer reads and answers a quote. */
const quoteUrl = (site: Site, id: number) => `${site.publicUrl}/dashboard/quote/${id}`;

function quoteReadyEmail(
  site: Site,
  to: { email: string; firstName: string },
  order: CustomerOrder,
  trackUrl: string,
  note: string,
  pricePence: number,
): MailMessage {
  const tracked = { id: order.Id, reference: order.Reference, trackUrl };
  return orderMessage(site, to, tracked, 'quote-ready', {
    subject: `Your ${site.brand} quote ${order.Reference} is ready`,
    paragraphs: [
      `We have priced the delivery you asked us about: ${order.ItemDescription}, to ${order.Island}.`,
      ...(note ? [note] : []),
    ],
    table: [{ label: 'Our price', value: formatMoney(pricePence), strong: true }],
    button: { label: 'See your quote', url: quoteUrl(site, order.Id) },
    after: ['Accept it and pay, choosing any extras you would like, or decline it.'],
  });
}

/**
 * The office prices a requested quote (the back office calls it, decision 0018): Quote Requested
 * to Quote Ready with its price, note and time, and an e-mail to the customer with a link to the
 * quote, in the caller's transaction. A quote in another status is a 409.
 */
export async function priceQuote(
  tx: Db,
  site: Site,
  orderId: number,
  { amountPence, note }: { amountPence: number; note: string },
  actor: Actor,
): Promise<CustomerOrder> {
  if (!Number.isInteger(amountPence) || amountPence <= 0) {
    throw new Error(`a quote's price must be a positive number of pence, not ${amountPence}`);
  }
  const row = await lockQuote(tx, orderId);
  if (row.status !== 'Quote Requested') {
    throw new HttpError(409, QUOTE_MESSAGES.notPriceable(row.status));
  }
  const [priced] = await tx
    .update(orders)
    .set({ quotePricePence: amountPence, quoteNote: note, quotedAt: new Date() })
    .where(eq(orders.id, orderId))
    .returning();
  await transitionOrders(
    tx,
    [orderId],
    'Quote Requested',
    ANSWERABLE_QUOTE_STATUS,
    actor,
    `Quoted ${formatMoney(amountPence)}`,
  );
  const order = toCustomerOrder({ ...priced, status: ANSWERABLE_QUOTE_STATUS });
  const [customer] = await tx.select().from(users).where(eq(users.id, row.customerId));
  if (customer?.email) {
    const to = { email: customer.email, firstName: customer.firstName ?? fullName(customer) };
    const trackUrl = await trackingUrlOf(tx, site, order.Id);
    await queueMail(tx, quoteReadyEmail(site, to, order, trackUrl, note, amountPence));
  }
  return order;
}

/** POST /public/orders/decline/{Id}: the customer declines a Quote Ready quote, in one transaction. */
export async function declineQuote(tx: Tx, customerId: number, id: number): Promise<OrderRow> {
  const row = await lockQuote(tx, id, customerId);
  assertAnswerable(row);
  const actor = { type: 'customer' as const, id: customerId };
  await transitionOrders(
    tx,
    [id],
    ANSWERABLE_QUOTE_STATUS,
    'Quote Declined',
    actor,
    'Quote declined',
  );
  return { ...row, status: 'Quote Declined' };
}

/** What accepting a quote fixed on it, cleared when it goes back to Quote Ready. */
const NOT_ACCEPTED = {
  extraIds: [],
  lines: [],
  totalPence: 0,
  deliveryAddress: null,
  termsAcceptedAt: null,
} satisfies Partial<OrderRow>;

/**
 * Accepted quotes whose payment was given up (not paid within 24 hours) go back to Quote Ready,
 * without the choices made when accepting, so that the customer can accept them again. In the
 * caller's transaction; returns the ids that moved.
 */
export async function reopenQuotes(tx: Tx, ids: readonly number[], note: string) {
  const moved = await transitionOrders(tx, ids, 'Awaiting Payment', 'Quote Ready', SYSTEM, note);
  if (moved.length > 0) {
    await tx.update(orders).set(NOT_ACCEPTED).where(inArray(orders.id, moved));
  }
  return moved;
}
