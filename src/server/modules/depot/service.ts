import { recipient } from '../customers/recipient';
import { and, asc, eq, inArray, isNull, ne } from 'drizzle-orm';
import { DISPUTE_MESSAGES } from '../../../shared/disputes';
import { DEPOT_MESSAGES, type ReceiveOutcome } from '../../../shared/api/depot';
import type { Invoice } from '../../../shared/api/orders';
import type { FittableBand } from '../../../shared/band-fit';
import { carrierOf, trackingLink, type CarrierId } from '../../../shared/carriers';
import { excessCarriage, type BookedCarriage } from '../../../shared/excess';
import { orderReference } from '../../../shared/order-reference';
import type { OrderStatus } from '../../../shared/order-status';
import {
  householdMembers,
  orderCases,
  orders,
  parcelPhotos,
  parcels,
  products,
  users,
} from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { queueMail, type MailMessage } from '../../lib/mail';
import type { Site } from '../auth/emails';
import { toProduct } from '../catalogue/queries';
import { raiseInvoice } from '../invoices/service';
import { transitionOrders, type Actor, type Tx } from '../orders/lifecycle';
import { audit } from '../staff/audit';
import { invoiceStorageDays, storageInQuote } from './storage-charges';
import { customsProblems } from './customs';
import { sailingGst } from './sailing-gst';
import { ukDay } from '../../../shared/customs';
import {
  parcelArrivedEmail,
  parcelDispatchedEmail,
  parcelHeldEmail,
  parcelNeedsQuoteEmail,
  unbookedParcelEmail,
  type EmailPhoto,
} from './emails';

import { withTrackUrl } from '../tracking/codes';
import { openConsignmentOf, parcelArrivedForConsignment } from '../consolidation/core';
import { consignmentReference } from '../../../shared/consolidation';
/**
 * The depot's use cases (issue 13): a parcel received and measured (for a booking, for a known
 * customer without one, or for nobody known), matched to a booking made later, dispatched to the
 * island on a sailing, delivered. Each runs in the caller's transaction (one per use case), moves
 * orders through the shared lifecycle table (an order event with who did it), keeps the parcel's
 * facts in `parcels`, queues the customer's e-mail and writes the staff member's audit entry.
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
  /** The person of the customer's household the label names (issue 28). */
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

const staffId = (actor: Actor) => (actor.type === 'staff' ? (actor.id ?? null) : null);

/** The audit entry of a staff member's action (other actors, the dev routes, are not staff). */
async function auditStaff(
  tx: Tx,
  actor: Actor,
  entry: Omit<Parameters<typeof audit>[1], 'actorId'>,
) {
  if (actor.type === 'staff') await audit(tx, { actorId: staffId(actor), ...entry });
}

type OrderRow = typeof orders.$inferSelect;

async function lockOrder(tx: Tx, orderId: number): Promise<OrderRow> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) throw new HttpError(404, DEPOT_MESSAGES.noSuchOrder);
  return order;
}

