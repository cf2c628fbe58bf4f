import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Uses } from '../../lib/uses';
import type { z } from 'zod';
import type { CheckoutResult } from '../../../shared/api/checkout';
import type { acceptQuoteRequest, CustomerQuote } from '../../../shared/api/quotes';
import { paymentReference } from '../../../shared/order-reference';
import { ANSWERABLE_QUOTE_STATUS, QUOTE_MESSAGES, quoteActions } from '../../../shared/quotes';
import { nextIds } from '../../db/next-ids';
import { orders, payments } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { openedPaymentView, type Payer } from '../payments/start';
import { toPayment, type PaymentRow } from '../payments/views';
import { chosenAddresses } from './service';
import { transitionOrders } from '../orders/lifecycle';
import type { Tx } from '../../db/client';
import { priceAcceptedQuote } from '../orders/pricing';
import { assertAnswerable, lockQuote, type OrderRow } from '../orders/quotes';
import { toCustomerOrder } from '../orders/service';

/**
 * Quotes and their payments (decision 0020). Accepting a quote fixes its price lines and total and
 * creates its checkout payment with the provider; the quote's view shows that payment.
 */

type AcceptBody = z.output<typeof acceptQuoteRequest>;

/** A quote as its customer sees it, with the payment made when it was accepted. */
export async function quoteView(tx: Tx, row: OrderRow): Promise<CustomerQuote> {
  const [payment] = row.paymentId
    ? await tx.select().from(payments).where(eq(payments.id, row.paymentId))
    : [];
  return {
    ...toCustomerOrder(row),
    QuoteNote: row.quoteNote,
    QuotedAt: row.quotedAt?.toISOString() ?? null,
    Actions: quoteActions(row.status),
    Payment: payment ? toPayment(payment) : null,
  };
}

/** The customer's choices, in one form whatever their order: the same choices hash the same. */
const hashChoices = (body: AcceptBody) =>
  createHash('sha256')
    .update(
      JSON.stringify({
        extras: [...new Set(body.selectedExtras)].sort((a, b) => a - b),
        delivery: body.DeliveryAddressId,
        billing: body.BillingAddressId,
      }),
    )
    .digest('hex');

/**
 * POST /public/orders/accept/{id}: in one transaction, with the quote's row locked, Quote Ready to
 * Awaiting Payment with its lines (the quoted price, then each extra from the catalogue) and total
 * fixed, the delivery and billing addresses copied, and a pending checkout payment for the total.
 * A repeat with the same choices while that payment is pending (a double click, two tabs, a lost
 * answer) waits for the lock and answers the same payment; other choices are a 409. So a quote
 * has at most one payment to pay at a time.
 */
export async function acceptQuote(
  app: Uses<'config' | 'database' | 'paymentProvider'>,
  customer: Payer,
  id: number,
  body: AcceptBody,
): Promise<{ result: CheckoutResult; created: boolean }> {
  const db = app.database.db;
  const customerId = customer.id;
  const requestHash = hashChoices(body);
  const { payment, created } = await db.transaction(async (tx) => {
    const quote = await lockQuote(tx, id, customerId);
    const earlier = await pendingPaymentOf(tx, quote);
    if (earlier) {
      if (earlier.requestHash !== requestHash) {
        throw new HttpError(409, QUOTE_MESSAGES.acceptedOtherwise);
      }
      return { payment: earlier, created: false };
    }
    assertAnswerable(quote);
    const { extraIds, lines, totalPence } = await priceAcceptedQuote(
      tx,
      quote.quotePricePence!,
      body.selectedExtras,
    );
    const { delivery, billing } = await chosenAddresses(tx, customerId, body, [
      { field: 'DeliveryAddressId', island: quote.island },
    ]);
    const [paymentId] = await nextIds(tx, 'payments');
    const [row] = await tx
      .insert(payments)
      .values({
        id: paymentId,
        reference: paymentReference(paymentId),
        customerId,
        kind: 'checkout',
        provider: app.paymentProvider.name,
        subtotalPence: totalPence,
        amountPence: totalPence,
        requestHash,
        billingAddress: billing,
      })
      .returning();
    await tx
      .update(orders)
      .set({
        extraIds,
        lines,
        totalPence,
        discountPence: 0,
        deliveryAddress: delivery,
        termsAcceptedAt: new Date(),
        paymentId,
      })
      .where(eq(orders.id, id));
    const actor = { type: 'customer' as const, id: customerId };
    await transitionOrders(
      tx,
      [id],
      ANSWERABLE_QUOTE_STATUS,
      'Awaiting Payment',
      actor,
      `Quote accepted: ${row.reference}`,
    );
    return { payment: row, created: true };
  });
  return { result: await openedPaymentView(app, payment, customer), created };
}

/** The payment still to be made for an accepted quote, if there is one. */
async function pendingPaymentOf(tx: Tx, quote: OrderRow): Promise<PaymentRow | null> {
  if (quote.status !== 'Awaiting Payment' || quote.paymentId === null) return null;
  const [row] = await tx.select().from(payments).where(eq(payments.id, quote.paymentId));
  return row?.status === 'pending' ? row : null;
}
