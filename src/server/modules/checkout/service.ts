import { checkouts } from '../../lib/metrics';
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Uses } from '../../lib/uses';
import type { z } from 'zod';
import {
  CHECKOUT_MESSAGES,
  type CheckDiscountResult,
  type CheckoutResult,
  type checkDiscountRequest,
  type checkoutRequest,
} from '../../../shared/api/checkout';
import type { FieldError } from '../../../shared/api/errors';
import { allocatePence } from '../../../shared/discounts';
import { toPence, toPounds } from '../../../shared/money';
import { orderReference, paymentReference } from '../../../shared/order-reference';
import { nextIds } from '../../db/next-ids';
import { builtOnce, insertRows } from '../../db/prepared';
import { orderItemLines, orders, payments } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { uniqueViolation } from '../auth/user-data';
import { findCustomerAddress } from '../addresses/service';
import { applyDiscount, reserveDiscount } from '../discounts/service';
import { markPaid, queueReceipt } from '../payments/service';
import { checkoutsBefore, openedPaymentView, type Payer } from '../payments/start';
import type { PaymentRow } from '../payments/views';
import { closePayment } from '../payments/close';
import { recordCreated } from '../orders/lifecycle';
import type { Tx } from '../../db/client';
import { itemLineRows } from '../orders/item-lines';
import { priceBookings } from '../orders/pricing';
import { catalogueInDatabase } from '../catalogue/queries';

/**
 * Checkout (decision 0012): the basket's bookings become orders on the server.
 * Everything is priced again from the catalogue, and one transaction creates the orders in
 * Awaiting Payment, their payment and the discount's reservation. The Idempotency-Key makes a
 * repeat (a double click, a retry after a lost answer) return the same orders and payment.
 */

type CheckoutBody = z.output<typeof checkoutRequest>;

const subtotalOf = (priced: { totalPence: number }[]) =>
  priced.reduce((sum, p) => sum + p.totalPence, 0);

/** POST /public/orders/checkdiscount: what a code takes off these bookings, or why it cannot. */
export async function checkDiscount(
  app: Uses<'clock' | 'database'>,
  customerId: number,
  body: z.output<typeof checkDiscountRequest>,
): Promise<CheckDiscountResult> {
  const db = app.database.db;
  const subtotal = subtotalOf(
    await priceBookings((ids) => catalogueInDatabase(db, ids), body.Orders),
  );
  const applied = await applyDiscount(db, customerId, body.Code, subtotal, {
    ignoreOwnPending: true,
    now: app.clock.now(),
  });
  return {
    Code: applied.code,
    Description: applied.description,
    Subtotal: toPounds(subtotal),
    Discount: toPounds(applied.discountPence),
    Total: toPounds(subtotal - applied.discountPence),
  };
}

const hashRequest = (body: CheckoutBody) =>
  createHash('sha256').update(JSON.stringify(body)).digest('hex');

/**
 * The addresses chosen for a checkout or an accepted quote: the customer's own, the delivery one
 * on the island of every delivery (each given with the field a mismatch is reported on).
 */
export async function chosenAddresses(
  tx: Tx,
  customerId: number,
  ids: { DeliveryAddressId: number; BillingAddressId: number },
  deliveries: readonly { field: string; island: string }[],
) {
  const errors: FieldError[] = [];
  const delivery = await findCustomerAddress(tx, customerId, ids.DeliveryAddressId);
  const billing = await findCustomerAddress(tx, customerId, ids.BillingAddressId);
  if (!delivery)
    errors.push({ field: 'DeliveryAddressId', error: CHECKOUT_MESSAGES.addressNotFound });
  else if (delivery.Type !== 'Delivery' || !delivery.Island) {
    errors.push({ field: 'DeliveryAddressId', error: CHECKOUT_MESSAGES.notADeliveryAddress });
  } else {
    for (const { field, island } of deliveries) {
      if (island !== delivery.Island) {
        errors.push({ field, error: CHECKOUT_MESSAGES.islandMismatch(island, delivery.Island) });
      }
    }
  }
  if (!billing)
    errors.push({ field: 'BillingAddressId', error: CHECKOUT_MESSAGES.addressNotFound });
  if (errors.length > 0 || !delivery || !billing) {
    throw new HttpError(400, 'Please check the fields below.', errors);
  }
  return { delivery, billing };
}

const checkoutAddresses = (tx: Tx, customerId: number, body: CheckoutBody) =>
  chosenAddresses(
    tx,
    customerId,
    body,
    body.Orders.map((booking, i) => ({ field: `Orders.${i}.Island`, island: booking.Island })),
  );

/** A checkout's payment, built once (db/prepared.ts). */
const paymentInserted = builtOnce((db) =>
  db
    .insert(payments)
    .values({
      id: sql.placeholder('id'),
      reference: sql.placeholder('reference'),
      customerId: sql.placeholder('customerId'),
      kind: 'checkout',
      provider: sql.placeholder('provider'),
      subtotalPence: sql.placeholder('subtotalPence'),
      discountPence: sql.placeholder('discountPence'),
      amountPence: sql.placeholder('amountPence'),
      discountCodeId: sql.placeholder('discountCodeId'),
      idempotencyKey: sql.placeholder('idempotencyKey'),
      requestHash: sql.placeholder('requestHash'),
      billingAddress: sql.placeholder('billingAddress'),
    })
    .returning()
    .prepare(''),
);

