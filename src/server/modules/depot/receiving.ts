import { recipient } from '../../lib/recipient';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { DEPOT_MESSAGES, type ReceiveOutcome } from '../../../shared/api/depot';
import type { Invoice } from '../../../shared/api/orders';
import type { FittableBand } from '../../../shared/band-fit';
import { excessCarriage, type BookedCarriage } from '../../../shared/excess';
import { householdMembers, orders, parcelPhotos, parcels, products, users } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { queueMail, type MailMessage } from '../../lib/mail';
import type { Site } from '../../config';
import { toProduct } from '../catalogue/queries';
import { raiseInvoice } from '../invoices/service';
import { transitionOrders } from '../orders/lifecycle';
import type { Actor } from '../../lib/actor';
import type { Tx } from '../../db/client';
import {
  parcelArrivedEmail,
  parcelHeldEmail,
  parcelNeedsQuoteEmail,
  unbookedParcelEmail,
  type EmailPhoto,
} from './emails';
import { withTrackUrl } from '../../lib/tracking-codes';
import { parcelArrivedForConsignment } from '../consignments/core';
import { auditStaff, staffId } from './staff-audit';

/**
 * Receiving at the depot (decision 0020): a parcel measured and recorded for a booking (within what
 * was paid; or an invoice for the difference and the order held; or held for the office's quote),
 * for a known customer without one (e-mailed to book it), or for nobody known. Each runs in the
 * caller's transaction (one per use case), moves orders through the shared lifecycle table (an
 * order event with who did it), keeps the parcel's facts in `parcels`, queues the customer's
 * e-mail and writes the staff member's audit entry, as matching (matching.ts) and dispatch
 * (dispatch.ts) do. What was booked and paid and the bands on offer, which the excess rule reads,
 * are read here for consolidation and the disputes too.
 */

export interface PhotoInput {
  contentType: string;
  data: Buffer;
  width: number;
  height: number;
}

export interface ReceiveInput {
  weightGrams: number;
  lengthMm: number;
  widthMm: number;
  heightMm: number;
  shelfLocation?: string;
  note?: string;
  inboundTrackingNumber?: string;
  /** The person of the customer's household the label names (decision 0039). */
  householdMemberId?: number;
  photos?: PhotoInput[];
}

/** What receiving (or matching) a parcel came to. */
export interface Received {
  parcelId: number;
  outcome: ReceiveOutcome;
  invoice: Invoice | null;
  excess: { band: { Id: number; Code: string; Name: string }; amountPence: number } | null;
  holdReason: string | null;
}

type OrderRow = typeof orders.$inferSelect;

export async function lockOrder(tx: Tx, orderId: number): Promise<OrderRow> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) throw new HttpError(404, DEPOT_MESSAGES.noSuchOrder);
  return order;
}

export function expectAwaitingParcel(order: OrderRow) {
  if (order.status !== 'Awaiting Parcel') {
    throw new HttpError(
      409,
      `${order.reference} is ${order.status}: it is not waiting for a parcel.`,
    );
  }
}

/** The parcel's facts as recorded (and audited). */
const measuredFacts = (input: ReceiveInput) => ({
  weightGrams: input.weightGrams,
  lengthMm: input.lengthMm,
  widthMm: input.widthMm,
  heightMm: input.heightMm,
  shelfLocation: input.shelfLocation ?? '',
  note: input.note ?? '',
  inboundTrackingNumber: input.inboundTrackingNumber ?? '',
  householdMemberId: input.householdMemberId ?? null,
  photos: input.photos?.length ?? 0,
});

/** The person named must be of the household of the customer the parcel goes to (400 if not). */
async function expectHouseholdMember(tx: Tx, memberId: number, customerId: number | null) {
  const [member] =
    customerId === null
      ? []
      : await tx
          .select({ id: householdMembers.id })
          .from(householdMembers)
          .where(
            and(
              eq(householdMembers.id, memberId),
              eq(householdMembers.customerId, customerId),
              isNull(householdMembers.removedAt),
            ),
          );
  if (!member) {
    throw new HttpError(400, DEPOT_MESSAGES.notInHousehold, [
      { field: 'HouseholdMemberId', error: DEPOT_MESSAGES.notInHousehold },
    ]);
  }
}

