import { and, eq, exists, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Invoice } from '../../../shared/api/orders';
import { formatMoney } from '../../../shared/money';
import {
  CONSIGNMENT_WAITS,
  STORAGE_CATEGORY,
  storageClock,
  storageRulesOf,
  type StorageRules,
} from '../../../shared/storage';
import { consignmentOrders, consignments, orderCases, orders, parcels } from '../../db/schema';
import { queueMail } from '../../lib/mail';
import type { Site } from '../../config';
import { recipient } from '../../lib/recipient';
import { raiseInvoice } from './service';
import type { Actor } from '../../lib/actor';
import type { Tx } from '../../db/client';
import { audit } from '../../lib/audit';
import { settingsOf } from '../settings/service';
import { storageAfterWaitInvoiceEmail, storageInvoiceEmail } from './emails';

/**
 * Storage charged through the invoice flow (decision 0037). A parcel's clock runs from
 * its arrival while it waits for its customer; its charged days are invoiced on its order:
 * - when an unbooked parcel is matched to its booking after its free days (the depot's match,
 *   which holds the order for it unless something holds it already), and
 * - when a booked parcel's wait for its customer ends (its held invoice or quote paid, its
 *   consolidation request no longer waiting for the other parcels): the days since those already
 *   invoiced, raised without holding the order (hold: false), so paying it never starts another
 *   wait.
 * The days already invoiced are kept on the parcel (`storage_days_invoiced`), read and written
 * under the parcel's row lock: each day is invoiced once, however many ends race.
 *
 * It stands below the payments, the consignments and the depot, which all call it
 * (docs/decisions/0052).
 */

/** The Storage settings as rules (the defaults where one is missing). */
export async function storageRules(tx: Pick<Tx, 'select'>): Promise<StorageRules> {
  return storageRulesOf(await settingsOf(tx, STORAGE_CATEGORY));
}

const daysText = (n: number) => `${n} day${n === 1 ? '' : 's'}`;

/** Why the storage is invoiced: at the match, or as the wait for the customer ended. */
export type StorageChargeWhen = 'match' | 'wait-ended';

/**
 * Invoices the charged days of a parcel's clock at `now` not invoiced yet, on its order (the one
 * function for every storage charge): the parcel's row is locked, its invoiced days read, the
 * invoice raised through the invoice flow (`hold`: the order, Received at Depot, waits for it in
 * Awaiting Payment), the days recorded, audited and e-mailed. Null when no day is owed.
 */
export async function invoiceStorageDays(
  tx: Tx,
  parcelId: number,
  order: { id: number; reference: string; customerId: number },
  actor: Actor,
  site: Site,
  now: Date,
  { hold, when }: { hold: boolean; when: StorageChargeWhen },
): Promise<Invoice | null> {
  const [parcel] = await tx
    .select({ receivedAt: parcels.receivedAt, invoiced: parcels.storageDaysInvoiced })
    .from(parcels)
    .where(eq(parcels.id, parcelId))
    .for('update');
  if (!parcel) return null;
  const clock = storageClock(parcel.receivedAt, now, await storageRules(tx));
  const days = clock.ChargedDays - parcel.invoiced;
  const perDayPence = Math.round(clock.ChargePerDay * 100);
  const amountPence = days * perDayPence;
  if (days <= 0 || amountPence <= 0) return null;
  const invoice = await raiseInvoice(
    tx,
    {
      orderId: order.id,
      amountPence,
      reason:
        when === 'match'
          ? `Storage: ${daysText(days)} at ${formatMoney(perDayPence)} a day after the free days (terms 10.2).`
          : `Storage: ${daysText(days)} at ${formatMoney(perDayPence)} a day while the parcel waited for you after the free days (terms 10.2).`,
      hold,
    },
    actor,
  );
  await tx
    .update(parcels)
    .set({ storageDaysInvoiced: clock.ChargedDays, updatedAt: new Date() })
    .where(eq(parcels.id, parcelId));
  await audit(tx, {
    actorId: actor.type === 'staff' ? (actor.id ?? null) : null,
    action: 'create',
    subject: 'Invoice',
    subjectId: invoice.Id,
    after: {
      ...invoice,
      ParcelId: parcelId,
      Storage: {
        Days: clock.Days,
        ChargedDays: clock.ChargedDays,
        AlreadyInvoiced: parcel.invoiced,
        When: when,
      },
    },
  });
  const to = await recipient(tx, order.customerId);
  if (to) {
    const mailed = { id: invoice.Id, reference: invoice.Reference, amountPence, days };
    await queueMail(
      tx,
      when === 'match'
        ? storageInvoiceEmail(site, to, order, mailed)
        : storageAfterWaitInvoiceEmail(site, to, order, mailed),
    );
  }
  return invoice;
}

