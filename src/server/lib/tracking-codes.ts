import { eq, inArray } from 'drizzle-orm';
import { trackPath } from '../../shared/tracking';
import { orderTrackingCodes } from '../db/schema';
import { newPublicCode } from './public-codes';
import type { Site } from '../config';
import type { Db, Tx } from '../db/client';
import { audit } from './audit';

/**
 * Each order's private tracking code (docs/decisions/0036). Every order e-mail carries
 * the link /track/{code}; that page shows the parcel's timeline to whoever holds it, with no
 * login, and nothing personal beyond the customer's first name and the island. The customer (on
 * the order's page) and the office may replace the code: the old link stops working at once.
 */

/** The order's code, made on first need (an order from before codes existed gets one too). */
async function trackingCodeOf(tx: Tx, orderId: number): Promise<string> {
  const [made] = await tx
    .insert(orderTrackingCodes)
    .values({ orderId, code: newPublicCode() })
    .onConflictDoNothing({ target: orderTrackingCodes.orderId })
    .returning({ code: orderTrackingCodes.code });
  if (made) return made.code;
  const [kept] = await tx
    .select({ code: orderTrackingCodes.code })
    .from(orderTrackingCodes)
    .where(eq(orderTrackingCodes.orderId, orderId));
  return kept.code;
}

/** The path of the order's public page (`/track/{code}`). */
export const trackingPathOf = async (tx: Tx, orderId: number) =>
  trackPath(await trackingCodeOf(tx, orderId));

/** The full address of the order's public page, as the e-mails carry it. */
export const trackingUrlOf = async (tx: Tx, site: Site, orderId: number) =>
  `${site.publicUrl}${await trackingPathOf(tx, orderId)}`;

/** The full addresses of many orders' public pages, by order id (codes made on first need). */
export async function trackingUrlsOf(tx: Tx, site: Site, orderIds: readonly number[]) {
  const codesOf = async (ids: readonly number[]) =>
    ids.length === 0
      ? []
      : tx
          .select({ orderId: orderTrackingCodes.orderId, code: orderTrackingCodes.code })
          .from(orderTrackingCodes)
          .where(inArray(orderTrackingCodes.orderId, [...ids]));
  const codes = new Map((await codesOf(orderIds)).map((r) => [r.orderId, r.code]));
  const missing = orderIds.filter((id) => !codes.has(id));
  if (missing.length > 0) {
    await tx
      .insert(orderTrackingCodes)
      .values(missing.map((orderId) => ({ orderId, code: newPublicCode() })))
      .onConflictDoNothing({ target: orderTrackingCodes.orderId });
    for (const r of await codesOf(missing)) codes.set(r.orderId, r.code);
  }
  return new Map([...codes].map(([id, code]) => [id, `${site.publicUrl}${trackPath(code)}`]));
}

/** An order as an e-mail about it needs it: with its tracking link. */
export async function withTrackUrl<T extends { id: number }>(
  tx: Tx,
  site: Site,
  order: T,
): Promise<T & { trackUrl: string }> {
  return { ...order, trackUrl: await trackingUrlOf(tx, site, order.id) };
}

/**
 * Gives the order a new code, so that the old link stops working, and records who did it in the
 * audit log (never the codes). Answers the new page's path.
 */
export async function replaceTrackingCode(
  db: Db,
  orderId: number,
  by: { userId: number; role: 'customer' | 'staff' },
): Promise<string> {
  return db.transaction(async (tx) => {
    await trackingCodeOf(tx, orderId);
    const code = newPublicCode();
    await tx
      .update(orderTrackingCodes)
      .set({ code, createdAt: new Date() })
      .where(eq(orderTrackingCodes.orderId, orderId));
    await audit(tx, {
      actorId: by.userId,
      action: 'replace-tracking-link',
      subject: 'Order',
      subjectId: orderId,
      after: { replacedBy: by.role },
    });
    return trackPath(code);
  });
}
