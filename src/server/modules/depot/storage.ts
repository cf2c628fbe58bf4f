import { and, asc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { DEPOT_MESSAGES } from '../../../shared/api/depot';
import {
  STORAGE_CATEGORY,
  storageClock,
  storageReminderDue,
  storageRulesOf,
  type StorageReminder,
  type StorageRules,
} from '../../../shared/storage';
import { orders, parcels, settings, storageNotices } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { queueMail } from '../../lib/mail';
import type { Site } from '../auth/emails';
import type { Actor, Tx } from '../orders/lifecycle';
import { audit } from '../staff/audit';
import { parcelAbandonedEmail, storageAbandonSoonEmail, storageChargesSoonEmail } from './emails';
import { recipient } from '../customers/recipient';

/**
 * The storage clock (issue 28; terms 10.2 and 10.3, rules in src/shared/storage.ts). A parcel
 * waits for its customer while it has no booking (unbooked, or unknown) or its booking is held
 * for payment; its clock runs from its arrival. The reminders go to the customers of parcels
 * without a booking (the terms' "unbooked parcels"), each once (a storage_notices row, taken in
 * the e-mail's own transaction); a parcel may be treated as abandoned only once its clock says so
 * and a member of staff confirms, which is audited and e-mailed.
 */

const STORAGE_REMINDERS_QUEUE = 'storage-reminders';

/** The Storage settings as rules (the defaults where one is missing). */
export async function storageRules(tx: Pick<Tx, 'select'>): Promise<StorageRules> {
  const rows = await tx
    .select({ name: settings.name, value: settings.value })
    .from(settings)
    .where(eq(settings.category, STORAGE_CATEGORY));
  const values: Record<string, unknown> = {};
  for (const { name, value } of rows) {
    try {
      values[name] = JSON.parse(value);
    } catch {
      values[name] = value;
    }
  }
  return storageRulesOf(values);
}

/**
 * Sends the reminders due at `now` (app.clock in the job), once each: for each parcel waiting for
 * its customer (without a booking and with a known customer, or booked and held for an unpaid
 * invoice), the one its clock says is due given those already sent, so a window missed while the
 * job did not run is caught up once (storageReminderDue). Answers how many were sent.
 */
export async function sendStorageReminders(app: FastifyInstance, now: Date): Promise<number> {
  const db = app.database.db;
  const rules = await storageRules(db);
  const waiting = await db
    .select({
      id: parcels.id,
      customerId: sql<number>`coalesce(${orders.customerId}, ${parcels.customerId})`,
      receivedAt: parcels.receivedAt,
      inboundTrackingNumber: parcels.inboundTrackingNumber,
      orderId: orders.id,
      orderReference: orders.reference,
    })
    .from(parcels)
    .leftJoin(orders, eq(orders.id, parcels.orderId))
    .where(
      and(
        isNull(parcels.abandonedAt),
        isNull(parcels.dispatchedAt),
        or(
          and(isNull(parcels.orderId), isNotNull(parcels.customerId)),
          eq(orders.status, 'Awaiting Payment'),
        ),
      ),
    )
    .orderBy(asc(parcels.id));
  if (waiting.length === 0) return 0;
  const notices = await db
    .select({ parcelId: storageNotices.parcelId, kind: storageNotices.kind })
    .from(storageNotices)
    .where(
      inArray(
        storageNotices.parcelId,
        waiting.map((p) => p.id),
      ),
    );
  let sent = 0;
  for (const parcel of waiting) {
    const already = notices
      .filter((n) => n.parcelId === parcel.id)
      .map((n) => n.kind as StorageReminder);
    const due = storageReminderDue(parcel.receivedAt, now, rules, already);
    if (!due) continue;
    const clock = storageClock(parcel.receivedAt, now, rules);
    const held =
      parcel.orderId === null ? null : { id: parcel.orderId, reference: parcel.orderReference! };
    sent += await db.transaction(async (tx) => {
      const taken = await tx
        .insert(storageNotices)
        .values({ parcelId: parcel.id, kind: due, sentAt: now })
        .onConflictDoNothing()
        .returning({ id: storageNotices.id });
      if (taken.length === 0) return 0;
      const to = await recipient(tx, parcel.customerId);
      if (to) {
        await queueMail(
          tx,
          due === 'charges-soon'
            ? storageChargesSoonEmail(app.config, to, parcel, clock, held)
            : storageAbandonSoonEmail(app.config, to, parcel, clock, held),
        );
      }
      return 1;
    });
  }
  return sent;
}

/** Runs the reminders every hour on a worker node, by the app's clock. */
export async function scheduleStorageReminders(app: FastifyInstance) {
  await app.jobs.define(
    STORAGE_REMINDERS_QUEUE,
    { retryLimit: 2, retryDelay: 60, expireInSeconds: 10 * 60 },
    async () => {
      const sent = await sendStorageReminders(app, app.clock.now());
      if (sent) app.log.info({ sent }, 'storage reminders sent');
    },
  );
  await app.jobs.schedule(STORAGE_REMINDERS_QUEUE, '7 * * * *');
}

/**
 * A member of staff confirms that a parcel without a booking is treated as abandoned: only once
 * its clock has passed the abandonment days (409 before, naming the date; 409 for a booked or
 * already abandoned parcel). Audited; the customer, if known, is told.
 */
export async function abandonParcel(
  tx: Tx,
  parcelId: number,
  actor: Actor & { type: 'staff' },
  now: Date,
  site: Site,
) {
  const [parcel] = await tx.select().from(parcels).where(eq(parcels.id, parcelId)).for('update');
  if (!parcel) throw new HttpError(404, DEPOT_MESSAGES.noSuchParcel);
  if (parcel.abandonedAt) throw new HttpError(409, DEPOT_MESSAGES.alreadyAbandoned);
  if (parcel.orderId !== null || parcel.dispatchedAt) {
    throw new HttpError(409, DEPOT_MESSAGES.bookedNotAbandoned);
  }
  const clock = storageClock(parcel.receivedAt, now, await storageRules(tx));
  if (clock.Phase !== 'abandonable') {
    throw new HttpError(409, DEPOT_MESSAGES.notYetAbandonable(clock.AbandonableFrom.slice(0, 10)));
  }
  await tx
    .update(parcels)
    .set({ abandonedAt: now, abandonedBy: actor.id ?? null, updatedAt: now })
    .where(eq(parcels.id, parcelId));
  await audit(tx, {
    actorId: actor.id ?? null,
    action: 'abandon',
    subject: 'Parcel',
    subjectId: parcelId,
    before: { Abandoned: null, Days: clock.Days },
    after: { Abandoned: now.toISOString(), Days: clock.Days, CustomerId: parcel.customerId },
  });
  const to = parcel.customerId === null ? null : await recipient(tx, parcel.customerId);
  if (to) await queueMail(tx, parcelAbandonedEmail(site, to, parcel));
}