function expectAwaitingParcel(order: OrderRow) {
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
async function receiveForOrder(
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
  // In a consolidation (issue 26) the parcels are repacked into one box, measured and priced as
  // one: no excess for this parcel alone; the consignment is ready once all of its are in.
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

/** The statuses a parcel may leave the depot from: received (nothing owed) or its invoice paid. */
export const DISPATCHABLE: readonly OrderStatus[] = ['Received at Depot', 'Paid'];

export interface DispatchInput {
  /** The sailing: the date of export on the certificate. */
  sailingDate: Date;
  carrier: CarrierId;
  parcels: { orderId: number; trackingNumber: string }[];
}

/** Unknown ids are a 404 naming them; orders in the wrong status a 409 naming each. */
async function lockOrders(
  tx: Tx,
  ids: readonly number[],
  allowed: readonly OrderStatus[],
  what: string,
) {
  const rows = await tx
    .select()
    .from(orders)
    .where(inArray(orders.id, [...ids]))
    .orderBy(orders.id)
    .for('update');
  const missing = ids.filter((id) => !rows.some((r) => r.id === id));
  if (missing.length > 0) {
    throw new HttpError(404, `No such order: ${missing.map(orderReference).join(', ')}.`);
  }
  const wrong = rows.filter((r) => !allowed.includes(r.status));
  if (wrong.length > 0) {
    throw new HttpError(
      409,
      `Nothing was ${what}: ${wrong.map((r) => `${r.reference} is ${r.status}`).join('; ')}.`,
    );
  }
  return rows;
}

export const sailingDay = (date: Date) =>
  date.toLocaleDateString('en-GB', { timeZone: 'Europe/London', dateStyle: 'long' });

/**
 * Parcels leave on a sailing: each order to Shipped and its parcel's carrier, tracking number
 * and date of export recorded, and each customer e-mailed the tracking link. All or none: an
 * order not ready to leave stops the whole batch, and so does one whose item lines are missing
 * or do not add up to its declared value (issue 27: its CN22/CN23 and the carrier's data could
 * not be made; the 409 says why for each). Several orders may share a tracking number: one
 * consignment holding them all. Returns the parcels' ids.
 */
export async function dispatchParcels(
  tx: Tx,
  input: DispatchInput,
  actor: Actor,
  site: Site,
): Promise<number[]> {
  const rows = await lockOrders(
    tx,
    input.parcels.map((p) => p.orderId),
    DISPATCHABLE,
    'dispatched',
  );
  // A parcel in an open consolidation leaves in its box (issue 26), not on its own.
  for (const row of rows) {
    const consignmentId = await openConsignmentOf(tx, row.id);
    if (consignmentId !== null) {
      throw new HttpError(
        409,
        `Nothing was dispatched: ${row.reference} is in consolidation ${consignmentReference(consignmentId)}; it leaves in its box.`,
      );
    }
  }
  // A parcel whose invoice is disputed stays at the depot until the dispute is decided (issue 28).
  const disputed = await tx
    .select({ orderId: orderCases.orderId })
    .from(orderCases)
    .where(
      and(
        inArray(
          orderCases.orderId,
          rows.map((r) => r.id),
        ),
        eq(orderCases.kind, 'dispute'),
        ne(orderCases.status, 'Resolved'),
      ),
    );
  if (disputed.length > 0) {
    throw new HttpError(
      409,
      DISPUTE_MESSAGES.heldForDispute(
        rows
          .filter((r) => disputed.some((d) => d.orderId === r.id))
          .map((r) => `${r.reference} is`)
          .join(', '),
      ),
    );
  }
  const problems = await customsProblems(tx, rows);
  if (problems.length > 0) throw new HttpError(409, problems.join(' '));
  const carrier = carrierOf(input.carrier)!;
  // Each customer's parcels on this sailing are valued together for island GST (decision 0035).
  const together = await sailingGst(
    tx,
    { sailingDate: ukDay(input.sailingDate), carrier: input.carrier },
    rows.map((r) => r.id),
  );
  const parcelIds: number[] = [];
  for (const item of input.parcels) {
    const order = rows.find((r) => r.id === item.orderId)!;
    const [parcel] = await tx
      .update(parcels)
      .set({
        dispatchedAt: input.sailingDate,
        carrier: input.carrier,
        trackingNumber: item.trackingNumber,
        dispatchedBy: staffId(actor),
        updatedAt: new Date(),
      })
      .where(eq(parcels.orderId, item.orderId))
      .returning({ id: parcels.id });
    if (!parcel)
      throw new HttpError(
        409,
        `Nothing was dispatched: ${order.reference} has no parcel at the depot.`,
      );
    parcelIds.push(parcel.id);
    await transitionOrders(tx, [order.id], order.status, 'Shipped', actor, '', {
      carrier: input.carrier,
      trackingNumber: item.trackingNumber,
    });
    const to = await recipient(tx, order.customerId);
    if (to) {
      await queueMail(
        tx,
        parcelDispatchedEmail(
          site,
          to,
          await withTrackUrl(tx, site, {
            id: order.id,
            reference: order.reference,
            island: order.island,
          }),
          {
            carrierName: carrier.name,
            trackingNumber: item.trackingNumber,
            trackingUrl: trackingLink(input.carrier, item.trackingNumber),
            date: sailingDay(input.sailingDate),
            gstWarning: together.find((g) => g.Orders.includes(order.reference))?.Warning ?? null,
          },
        ),
      );
    }
    await auditStaff(tx, actor, {
      action: 'dispatch',
      subject: 'Parcel',
      subjectId: parcel.id,
      before: { orderId: order.id, status: order.status },
      after: {
        orderId: order.id,
        status: 'Shipped',
        sailingDate: input.sailingDate.toISOString(),
        carrier: input.carrier,
        trackingNumber: item.trackingNumber,
      },
    });
  }
  return parcelIds;
}

/**
 * Parcels reach the customer: Shipped to Delivered, all or none (an order not shipped stops the
 * batch). Returns the ids that moved.
 */
export async function markDelivered(tx: Tx, orderIds: number[], actor: Actor, at = new Date()) {
  await lockOrders(tx, orderIds, ['Shipped'], 'marked delivered');
  const moved = await transitionOrders(tx, orderIds, 'Shipped', 'Delivered', actor);
  if (moved.length > 0) {
    await tx
      .update(parcels)
      .set({ deliveredAt: at, updatedAt: new Date() })
      .where(inArray(parcels.orderId, moved));
  }
  for (const orderId of moved) {
    await auditStaff(tx, actor, {
      action: 'deliver',
      subject: 'Order',
      subjectId: orderId,
      before: { status: 'Shipped' },
      after: { status: 'Delivered', deliveredAt: at.toISOString() },
    });
  }
  return moved;
}
