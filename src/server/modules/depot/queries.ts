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
  type DepotParcel,
  type ListedState,
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
import { ISLANDS } from '../../../shared/islands';
import type { OrderStatus } from '../../../shared/order-status';
import {
  consignmentOrders,
  consignments,
  householdMembers,
  invoices,
  orderCases,
  orders,
  parcelPhotos,
  parcels,
  users,
} from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { toInvoice } from '../invoices/service';
import type { Tx } from '../../db/client';
import { DISPATCHABLE } from './dispatch';
import { storageWaitsOf } from './storage';
import { storageRules } from '../invoices/storage-charges';
import { fullName } from '../auth/user-data';

/**
 * What the depot's screens read of parcels: the lists by state (the waiting ones with their
 * storage clock), a parcel with its photos, invoice and customs facts, the parcels ready to sail by
 * island, and a photo's bytes. The find at the receiving desk is find.ts.
 */

type UserRow = typeof users.$inferSelect;

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

/** Its order's invoice is disputed and not decided yet: the parcel is held (decision 0038). */
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
  // A parcel in an open consolidation leaves in its box, from the Consolidation screen (decision
  // 0041).
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
