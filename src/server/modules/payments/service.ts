import { eq, type SQL } from 'drizzle-orm';
import type { PaymentFailure } from '../../../shared/api/checkout';
import { invoices, orders, payments, users } from '../../db/schema';
import { queueMail } from '../../lib/mail';
import { checkouts } from '../../lib/metrics';
import type { Uses } from '../../lib/uses';
import type { Site } from '../../config';
import { depotAddress, fullName, shippingAddress } from '../auth/user-data';
import { chargeStorageAfterWait } from '../invoices/storage-charges';
import { redeemDiscount, releaseDiscount } from '../discounts/service';
import { invoicePaid } from '../invoices/service';
import { recordOrderEvent, transitionOrders } from '../orders/lifecycle';
import { SYSTEM, type Actor } from '../../lib/actor';
import type { Db, Tx } from '../../db/client';
import { isQuoteRow, reopenQuotes } from '../orders/quotes';
import { trackingUrlOf } from '../../lib/tracking-codes';
import { receiptEmail } from './emails';
import { reserveRefunds, sendRefunds, type RefundRow } from './refunds';
import type { SessionState } from './providers/provider';
import { ordersOf, paymentView, type PaymentRow } from './views';
import { movePayments } from '../../lib/status-moves';

/**
 * Payments (decision 0012). A payment is created pending with the orders (or for an invoice),
 * gets a hosted page at the provider, and is settled only by the provider's word: a signed
 * webhook event, or the server asking the provider itself. Settling is idempotent and safe under
 * races: the payment row is locked, and a payment already paid changes nothing.
 */

/** A checkout left unpaid this long is cancelled, and its basket can be paid again. */
export const PAYMENT_TTL_MS = 24 * 60 * 60 * 1000;

async function lockPayment(tx: Tx, where: SQL) {
  const [row] = await tx.select().from(payments).where(where).for('update');
  return row ?? null;
}

/** The payment recorded as taken, once: undefined when it already was. */
async function recordPaid(tx: Tx, row: PaymentRow, providerPaymentId: string | null, actor: Actor) {
  const [paid] = await movePayments(
    tx,
    payments.id,
    row.id,
    ['pending', 'expired', 'cancelled'],
    'paid',
    actor,
    { paidAt: new Date(), providerPaymentId, lastFailure: null },
  );
  return paid;
}

/**
 * Marks a locked, unpaid payment paid and moves what it pays for on, in the caller's transaction:
 * a checkout's orders from Awaiting Payment to Awaiting Parcel and its discount use redeemed, or
 * an invoice paid. Returns false when it was already paid (nothing changes).
 */
export async function markPaid(
  tx: Tx,
  row: PaymentRow,
  providerPaymentId: string | null,
  actor: Actor,
  /** The site (its e-mails) and the app's clock: an invoice paid charges its wait's storage. */
  storage: { site: Site; now: Date },
): Promise<boolean> {
  const paid = await recordPaid(tx, row, providerPaymentId, actor);
  if (!paid) return false;
  const note = `Paid: ${row.reference}`;
  if (row.kind === 'checkout') {
    const ids = (await ordersOf(tx, row)).map((o) => o.id);
    await transitionOrders(tx, ids, 'Awaiting Payment', 'Awaiting Parcel', actor, note);
    await redeemDiscount(tx, row.id, actor);
  } else {
    const released = await invoicePaid(tx, row.invoiceId!, actor, note);
    // Its parcel's wait for the customer ended: the storage of the wait is invoiced, not held.
    if (released !== null) {
      await chargeStorageAfterWait(tx, [released], actor, storage.site, storage.now);
    }
  }
  return true;
}

/**
 * Gives up a pending payment in the caller's transaction: the payment becomes expired or
 * cancelled, its idempotency key is freed (the basket can be checked out again), a checkout's
 * orders still awaiting payment are cancelled and its discount use is released. An accepted
 * quote goes back to Quote Ready instead, to be accepted again.
 */
export async function abandonPayment(
  tx: Tx,
  paymentId: number,
  status: 'expired' | 'cancelled',
  note: string,
  actor: Actor,
): Promise<boolean> {
  const by = { ...actor, note };
  const [row] = await movePayments(tx, payments.id, paymentId, ['pending'], status, by, {
    idempotencyKey: null,
  });
  if (!row) return false;
  if (row.kind === 'checkout') {
    const rows = await ordersOf(tx, row);
    const ids = (quotes: boolean) => rows.filter((o) => isQuoteRow(o) === quotes).map((o) => o.id);
    await transitionOrders(tx, ids(false), 'Awaiting Payment', 'Cancelled', SYSTEM, note);
    await reopenQuotes(tx, ids(true), note);
    await releaseDiscount(tx, row.id, by);
  }
  return true;
}

export type SettleOutcome =
  'paid' | 'already-paid' | 'refunded' | 'failed' | 'expired' | 'open' | 'unknown';

/** Whether a pending payment still pays for something: an invoice voided meanwhile does not. */
async function stillWanted(tx: Tx, row: PaymentRow): Promise<boolean> {
  if (row.status !== 'pending') return false;
  if (row.kind !== 'invoice') return true;
  const [invoice] = await tx
    .select({ status: invoices.status })
    .from(invoices)
    .where(eq(invoices.id, row.invoiceId!));
  return invoice?.status === 'unpaid';
}

/**
 * Whether the payment of a provider's session may still take money: false once we gave it up or
 * its invoice was voided (the sandbox's page asks before it takes the card, decision 0046). A
 * session we did not open is the provider's own affair.
 */
export async function mayTakePayment(db: Db, sessionId: string): Promise<boolean> {
  const [row] = await db.select().from(payments).where(eq(payments.providerSessionId, sessionId));
  return !row || stillWanted(db as Tx, row);
}

