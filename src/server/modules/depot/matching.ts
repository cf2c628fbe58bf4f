import { eq } from 'drizzle-orm';
import { DEPOT_MESSAGES } from '../../../shared/api/depot';
import { parcels } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import type { Site } from '../../config';
import type { Actor } from '../../lib/actor';
import type { Tx } from '../../db/client';
import { invoiceStorageDays, storageInQuote } from '../invoices/storage-charges';
import { expectAwaitingParcel, lockOrder, receiveForOrder, type Received } from './receiving';
import { auditStaff } from './staff-audit';

/**
 * Matching at the depot (decision 0020): an unbooked or unknown parcel is matched to the booking
 * made for it since, then received for that booking as if it had just arrived (receiving.ts); the
 * storage of its wait so far is invoiced, or priced in the office's quote (decision 0037).
 */

/**
 * An unbooked (or unknown) parcel is matched to the booking made for it since: same customer,
 * Awaiting Parcel; then it is received for that booking as if it had just arrived (the excess
 * rule, the hold, the e-mail).
 */
export async function matchParcel(
  tx: Tx,
  parcelId: number,
  orderId: number,
  actor: Actor,
  site: Site,
  now = new Date(),
): Promise<Received> {
  const [parcel] = await tx.select().from(parcels).where(eq(parcels.id, parcelId)).for('update');
  if (!parcel) throw new HttpError(404, DEPOT_MESSAGES.noSuchParcel);
  if (parcel.orderId !== null) throw new HttpError(409, DEPOT_MESSAGES.alreadyMatched);
  if (parcel.abandonedAt) throw new HttpError(409, DEPOT_MESSAGES.alreadyAbandoned);
  const order = await lockOrder(tx, orderId);
  if (parcel.customerId !== null && parcel.customerId !== order.customerId) {
    throw new HttpError(409, DEPOT_MESSAGES.otherCustomer);
  }
  expectAwaitingParcel(order);
  await tx
    .update(parcels)
    .set({ orderId: order.id, customerId: order.customerId, updatedAt: new Date() })
    .where(eq(parcels.id, parcel.id));
  const received = await receiveForOrder(
    tx,
    order,
    {
      id: parcel.id,
      weightGrams: parcel.weightGrams ?? 1,
      lengthMm: parcel.lengthMm ?? 1,
      widthMm: parcel.widthMm ?? 1,
      heightMm: parcel.heightMm ?? 1,
    },
    actor,
    site,
    now,
  );
  await auditStaff(tx, actor, {
    action: 'match',
    subject: 'Parcel',
    subjectId: parcel.id,
    before: { orderId: null, customerId: parcel.customerId },
    after: { orderId: order.id, customerId: order.customerId, outcome: received.outcome },
  });
  // Held for the office's quote: the office prices the parcel, storage so far included (those
  // days count as invoiced; the end of its wait charges the days after).
  if (received.outcome === 'held-quote') {
    await storageInQuote(tx, parcel.id, now);
    return received;
  }
  if (received.outcome === 'received') {
    const invoice = await invoiceStorageDays(tx, parcel.id, order, actor, site, now, {
      hold: true,
      when: 'match',
    });
    return invoice
      ? {
          parcelId: parcel.id,
          outcome: 'held-invoice',
          invoice,
          excess: null,
          holdReason: `Held for ${invoice.Reference}: ${invoice.Reason}`,
        }
      : received;
  }
  // Already held for excess carriage: the storage is a second invoice, and the order waits for
  // both (invoicePaid releases it once none is unpaid).
  const storage = await invoiceStorageDays(tx, parcel.id, order, actor, site, now, {
    hold: false,
    when: 'match',
  });
  return storage
    ? {
        ...received,
        holdReason: `${received.holdReason}; and for ${storage.Reference}: ${storage.Reason}`,
      }
    : received;
}
