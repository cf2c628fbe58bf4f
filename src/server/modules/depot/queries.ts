import {
  and,
  asc,
  count,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import {
  DEPOT_MESSAGES,
  type DepotCustomer,
  type DepotParcel,
  type ListedState,
  type LookupResult,
  type OpenBooking,
  type ParcelSort,
  type ParcelState,
} from '../../../shared/api/depot';
import { CONSIGNMENT_WAITS, storageClock } from '../../../shared/storage';
import {
  customsFormFor,
  customsProblem,
  evidenceDeadline,
  leaveBySoon,
} from '../../../shared/customs';
import { itemLinesOf } from '../orders/item-lines';
import { customsRules } from './customs';
import { trackingLink } from '../../../shared/carriers';
import {
  isValidReference,
  looksLikeReference,
  normaliseReference,
} from '../../../shared/customer-reference';
import { ISLANDS } from '../../../shared/islands';
import { orderIdFromReference } from '../../../shared/order-reference';
import type { OrderStatus } from '../../../shared/order-status';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { comparableName } from '../../../shared/household';
import {
  addresses,
  consignmentOrders,
  consignments,
  householdMembers,
  invoices,
  orderCases,
  orders,
  parcelPhotos,
  parcels,
  products,
  users,
} from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { householdMembersOf } from '../household/service';
import { toInvoice } from '../invoices/service';
import type { Tx } from '../orders/lifecycle';
import { DISPATCHABLE } from './dispatch';
import { storageWaitsOf } from './storage';
import { storageRules } from './storage-charges';

/** What the depot's screens read: the find, the parcels' lists, a parcel, a photo. */

type UserRow = typeof users.$inferSelect;

const fullName = (u: Pick<UserRow, 'firstName' | 'lastName'>) =>
  [u.firstName, u.lastName].filter(Boolean).join(' ');

// --- find ---------------------------------------------------------------------------------------

/** Tracking numbers compare without case or spaces, as couriers print them differently. */
export const compact = (text: string) => text.toUpperCase().replace(/\s+/g, '');
/** A tracking number column compared as `compact` does (the indexes are on this expression). */
export const compactTracking = (column: AnyPgColumn) =>
  sql`upper(regexp_replace(${column}, '\\s', '', 'g'))`;
const compactColumn = compactTracking(orders.trackingNumber);

/** The island of the customer's latest delivery address, if any. */
export async function customerIsland(tx: Tx, customerId: number): Promise<string | null> {
  const [home] = await tx
    .select({ island: addresses.island })
    .from(addresses)
    .where(
      and(
        eq(addresses.customerId, customerId),
        eq(addresses.type, 'Delivery'),
        isNotNull(addresses.island),
      ),
    )
    .orderBy(desc(addresses.updatedAt), desc(addresses.id))
    .limit(1);
  return home?.island ?? null;
}

async function customerOf(tx: Tx, where: SQL): Promise<DepotCustomer | null> {
  const [user] = await tx
    .select()
    .from(users)
    .where(and(where, eq(users.role, 'customer'), isNull(users.deletedAt)));
  if (!user) return null;
  return {
    Id: user.id,
    Name: fullName(user),
    Reference: user.reference,
    Island: await customerIsland(tx, user.id),
    Household: (await householdMembersOf(tx, user.id)).map((m) => ({
      Id: m.id,
      Name: fullName(m),
    })),
  };
}

/**
 * The person of a household whose name is on the label (compared as comparableName does), when
 * exactly one account has such a person: a name two households share names nobody for sure.
 */
async function householdMemberNamed(tx: Tx, q: string) {
  const name = comparableName(q);
  if (!/\p{L}.*\s.*\p{L}/u.test(name)) return null;
  const rows = await tx
    .select({
      id: householdMembers.id,
      customerId: householdMembers.customerId,
      firstName: householdMembers.firstName,
      lastName: householdMembers.lastName,
    })
    .from(householdMembers)
    .innerJoin(users, eq(users.id, householdMembers.customerId))
    .where(
      and(
        sql`lower(${householdMembers.firstName} || ' ' || ${householdMembers.lastName}) = ${name}`,
        isNull(householdMembers.removedAt),
        isNull(users.deletedAt),
      ),
    )
    .limit(2);
  return rows.length === 1 ? rows[0] : null;
}

async function openBookings(
  tx: Tx,
  customerId: number,
  matches: (o: typeof orders.$inferSelect) => boolean,
): Promise<OpenBooking[]> {
  const rows = await tx
    .select({ order: orders, band: products })
    .from(orders)
    .leftJoin(products, eq(products.id, orders.productId))
    .where(and(eq(orders.customerId, customerId), eq(orders.status, 'Awaiting Parcel')))
    .orderBy(asc(orders.createdAt), asc(orders.id));
  const bookings = rows.map(({ order: o, band }): OpenBooking => {
    const declared =
      o.lengthMm && o.widthMm && o.heightMm
        ? { Length: o.lengthMm, Width: o.widthMm, Height: o.heightMm }
        : null;
    return {
      OrderId: o.id,
      Reference: o.reference,
      Band: band ? { Id: band.id, Code: band.code, Name: band.name } : null,
      Size: band ? { Length: band.lengthMm, Width: band.widthMm, Height: band.heightMm } : declared,
      MaxWeight: band ? band.maxWeightGrams : o.weightGrams,
      RetailerName: o.retailerName,
      RetailerOrderNumber: o.retailerOrderNumber,
      Description: o.description,
      ExpectedDeliveryDate: o.expectedDeliveryDate,
      TrackingNumber: o.trackingNumber,
      Island: o.island,
      Created: o.createdAt.toISOString(),
      Matches: matches(o),
    };
  });
  // The booking the search named first, then the oldest (a stable sort keeps that order).
  return bookings.sort((a, b) => Number(b.Matches) - Number(a.Matches));
}

/**
 * Finds what a scanned or typed label names: an order reference (`ORD-000042`), a customer
 * reference (its check character must hold: a typo is a 400 on `q` at once, unless a courier's
 * tracking number happens to be exactly that text) or a UK courier's tracking number as the
 * customer gave it when booking. Answers the customer and their open bookings, the likeliest
 * first; nothing found is an empty answer (the parcel goes to the unknown list).
 */
export async function lookup(tx: Tx, q: string): Promise<LookupResult> {
  const none: LookupResult = {
    MatchedBy: null,
    Customer: null,
    MatchedOrder: null,
    Bookings: [],
    AddressedTo: null,
  };
  const orderId = orderIdFromReference(q.replace(/\s+/g, '').replace(/^ORD(?=\d)/i, 'ORD-'));
  if (orderId !== null) {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
    if (!order) return none;
    const customer = await customerOf(tx, eq(users.id, order.customerId));
    return {
      MatchedBy: 'order-reference',
      Customer: customer,
      MatchedOrder: { Id: order.id, Reference: order.reference, Status: order.status },
      Bookings: customer ? await openBookings(tx, customer.Id, (o) => o.id === order.id) : [],
      AddressedTo: null,
    };
  }

  const tracking = compact(q);
  const byTracking = await tx
    .select()
    .from(orders)
    .where(sql`${compactColumn} = ${tracking}`)
    .orderBy(
      // bookings still waiting for their parcel first, then the oldest
      sql`case when ${orders.status} = 'Awaiting Parcel' then 0 else 1 end`,
      asc(orders.createdAt),
      asc(orders.id),
    )
    .limit(20);

  if (looksLikeReference(q) && byTracking.length === 0) {
    const reference = normaliseReference(q);
    if (!isValidReference(reference)) {
      throw new HttpError(400, DEPOT_MESSAGES.badReference, [
        { field: 'q', error: DEPOT_MESSAGES.badReference },
      ]);
    }
    const customer = await customerOf(tx, eq(users.reference, reference));
    if (!customer) return none;
    return {
      MatchedBy: 'customer-reference',
      Customer: customer,
      MatchedOrder: null,
      Bookings: await openBookings(tx, customer.Id, () => false),
      AddressedTo: null,
    };
  }

  const [first] = byTracking;
  if (!first) {
    // a name on the label: a person of one customer's household
    const member = await householdMemberNamed(tx, q);
    const customer = member && (await customerOf(tx, eq(users.id, member.customerId)));
    if (!member || !customer) return none;
    return {
      MatchedBy: 'household-member',
      Customer: customer,
      MatchedOrder: null,
      Bookings: await openBookings(tx, customer.Id, () => false),
      AddressedTo: { Id: member.id, Name: fullName(member) },
    };
  }
  const customer = await customerOf(tx, eq(users.id, first.customerId));
  return {
    MatchedBy: 'tracking-number',
    Customer: customer,
    MatchedOrder: { Id: first.id, Reference: first.reference, Status: first.status },
    Bookings: customer
      ? await openBookings(tx, customer.Id, (o) => compact(o.trackingNumber) === tracking)
      : [],
    AddressedTo: null,
  };
}

// --- parcels ------------------------------------------------------------------------------------

type ParcelRow = typeof parcels.$inferSelect;
type Joined = {
  parcel: ParcelRow;
  order: {
    id: number;
    reference: string;
    status: OrderStatus;
    island: string;
    itemValuePence: number;
    retailerOrderDate: string | null;
  } | null;
  customer: Pick<UserRow, 'id' | 'firstName' | 'lastName' | 'reference'> | null;
  member: { firstName: string; lastName: string } | null;
};

const joined = (tx: Tx) =>
  tx
    .select({
      parcel: parcels,
      order: {
        id: orders.id,
        reference: orders.reference,
        status: orders.status,
        island: orders.island,
        itemValuePence: orders.itemValuePence,
        retailerOrderDate: orders.retailerOrderDate,
      },
      customer: {
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        reference: users.reference,
      },
      member: { firstName: householdMembers.firstName, lastName: householdMembers.lastName },
    })
    .from(parcels)
    .leftJoin(orders, eq(orders.id, parcels.orderId))
    .leftJoin(users, eq(users.id, parcels.customerId))
    .leftJoin(householdMembers, eq(householdMembers.id, parcels.householdMemberId));

function stateOf(row: Joined): ParcelState {
  if (row.parcel.abandonedAt) return 'abandoned';
  if (!row.order) return row.parcel.customerId === null ? 'unknown' : 'unbooked';
  switch (row.order.status) {
    case 'Awaiting Payment':
      return 'held';
    case 'Shipped':
      return 'dispatched';
    case 'Delivered':
      return 'delivered';
    case 'Cancelled':
      return 'cancelled';
    case 'Return Requested':
      return 'returning';
    case 'Returned to Retailer':
      return 'returned';
    default:
      return row.parcel.dispatchedAt ? 'dispatched' : 'ready';
  }
}

/**
 * The API shape of parcels, with their photos, their order's latest invoice and, while they wait
 * for their customer, their storage clock at `now` (the app's clock).
 */
async function toDepotParcels(tx: Tx, rows: Joined[], now: Date): Promise<DepotParcel[]> {
  if (rows.length === 0) return [];
  const rules = await storageRules(tx);
  const waits = await storageWaitsOf(
    tx,
    rows.map(({ parcel, order }) => ({
      ...parcel,
      orderId: order?.id ?? null,
      orderStatus: order?.status ?? null,
    })),
  );
  const customs = await customsRules(tx);
  const ids = rows.map((r) => r.parcel.id);
  const orderIds = rows.flatMap((r) => (r.order ? [r.order.id] : []));
  const lines = await itemLinesOf(tx, orderIds);
  const photos = await tx
    .select({
      id: parcelPhotos.id,
      parcelId: parcelPhotos.parcelId,
      contentType: parcelPhotos.contentType,
      width: parcelPhotos.width,
      height: parcelPhotos.height,
    })
    .from(parcelPhotos)
    .where(inArray(parcelPhotos.parcelId, ids))
    .orderBy(asc(parcelPhotos.id));
  const invoiceRows =
    orderIds.length === 0
      ? []
      : await tx
          .select()
          .from(invoices)
          .where(inArray(invoices.orderId, orderIds))
          .orderBy(asc(invoices.id));
  const inDispute = new Set(
    orderIds.length === 0
      ? []
      : (
          await tx
            .select({ orderId: orderCases.orderId })
            .from(orderCases)
            .where(
              and(
                inArray(orderCases.orderId, orderIds),
                eq(orderCases.kind, 'dispute'),
                ne(orderCases.status, 'Resolved'),
              ),
            )
        ).map((r) => r.orderId),
  );
  return rows.map((row): DepotParcel => {
    const p = row.parcel;
    const isDisputed = row.order !== null && inDispute.has(row.order.id);
    const found = stateOf(row);
    // A parcel ready to leave whose invoice is disputed is held until the dispute is decided.
    const state = found === 'ready' && isDisputed ? 'held' : found;
    const latest = row.order
      ? invoiceRows.filter((i) => i.orderId === row.order!.id).at(-1)
      : undefined;
    const invoice = latest && row.order ? toInvoice(latest, row.order.reference) : null;
    const leaveBy = evidenceDeadline(row.order?.retailerOrderDate, customs.evidenceMonths);
    return {
      Id: p.id,
      State: state,
      Hold:
        state !== 'held'
          ? null
          : isDisputed
            ? 'dispute'
            : invoice?.Status === 'unpaid'
              ? 'invoice'
              : 'quote',
      OrderId: row.order?.id ?? null,
      OrderReference: row.order?.reference ?? null,
      OrderStatus: row.order?.status ?? null,
      Customer: row.customer
        ? {
            Id: row.customer.id,
            Name: fullName(row.customer),
            Reference: row.customer.reference,
          }
        : null,
      AddressedTo: row.member ? fullName(row.member) || null : null,
      Island: row.order?.island ?? null,
      InboundTrackingNumber: p.inboundTrackingNumber,
      Weight: p.weightGrams,
      Length: p.lengthMm,
      Width: p.widthMm,
      Height: p.heightMm,
      Shelf: p.shelfLocation,
      Note: p.note,
      Received: p.receivedAt.toISOString(),
      ReceivedBy: p.receivedBy,
      Photos: photos
        .filter((ph) => ph.parcelId === p.id)
        .map((ph) => ({
          Id: ph.id,
          ContentType: ph.contentType,
          Width: ph.width,
          Height: ph.height,
        })),
      Invoice: invoice,
      Carrier: p.carrier,
      TrackingNumber: p.trackingNumber,
      TrackingUrl: p.carrier ? trackingLink(p.carrier, p.trackingNumber) : null,
      SailingDate: p.dispatchedAt ? p.dispatchedAt.toISOString().slice(0, 10) : null,
      Delivered: p.deliveredAt?.toISOString() ?? null,
      Storage: waits.get(p.id) ? storageClock(p.receivedAt, now, rules) : null,
      Abandoned: p.abandonedAt?.toISOString() ?? null,
      CustomsForm: row.order ? customsFormFor(row.order.itemValuePence, customs) : null,
      CustomsProblem: row.order
        ? customsProblem(
            row.order.reference,
            lines.get(row.order.id) ?? [],
            row.order.itemValuePence,
          )
        : null,
      RetailerOrderDate: row.order?.retailerOrderDate ?? null,
      LeaveBy: leaveBy,
      LeaveBySoon: leaveBySoon(leaveBy, now, customs),
    };
  });
}

/** The parcels with these ids, in that order. */
export async function depotParcels(
  tx: Tx,
  ids: readonly number[],
  now = new Date(),
): Promise<DepotParcel[]> {
  if (ids.length === 0) return [];
  const rows = await joined(tx).where(inArray(parcels.id, [...ids]));
  const found = await toDepotParcels(tx, rows, now);
  return ids.flatMap((id) => found.find((p) => p.Id === id) ?? []);
}

/** One parcel, or a 404. */
export async function depotParcel(tx: Tx, id: number, now = new Date()): Promise<DepotParcel> {
  const [parcel] = await depotParcels(tx, [id], now);
  if (!parcel) throw new HttpError(404, DEPOT_MESSAGES.noSuchParcel);
  return parcel;
}

/** Its order's invoice is disputed and not decided yet: the parcel is held (issue 28). */
const disputed = sql`exists (select 1 from ${orderCases} where ${orderCases.orderId} = ${orders.id} and ${orderCases.kind} = 'dispute' and ${orderCases.status} <> 'Resolved')`;
const dispatchable = and(inArray(orders.status, [...DISPATCHABLE]), isNull(parcels.dispatchedAt));
const ready = and(dispatchable, sql`not ${disputed}`);

const notAbandoned = isNull(parcels.abandonedAt);
/**
 * A booked parcel waiting for its customer, in SQL: what storageWait (src/shared/storage.ts) says
 * `invoice` or `consolidation` for. Not abandoned, not dispatched, no open dispute; its order held
 * (Awaiting Payment), or Received at Depot or Paid in a consignment it is still in whose status is
 * one of CONSIGNMENT_WAITS.
 */
const inWaitingConsignment = sql`exists (select 1 from ${consignmentOrders}
  inner join ${consignments} on ${consignments.id} = ${consignmentOrders.consignmentId}
  where ${consignmentOrders.orderId} = ${orders.id} and ${consignmentOrders.releasedAt} is null
  and ${inArray(consignments.status, [...CONSIGNMENT_WAITS])})`;
const waitingForCustomer = and(
  isNotNull(parcels.orderId),
  notAbandoned,
  isNull(parcels.dispatchedAt),
  sql`not ${disputed}`,
  or(
    eq(orders.status, 'Awaiting Payment'),
    and(inArray(orders.status, ['Received at Depot', 'Paid']), inWaitingConsignment),
  ),
);
const STATE_FILTERS: Record<ListedState, SQL | undefined> = {
  unknown: and(isNull(parcels.orderId), isNull(parcels.customerId), notAbandoned),
  unbooked: and(isNull(parcels.orderId), isNotNull(parcels.customerId), notAbandoned),
  held: and(or(eq(orders.status, 'Awaiting Payment'), and(dispatchable, disputed)), notAbandoned),
  ready,
  dispatched: eq(orders.status, 'Shipped'),
  waiting: waitingForCustomer,
};

/** A page of the parcels in a state, the longest waiting first (or the newest first). */
export async function listParcels(
  tx: Tx,
  query: { state: ListedState; page: number; itemsPerPage: number; sort?: ParcelSort },
  now = new Date(),
) {
  const where = STATE_FILTERS[query.state];
  const order = query.sort === 'newest' ? desc : asc;
  // The date by which it must leave is the retailer's order date plus the same months for every
  // parcel, so the soonest first is the earliest order date first (none given: last).
  const sorting =
    query.sort === 'leave-by'
      ? [sql`${orders.retailerOrderDate} asc nulls last`, asc(parcels.receivedAt), asc(parcels.id)]
      : [order(parcels.receivedAt), order(parcels.id)];
  const [rows, [{ total }]] = await Promise.all([
    joined(tx)
      .where(where)
      .orderBy(...sorting)
      .limit(query.itemsPerPage)
      .offset((query.page - 1) * query.itemsPerPage),
    tx
      .select({ total: count() })
      .from(parcels)
      .leftJoin(orders, eq(orders.id, parcels.orderId))
      .where(where),
  ]);
  return {
    items: await toDepotParcels(tx, rows, now),
    total,
    page: query.page,
    itemsPerPage: query.itemsPerPage,
  };
}

/** The parcels ready to leave, grouped by their island (in the islands' order), oldest first. */
export async function dispatchList(tx: Tx, now: Date) {
  // A parcel in an open consolidation leaves in its box, from the Consolidation screen (issue 26).
  const alone = sql`not exists (select 1 from consignment_orders co
    where co.order_id = ${parcels.orderId} and co.released_at is null)`;
  const rows = await joined(tx)
    .where(and(ready, alone))
    .orderBy(asc(parcels.receivedAt), asc(parcels.id));
  const all = await toDepotParcels(tx, rows, now);
  const islands = [...new Set([...ISLANDS, ...all.map((p) => p.Island ?? '')])];
  return {
    Islands: islands
      .map((Island) => ({ Island, Parcels: all.filter((p) => p.Island === Island) }))
      .filter((group) => group.Parcels.length > 0),
  };
}

/** A parcel photo's bytes, or a 404. */
export async function parcelPhoto(tx: Tx, id: number) {
  const [photo] = await tx
    .select({ contentType: parcelPhotos.contentType, data: parcelPhotos.data })
    .from(parcelPhotos)
    .where(eq(parcelPhotos.id, id));
  if (!photo) throw new HttpError(404, DEPOT_MESSAGES.noSuchPhoto);
  return photo;
}
