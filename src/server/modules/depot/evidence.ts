import { and, asc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Uses } from '../../lib/uses';
import { evidenceDeadline, evidenceWarningDue } from '../../../shared/customs';
import { orders, parcels, storageNotices } from '../../db/schema';
import { queueMail } from '../../lib/mail';
import { withTrackUrl } from '../../lib/tracking-codes';
import { customsRules } from './customs';
import { evidenceDeadlineSoonEmail } from './emails';
import { recipient } from '../../lib/recipient';

/**
 * Evidence in time (docs/decisions/0040): a retailer may zero-rate a sale only with
 * proof that the goods left the UK within 3 months of the time of supply (HMRC Notice 703, paras
 * 2.13 and 11.5), counted here from the retailer's order date the customer gave at booking. While
 * a parcel still waits at the depot (received, held for a payment, or paid and not yet sailed),
 * its customer is e-mailed once when that date is two weeks away (the Customs settings), as the
 * storage reminders are (modules/depot/storage.ts): one storage_notices row per parcel and kind,
 * taken in the e-mail's own transaction, so the hourly job on any number of nodes sends it once.
 */

const EVIDENCE_WARNINGS_QUEUE = 'evidence-warnings';
const EVIDENCE_NOTICE = 'evidence-deadline-soon';

/** Sends the warnings due at `now` (app.clock in the job); answers how many were sent. */
export async function sendEvidenceWarnings(
  app: Uses<'config' | 'database'>,
  now: Date,
): Promise<number> {
  const db = app.database.db;
  const rules = await customsRules(db);
  const waiting = await db
    .select({
      parcelId: parcels.id,
      orderId: orders.id,
      reference: orders.reference,
      customerId: orders.customerId,
      status: orders.status,
      retailerName: orders.retailerName,
      retailerOrderDate: orders.retailerOrderDate,
    })
    .from(parcels)
    .innerJoin(orders, eq(orders.id, parcels.orderId))
    .where(
      and(
        isNull(parcels.dispatchedAt),
        isNull(parcels.abandonedAt),
        isNotNull(orders.retailerOrderDate),
        inArray(orders.status, ['Received at Depot', 'Awaiting Payment', 'Paid']),
      ),
    )
    .orderBy(asc(parcels.id));
  let sent = 0;
  for (const parcel of waiting) {
    const deadline = evidenceDeadline(parcel.retailerOrderDate, rules.evidenceMonths);
    if (!deadline || !evidenceWarningDue(deadline, now, rules)) continue;
    sent += await db.transaction(async (tx) => {
      const taken = await tx
        .insert(storageNotices)
        .values({ parcelId: parcel.parcelId, kind: EVIDENCE_NOTICE, sentAt: now })
        .onConflictDoNothing()
        .returning({ id: storageNotices.id });
      if (taken.length === 0) return 0;
      const to = await recipient(tx, parcel.customerId);
      if (to) {
        const order = await withTrackUrl(tx, app.config, {
          id: parcel.orderId,
          reference: parcel.reference,
          retailerName: parcel.retailerName,
          held: parcel.status === 'Awaiting Payment',
        });
        await queueMail(
          tx,
          evidenceDeadlineSoonEmail(app.config, to, order, deadline, rules.evidenceMonths),
        );
      }
      return 1;
    });
  }
  return sent;
}

/** Runs the warnings every hour on a worker node, by the app's clock. */
export async function scheduleEvidenceWarnings(
  app: Uses<'clock' | 'config' | 'database' | 'jobs' | 'log'>,
) {
  await app.jobs.every(EVIDENCE_WARNINGS_QUEUE, '13 * * * *', async () => {
    const sent = await sendEvidenceWarnings(app, app.clock.now());
    if (sent) app.log.info({ sent }, 'export evidence warnings sent');
  });
}