/** Inserts the parcel's row and its photos; returns its id. */
async function insertParcel(
  tx: Tx,
  input: ReceiveInput,
  link: { orderId: number | null; customerId: number | null },
  actor: Actor,
): Promise<number> {
  const { photos: _count, ...facts } = measuredFacts(input);
  if (facts.householdMemberId !== null) {
    await expectHouseholdMember(tx, facts.householdMemberId, link.customerId);
  }
  const [parcel] = await tx
    .insert(parcels)
    .values({
      ...link,
      ...facts,
      receivedBy: staffId(actor),
    })
    .returning({ id: parcels.id });
  if (input.photos?.length) {
    await tx
      .insert(parcelPhotos)
      .values(input.photos.map((p) => ({ parcelId: parcel.id, ...p, createdBy: staffId(actor) })));
  }
  return parcel.id;
}

async function firstPhoto(tx: Tx, parcelId: number): Promise<EmailPhoto | undefined> {
  const [photo] = await tx
    .select({ contentType: parcelPhotos.contentType, data: parcelPhotos.data })
    .from(parcelPhotos)
    .where(eq(parcelPhotos.parcelId, parcelId))
    .orderBy(asc(parcelPhotos.id))
    .limit(1);
  return photo;
}

/** What was booked and paid for the order's carriage, as the excess rule reads it. */
export async function bookedCarriage(tx: Tx, order: OrderRow): Promise<BookedCarriage> {
  if (order.productId !== null) {
    const [band] = await tx.select().from(products).where(eq(products.id, order.productId));
    // The band's line is the first of what was charged at checkout.
    return { band: toProduct(band), paidPence: order.lines[0]?.pence ?? band.pricePence };
  }
  const { lengthMm, widthMm, heightMm, weightGrams } = order;
  const declared =
    lengthMm && widthMm && heightMm && weightGrams
      ? { size: { length: lengthMm, width: widthMm, height: heightMm }, weightGrams }
      : null;
  return {
    band: null,
    paidPence: order.quotePricePence ?? order.bespokePricePence ?? 0,
    declared,
  };
}

/** The bands a customer could book: the ones a parcel may be moved up to. */
export async function offeredBands(tx: Tx) {
  const rows = await tx
    .select()
    .from(products)
    .where(and(eq(products.enabled, true), eq(products.public, true)));
  return rows.map(toProduct);
}

/**
 * A booked parcel is at the depot, measured: the order moves Awaiting Parcel to Received at
 * Depot; when it is larger or heavier than what was paid for, an invoice for the difference is
 * raised and the order held (to Awaiting Payment), or, when no band fits, held for the office to
 * quote (Awaiting Payment without an invoice yet). The customer is e-mailed either way.
 */