/**
 * POST /public/orders/create. Answers the payment and its orders, and whether they were made now
 * (201) or by an earlier request with the same key (200).
 */
export async function createCheckout(
  app: Uses<'clock' | 'config' | 'database' | 'log' | 'paymentProvider'>,
  customer: Payer,
  body: CheckoutBody,
  key: string,
): Promise<{ result: CheckoutResult; created: boolean }> {
  const db = app.database.db;
  const requestHash = hashRequest(body);
  const replay = async (row: PaymentRow) => {
    if (row.requestHash !== requestHash)
      throw new HttpError(409, CHECKOUT_MESSAGES.idempotencyConflict);
    return { result: await openedPaymentView(app, row, customer), created: false };
  };

  // The server alone says whether the key still stands (one press of Pay is one request): the
  // same details again are a repeat; other details under a key whose payment is still pending
  // are the customer's new checkout (the basket or an address changed since), which replaces it
  // below and takes the key over; a key whose payment was paid is spent (409).
  const { earlier, others } = await checkoutsBefore(db, customer.id, key);
  if (earlier && (earlier.requestHash === requestHash || earlier.status !== 'pending'))
    return replay(earlier);

  // Priced and its addresses checked once, before anything is replaced: an unbookable checkout
  // replaces nothing. (Read again inside the transaction, they would be no better: nothing locks
  // the catalogue's or the addresses' rows.)
  const priced = await priceBookings((ids) => catalogueInDatabase(db, ids), body.Orders);
  const { delivery, billing } = await checkoutAddresses(db, customer.id, body);

  // A new checkout replaces the customer's pending ones (their pages are closed, their discount
  // uses given back and their keys freed).
  for (const row of [...(earlier ? [earlier] : []), ...others]) {
    await closePayment(app, row, 'cancelled', 'Replaced by a newer checkout', {
      type: 'customer',
      id: customer.id,
    });
  }

  let payment: PaymentRow;
  try {
    payment = await db.transaction(async (tx) => {
      const subtotal = subtotalOf(priced);
      const discount = body.DiscountCode
        ? await applyDiscount(tx, customer.id, body.DiscountCode, subtotal, {
            lock: true,
            now: app.clock.now(),
          })
        : null;
      const discountPence = discount?.discountPence ?? 0;
      const [paymentId] = await nextIds(tx, 'payments', 1);
      const [row] = await paymentInserted(tx).execute({
        id: paymentId,
        reference: paymentReference(paymentId),
        customerId: customer.id,
        provider: app.paymentProvider.name,
        subtotalPence: subtotal,
        discountPence,
        amountPence: subtotal - discountPence,
        discountCodeId: discount?.id ?? null,
        idempotencyKey: key,
        requestHash,
        billingAddress: billing,
      });
      const shares = allocatePence(
        discountPence,
        priced.map((p) => p.totalPence),
      );
      const ids = await nextIds(tx, 'orders', priced.length);
      await insertRows(
        tx,
        orders,
        priced.map(({ booking, lines, totalPence }, i) => ({
          id: ids[i],
          reference: orderReference(ids[i]),
          customerId: customer.id,
          status: 'Awaiting Payment' as const,
          productId: booking.ProductId,
          lengthMm: booking.size?.length ?? null,
          widthMm: booking.size?.width ?? null,
          heightMm: booking.size?.height ?? null,
          weightGrams: booking.Weight ?? null,
          description: booking.ItemDescription,
          itemValuePence: toPence(booking.ItemValue),
          itemCount: booking.ItemCount,
          retailerDeliveryPence: toPence(booking.RetailerDeliveryCharge),
          island: booking.Island,
          retailerName: booking.RetailerName,
          retailerWebsite: booking.RetailerWebsite,
          retailerOrderNumber: booking.RetailerOrderNumber,
          expectedDeliveryDate: booking.ExpectedDeliveryDate || null,
          retailerOrderDate: booking.RetailerOrderDate || null,
          trackingNumber: booking.TrackingNumber,
          deliveryCount: booking.DeliveryCount,
          extraIds: booking.selectedExtras,
          lines,
          totalPence,
          discountPence: shares[i],
          termsAcceptedAt: new Date(booking.TermsAcceptedAt),
          localId: booking.LocalId ?? null,
          deliveryAddress: delivery,
          paymentId,
        })),
      );
      const lines = priced.flatMap(({ booking }, i) => itemLineRows(ids[i], booking.ItemLines));
      await insertRows(tx, orderItemLines, lines);
      const actor = { type: 'customer' as const, id: customer.id };
      await recordCreated(tx, ids, 'Awaiting Payment', actor, `Checkout ${row.reference}`);
      if (discount) await reserveDiscount(tx, discount.id, customer.id, paymentId);
      // Nothing to pay (a 100% discount): booked at once, with no payment page.
      if (row.amountPence === 0) {
        await markPaid(tx, row, null, actor, { site: app.config, now: app.clock.now() });
        await queueReceipt(tx, app.config, paymentId);
        return (await tx.select().from(payments).where(eq(payments.id, paymentId)))[0];
      }
      return row;
    });
  } catch (err) {
    // Two requests with the same key at once: the second finds the first's payment.
    if (uniqueViolation(err) === 'payments_customer_idempotency_idx') {
      const { earlier: first } = await checkoutsBefore(db, customer.id, key);
      if (first) return replay(first);
    }
    throw err;
  }
  const result = await openedPaymentView(app, payment, customer);
  checkouts.inc({ outcome: 'created' });
  return { result, created: true };
}
