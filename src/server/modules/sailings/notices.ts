import { asc, eq, inArray, isNull } from 'drizzle-orm';
import { planInWords } from '../../../shared/sailings/promise-words';
import type { Db, Tx } from '../../db/client';
import { orders, sailingNotices, users } from '../../db/schema';
import { queueMails, type MailMessage } from '../../lib/mail';
import { trackingUrlsOf } from '../../lib/tracking-codes';
import type { Uses } from '../../lib/uses';
import type { Site } from '../../config';
import { sailingChangedEmail, type MovedParcel } from './emails';
import type { NoticeGroup } from './moves';

/**
 * Telling the customers whose parcels a change moved (docs/decisions/0054), after the change's
 * commit: the change wrote one notice (`sailing_notices`, ./moves.ts); here each notice becomes
 * one e-mail per customer, listing their parcels with the new arrival in words as of the change,
 * queued in the outbox in the same transaction that marks the notice told. The notice is locked
 * (`skip locked`), so two runs never tell it twice; a process that dies before the commit leaves
 * it untold for the next run. A change wakes the queue as soon as it is committed; the
 * missed-sailings sweep (./storms.ts) also tells what is left, every ten minutes.
 */

const NOTICES_QUEUE = 'sailing-notices';

type Notice = typeof sailingNotices.$inferSelect;

/** One e-mail per customer with an address, in the caller's transaction. */
async function noticeMails(tx: Tx, notice: Notice, site: Site) {
  const groups = notice.groups as NoticeGroup[];
  const orderIds = groups.flatMap((g) => g.parcels.map(([orderId]) => orderId));
  const customerIds = [...new Set(groups.flatMap((g) => g.parcels.map(([, c]) => c)))];
  const [references, people, urls] = await Promise.all([
    tx
      .select({ id: orders.id, reference: orders.reference })
      .from(orders)
      .where(inArray(orders.id, orderIds)),
    tx
      .select({
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        deletedAt: users.deletedAt,
      })
      .from(users)
      .where(inArray(users.id, customerIds)),
    trackingUrlsOf(tx, site, orderIds),
  ]);
  const referenceOf = new Map(references.map((r) => [r.id, r.reference]));
  const theirs = new Map<number, { group: NoticeGroup; parcels: MovedParcel[] }>();
  for (const group of groups) {
    // the group's parcels share their new plan: said in words once
    const words = planInWords(
      { ...group.planned, state: group.state, movedBy: null, movedFrom: null, reason: '' },
      notice.at,
    );
    for (const [orderId, customerId] of group.parcels) {
      const list = theirs.get(customerId) ?? { group, parcels: [] };
      list.parcels.push({
        orderId,
        reference: referenceOf.get(orderId) ?? '',
        trackUrl: urls.get(orderId) ?? site.publicUrl,
        words,
      });
      theirs.set(customerId, list);
    }
  }
  const messages: MailMessage[] = [];
  for (const person of people) {
    const told = theirs.get(person.id);
    if (!person.email || person.deletedAt || !told) continue;
    const to = { email: person.email, firstName: person.firstName ?? '' };
    messages.push(sailingChangedEmail(site, to, told.group.headline!, told.parcels));
  }
  return messages;
}

/** Tells every notice not yet told, one transaction each. Answers how many e-mails it queued. */
export async function tellMovedCustomers(db: Db, now: Date, site: Site): Promise<number> {
  let queued = 0;
  for (;;) {
    const told = await db.transaction(async (tx) => {
      const [notice] = await tx
        .select()
        .from(sailingNotices)
        .where(isNull(sailingNotices.toldAt))
        .orderBy(asc(sailingNotices.id))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!notice) return null;
      const messages = await noticeMails(tx, notice, site);
      await queueMails(tx, messages);
      await tx.update(sailingNotices).set({ toldAt: now }).where(eq(sailingNotices.id, notice.id));
      return messages.length;
    });
    if (told === null) return queued;
    queued += told;
  }
}

/** The queue that tells the notices, worked on nodes that run workers. */
export async function defineSailingNotices(app: Uses<'clock' | 'config' | 'database' | 'jobs'>) {
  await app.jobs.define(
    NOTICES_QUEUE,
    { retryLimit: 12, retryDelay: 60, expireInSeconds: 600 },
    () => tellMovedCustomers(app.database.db, app.clock.now(), app.config).then(() => undefined),
  );
}

/**
 * Wakes the queue after a change committed. Were it to fail, the change stands and its notice
 * waits for the missed-sailings sweep: the staff's answer does not depend on it.
 */
export async function tellSoon(app: Uses<'jobs' | 'log'>) {
  try {
    await app.jobs.send(NOTICES_QUEUE, {});
  } catch (err) {
    app.log.warn({ err }, 'sailing notices not woken: the sweep will tell them');
  }
}