export async function receiveForOrder(
  tx: Tx,
  order: OrderRow,
  parcel: { id: number } & Pick<ReceiveInput, 'weightGrams' | 'lengthMm' | 'widthMm' | 'heightMm'>,
  actor: Actor,
  site: Site,
  now = new Date(),
): Promise<Received> {
  await transitionOrders(tx, [order.id], 'Awaiting Parcel', 'Received at Depot', actor, '', {
    parcelId: parcel.id,
  });
  // In a consolidation (decision 0041) the parcels are repacked into one box, measured and priced
  // as one: no excess for this parcel alone; the consignment is ready once all of its are in.
  if ((await parcelArrivedForConsignment(tx, order.id, actor, site, now)) !== null) {
    const to = await recipient(tx, order.customerId);
    const ref = await withTrackUrl(tx, site, { id: order.id, reference: order.reference });
    if (to) await queueMail(tx, parcelArrivedEmail(site, to, ref, await firstPhoto(tx, parcel.id)));
    return {
      parcelId: parcel.id,
      outcome: 'received',
      invoice: null,
      excess: null,
      holdReason: null,
    };
  }
  const outcome = excessCarriage<FittableBand & { Code: string; Name: string }>(
    {
      size: { length: parcel.lengthMm, width: parcel.widthMm, height: parcel.heightMm },
      weightGrams: parcel.weightGrams,
    },
    await bookedCarriage(tx, order),
    await offeredBands(tx),
  );
  const to = await recipient(tx, order.customerId);
  const photo = await firstPhoto(tx, parcel.id);
  const mail = async (build: (to: { email: string; firstName: string }) => MailMessage) => {
    if (to) await queueMail(tx, build(to));
  };
  const ref = await withTrackUrl(tx, site, { id: order.id, reference: order.reference });
  const result = (more: Partial<Received> & Pick<Received, 'outcome'>): Received => ({
    parcelId: parcel.id,
    invoice: null,
    excess: null,
    holdReason: null,
    ...more,
  });

  if (outcome.kind === 'within') {
    await mail((to) => parcelArrivedEmail(site, to, ref, photo));
    return result({ outcome: 'received' });
  }
  if (outcome.kind === 'excess') {
    const band = { Id: outcome.band.Id, Code: outcome.band.Code, Name: outcome.band.Name };
    const invoice = await raiseInvoice(
      tx,
      {
        orderId: order.id,
        amountPence: outcome.amountPence,
        reason: `Excess carriage: the parcel measured fits band ${band.Code} (${band.Name}), larger than the band booked.`,
        hold: true,
        kind: 'excess',
      },
      actor,
    );
    await auditStaff(tx, actor, {
      action: 'create',
      subject: 'Invoice',
      subjectId: invoice.Id,
      after: { ...invoice, ParcelId: parcel.id },
    });
    await mail((to) =>
      parcelHeldEmail(
        site,
        to,
        ref,
        {
          invoiceId: invoice.Id,
          invoiceReference: invoice.Reference,
          bandName: band.Name,
          amountPence: outcome.amountPence,
        },
        photo,
      ),
    );
    return result({
      outcome: 'held-invoice',
      invoice,
      excess: { band, amountPence: outcome.amountPence },
      holdReason: `Held for ${invoice.Reference}: ${invoice.Reason}`,
    });
  }
  await transitionOrders(
    tx,
    [order.id],
    'Received at Depot',
    'Awaiting Payment',
    actor,
    `Held for a quote: ${outcome.reason}`,
    { hold: 'quote' },
  );
  await mail((to) => parcelNeedsQuoteEmail(site, to, ref, photo));
  return result({ outcome: 'held-quote', holdReason: outcome.reason });
}

/** A booked parcel arrives (see receiveForOrder). */
export async function receiveBookedParcel(
  tx: Tx,
  input: ReceiveInput & { orderId: number },
  actor: Actor,
  site: Site,
  now = new Date(),
): Promise<Received> {
  const order = await lockOrder(tx, input.orderId);
  expectAwaitingParcel(order);
  const parcelId = await insertParcel(
    tx,
    input,
    { orderId: order.id, customerId: order.customerId },
    actor,
  );
  const received = await receiveForOrder(tx, order, { id: parcelId, ...input }, actor, site, now);
  await auditStaff(tx, actor, {
    action: 'receive',
    subject: 'Parcel',
    subjectId: parcelId,
    after: { orderId: order.id, ...measuredFacts(input), outcome: received.outcome },
  });
  return received;
}

/**
 * A parcel with no booking: for a known customer (unbooked: they are e-mailed to book it) or for
 * nobody known (unknown: it waits on the list of unknown parcels).
 */
export async function receiveUnmatchedParcel(
  tx: Tx,
  input: ReceiveInput & { customerId?: number },
  actor: Actor,
  site: Site,
): Promise<Received> {
  const customerId = input.customerId ?? null;
  if (customerId !== null) {
    const [customer] = await tx
      .select({ role: users.role, deletedAt: users.deletedAt })
      .from(users)
      .where(eq(users.id, customerId));
    if (!customer || customer.role !== 'customer' || customer.deletedAt) {
      throw new HttpError(404, DEPOT_MESSAGES.noSuchCustomer);
    }
  }
  const parcelId = await insertParcel(tx, input, { orderId: null, customerId }, actor);
  const outcome: ReceiveOutcome = customerId === null ? 'unknown' : 'unbooked';
  const to = customerId === null ? null : await recipient(tx, customerId);
  if (to) {
    const photo = await firstPhoto(tx, parcelId);
    await queueMail(
      tx,
      unbookedParcelEmail(
        site,
        to,
        { id: parcelId, inboundTrackingNumber: input.inboundTrackingNumber ?? '' },
        photo,
      ),
    );
  }
  await auditStaff(tx, actor, {
    action: 'receive',
    subject: 'Parcel',
    subjectId: parcelId,
    after: { customerId, ...measuredFacts(input), outcome },
  });
  return { parcelId, outcome, invoice: null, excess: null, holdReason: null };
}