/**
 * A parcel's storage so far is in the office's quote (a parcel held for a quote when matched):
 * its charged days at `now` count as invoiced, so the end of its wait charges only the days after.
 */
export async function storageInQuote(tx: Tx, parcelId: number, now: Date) {
  const [parcel] = await tx
    .select({ receivedAt: parcels.receivedAt, invoiced: parcels.storageDaysInvoiced })
    .from(parcels)
    .where(eq(parcels.id, parcelId))
    .for('update');
  if (!parcel) return;
  const { ChargedDays } = storageClock(parcel.receivedAt, now, await storageRules(tx));
  if (ChargedDays > parcel.invoiced) {
    await tx
      .update(parcels)
      .set({ storageDaysInvoiced: ChargedDays, updatedAt: new Date() })
      .where(eq(parcels.id, parcelId));
  }
}

/**
 * The wait of these orders' parcels for their customer has ended (their held invoice or quote
 * paid, or their consolidation request no longer waiting for the other parcels), in the
 * caller's transaction: each parcel still at the depot that no longer waits (its order Received
 * at Depot or Paid, not in a consignment that waits, no open dispute) gets its storage days not
 * invoiced yet as one invoice, without holding its order. Answers the invoices raised.
 */
export async function chargeStorageAfterWait(
  tx: Tx,
  orderIds: readonly number[],
  actor: Actor,
  site: Site,
  now: Date,
): Promise<Invoice[]> {
  if (orderIds.length === 0) return [];
  const ended = await tx
    .select({
      parcelId: parcels.id,
      order: { id: orders.id, reference: orders.reference, customerId: orders.customerId },
    })
    .from(parcels)
    .innerJoin(orders, eq(orders.id, parcels.orderId))
    .where(
      and(
        inArray(orders.id, [...orderIds]),
        isNull(parcels.abandonedAt),
        isNull(parcels.dispatchedAt),
        inArray(orders.status, ['Received at Depot', 'Paid']),
        sql`not ${exists(
          tx
            .select({ one: sql`1` })
            .from(consignmentOrders)
            .innerJoin(consignments, eq(consignments.id, consignmentOrders.consignmentId))
            .where(
              and(
                eq(consignmentOrders.orderId, orders.id),
                isNull(consignmentOrders.releasedAt),
                inArray(consignments.status, [...CONSIGNMENT_WAITS]),
              ),
            ),
        )}`,
        sql`not ${exists(
          tx
            .select({ one: sql`1` })
            .from(orderCases)
            .where(
              and(
                eq(orderCases.orderId, orders.id),
                eq(orderCases.kind, 'dispute'),
                ne(orderCases.status, 'Resolved'),
              ),
            ),
        )}`,
      ),
    )
    .orderBy(parcels.id);
  const raised: Invoice[] = [];
  for (const { parcelId, order } of ended) {
    const invoice = await invoiceStorageDays(tx, parcelId, order, actor, site, now, {
      hold: false,
      when: 'wait-ended',
    });
    if (invoice) raised.push(invoice);
  }
  return raised;
}