/**
 * Money the provider took for a payment we had given up (its page expired, its basket replaced,
 * its invoice voided, decision 0046): recorded as taken, nothing it paid for moves, and all of it
 * is reserved to be given back, in the caller's transaction with the payment's row locked, so
 * the refund is reserved once however many events bring the news. Null when already recorded.
 */
async function refundUnwanted(
  tx: Tx,
  row: PaymentRow,
  providerPaymentId: string | null,
  actor: Actor,
): Promise<RefundRow[] | null> {
  const paid = await recordPaid(tx, row, providerPaymentId, actor);
  if (!paid) return null;
  const reason = `${row.reference} was paid after it was given up: refunded in full`;
  const rows: RefundRow[] = [];
  for (const order of await ordersOf(tx, paid)) {
    const [locked] = await tx.select().from(orders).where(eq(orders.id, order.id)).for('update');
    await recordOrderEvent(tx, order.id, actor, reason, { kind: 'note' });
    rows.push(
      ...(await reserveRefunds(tx, locked, 'all', reason, actor, { only: { paymentId: paid.id } })),
    );
  }
  return rows;
}

/**
 * Applies what the provider says about one of its sessions (from a verified webhook event or our
 * own look-up). Paid: the payment is booked once, whatever the number of racing callers, and the
 * receipt is queued by the one that booked it. A failed attempt is noted (the customer may try
 * again while the page is open). An amount that differs from what was asked is never booked.
 */
export async function settleSession(
  app: Uses<'clock' | 'config' | 'database' | 'log' | 'paymentProvider'>,
  state: SessionState,
  failure: PaymentFailure | null = null,
): Promise<SettleOutcome> {
  const actor: Actor = { type: 'provider' };
  const result = await app.database.db.transaction(async (tx) => {
    const row = await lockPayment(tx, eq(payments.providerSessionId, state.sessionId));
    if (!row) return { outcome: 'unknown' as const };
    if (state.status === 'paid') {
      if (row.status === 'paid') return { outcome: 'already-paid' as const };
      if (state.amountPence !== row.amountPence) {
        app.log.error(
          { payment: row.reference, asked: row.amountPence, taken: state.amountPence },
          'provider reports a different amount: not booked, needs a person',
        );
        return { outcome: 'unknown' as const };
      }
      if (!(await stillWanted(tx, row))) {
        const reserved = await refundUnwanted(tx, row, state.providerPaymentId, actor);
        if (!reserved) return { outcome: 'already-paid' as const };
        app.log.warn(
          { payment: row.reference, status: row.status },
          'provider took a payment we had given up: recorded and refunded in full',
        );
        return { outcome: 'refunded' as const, row, refunds: reserved };
      }
      const booked = await markPaid(tx, row, state.providerPaymentId, actor, {
        site: app.config,
        now: app.clock.now(),
      });
      // The receipt is queued in the same transaction: booked and receipt, or neither.
      if (booked) await queueReceipt(tx, app.config, row.id);
      return { outcome: booked ? ('paid' as const) : ('already-paid' as const), row };
    }
    if (state.status === 'expired') {
      const expired = await abandonPayment(
        tx,
        row.id,
        'expired',
        'Not paid: the payment page expired',
        actor,
      );
      return { outcome: 'expired' as const, row: expired ? row : undefined };
    }
    const reason = failure ?? state.lastFailure;
    if (reason && row.status === 'pending') {
      await tx
        .update(payments)
        .set({ lastFailure: reason, updatedAt: new Date() })
        .where(eq(payments.id, row.id));
      return { outcome: 'failed' as const };
    }
    return { outcome: 'open' as const };
  });
  // The refund of money taken for nothing, asked of the provider after the commit (decision 0018).
  if (result.outcome === 'refunded') await sendRefunds(app, result.refunds, actor);
  // Counted once the booking is committed: a checkout paid, or given up as its page expired.
  if (
    result.row?.kind === 'checkout' &&
    (result.outcome === 'paid' || result.outcome === 'expired')
  ) {
    checkouts.inc({ outcome: result.outcome });
  }
  return result.outcome;
}

/** Queues the receipt of a paid payment to its customer, in the caller's transaction. */
export async function queueReceipt(db: Db, site: Site, paymentId: number) {
  const [row] = await db.select().from(payments).where(eq(payments.id, paymentId));
  const [customer] = await db.select().from(users).where(eq(users.id, row.customerId));
  if (!customer?.email) return;
  const view = await paymentView(db, row);
  const name = fullName(customer);
  const tracking = await Promise.all(
    view.Orders.map(async (o) => ({
      reference: o.Reference,
      url: await trackingUrlOf(db, site, o.Id),
    })),
  );
  await queueMail(
    db,
    receiptEmail(site, { email: customer.email, firstName: customer.firstName ?? name }, view, {
      shippingAddress: shippingAddress(name, customer.reference, await depotAddress(db)),
      tracking,
    }),
  );
}

/**
 * Asks the provider about a pending payment and settles what it says (the customer came back
 * before the webhook, or the webhook was lost). Returns the payment as it now stands.
 */
export async function refreshPayment(
  app: Uses<'clock' | 'config' | 'database' | 'log' | 'paymentProvider'>,
  row: PaymentRow,
): Promise<PaymentRow> {
  if (row.status !== 'pending' || !row.providerSessionId) return row;
  const state = await app.paymentProvider.retrieveSession(row.providerSessionId);
  if (state.status !== 'open' || state.lastFailure !== row.lastFailure) {
    await settleSession(app, state);
  }
  return (await app.database.db.select().from(payments).where(eq(payments.id, row.id)))[0];
}
