import { and, asc, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import {
  DEPOT_MESSAGES,
  type DepotCustomer,
  type LookupResult,
  type OpenBooking,
} from '../../../shared/api/depot';
import {
  isValidReference,
  looksLikeReference,
  normaliseReference,
} from '../../../shared/customer-reference';
import { orderIdFromReference } from '../../../shared/order-reference';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { comparableName } from '../../../shared/household';
import { addresses, householdMembers, orders, products, users } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { householdMembersOf } from '../household/service';
import type { Tx } from '../../db/client';
import { fullName } from '../auth/user-data';

/**
 * The depot's find (decision 0020): what a scanned or typed label names (an order reference, a
 * customer reference, a courier's tracking number, a person of a household), answered with the
 * customer, their island and their open bookings; and the tracking numbers compared as couriers
 * print them, which the office's search uses too.
 */

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
 * that name is one person's for sure (decision 0046): one household member of all households,
 * and no other customer's own account of that name. Otherwise `shared` counts the customers the
 * name could be (a customer who names a household member after someone else's account holder
 * must not draw that person's parcels to their account); null when no household has it.
 */
async function householdMemberNamed(tx: Tx, q: string) {
  const name = comparableName(q);
  if (!/\p{L}.*\s.*\p{L}/u.test(name)) return null;
  const members = await tx
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
    .limit(20);
  if (members.length === 0) return null;
  const holders = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`lower(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')) = ${name}`,
        eq(users.role, 'customer'),
        isNull(users.deletedAt),
      ),
    )
    .limit(20);
  const customers = new Set([...members.map((m) => m.customerId), ...holders.map((h) => h.id)]);
  if (members.length === 1 && customers.size === 1) return { member: members[0], shared: 0 };
  return { member: null, shared: Math.max(customers.size, members.length) };
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
    SharedName: null,
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
      SharedName: null,
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
      SharedName: null,
    };
  }

  const [first] = byTracking;
  if (!first) {
    // a name on the label: a person of one customer's household, if it is one person's for sure
    const named = await householdMemberNamed(tx, q);
    if (named && named.member === null) {
      return { ...none, SharedName: { Name: q.trim(), Customers: named.shared } };
    }
    const member = named?.member;
    const customer = member && (await customerOf(tx, eq(users.id, member.customerId)));
    if (!member || !customer) return none;
    return {
      MatchedBy: 'household-member',
      Customer: customer,
      MatchedOrder: null,
      Bookings: await openBookings(tx, customer.Id, () => false),
      AddressedTo: { Id: member.id, Name: fullName(member) },
      SharedName: null,
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
    SharedName: null,
  };
}
