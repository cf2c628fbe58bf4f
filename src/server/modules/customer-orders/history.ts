import {
  and,
  asc,
  desc,
  eq,
  exists,
  ilike,
  inArray,
  isNull,
  ne,
  notExists,
  notInArray,
  or,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  ORDER_SUMMARY_LIMIT,
  type CustomerOrders,
  type OrderHistoryQuery,
  type OrderSortField,
  type OrderSummary,
} from '../../../shared/api/orders';
import { orderIdFromReference } from '../../../shared/order-reference';
import { HIDDEN_ORDER_STATUSES, ORDER_STATUSES } from '../../../shared/order-status';
import type { Db, Tx } from '../../db/client';
import { builtOnce } from '../../db/prepared';
import { householdMembers, invoices, orderCases, orders, parcels } from '../../db/schema';
import { storageClock } from '../../../shared/storage';
import { storageRules } from '../invoices/storage-charges';
import { customerInvoices, disputeOpenOn, toInvoice } from '../invoices/service';
import type { Uses } from '../../lib/uses';
import { linkOrders } from '../orders/links';
import { customerOrderColumns, orderPaidPence, toCustomerOrder } from '../orders/service';
import { movedParcels } from '../sailings/arrival';

/**
 * The customer's order history (POST /public/orders) and what needs them now (GET
 * /public/orders/summary), fast for a customer with thousands of orders in a table of many
 * customers' (the plans: `BENCH_ONLY=history npm run bench` on PostgreSQL; decision 0016):
 * - every query names the customer: newest first, the planner walks the (customer_id, id) index
 *   (or the primary key, filtered) from the newest and stops after the page; a status is found
 *   with the status index and the customer's index together (a bitmap AND);
 * - the total of an unfiltered history is counted from the (customer_id, id) index alone (see
 *   countShown);
 * - a search by a whole reference is a look-up by id; any other search reads only the customer's
 *   rows (ILIKE on the reference and the retailer's name).
 */

/** The largest id PostgreSQL's integer holds: a longer reference names no order. */
const MAX_ID = 2_147_483_647;

/** The statuses in lifecycle order (src/shared/order-status.ts), for sorting by status. */
const statusRank = sql`array_position(array[${sql.join(
  ORDER_STATUSES.map((s) => sql`${s}`),
  sql`, `,
)}]::text[], ${orders.status})`;

// The id follows each, so that pages never overlap. Created and Reference are the id's order: it is taken when
// the order is created, and written into its reference.
const sortColumns: Record<OrderSortField, AnyPgColumn | SQL> = {
  Created: orders.id,
  Reference: orders.id,
  RetailerName: sql`lower(${orders.retailerName})`,
  Island: orders.island,
  StatusId_Name: statusRank,
  Total: orderPaidPence,
};

/** `text` matched literally inside ILIKE (its own % _ and \ escaped). */
const likeContaining = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A search: a whole order reference finds that order by its id (the primary key); anything else
 * is looked for inside the reference and the retailer's name, ignoring case.
 */
function searchCondition(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const id = orderIdFromReference(search);
  if (id !== null && id <= MAX_ID) return eq(orders.id, id);
  const pattern = likeContaining(search);
  return or(ilike(orders.reference, pattern), ilike(orders.retailerName, pattern));
}

/** A customer's id, or the placeholder of a query built once (db/prepared.ts) that takes it. */
type CustomerId = number | Placeholder;

const ofCustomer = (customerId: CustomerId) => eq(orders.customerId, customerId);
const hidden = inArray(orders.status, [...HIDDEN_ORDER_STATUSES]);

/** The customer's orders they may see (never Cancelled ones, docs/requirements.md §4). */
const shownTo = (customerId: CustomerId) =>
  and(ofCustomer(customerId), notInArray(orders.status, [...HIDDEN_ORDER_STATUSES]));

/**
 * How many orders the customer sees: all of theirs less the hidden ones. Counting all of them
 * reads the (customer_id, id) index alone (an index-only scan once the table is vacuumed) and the
 * few hidden ones are found with the status index, where checking each row's status would read
 * the page of every one of the customer's orders: 0.9 ms against 2.6 ms for 3,000 orders.
 */
const shownCount = builtOnce((db) => {
  const customerId = sql.placeholder('customerId');
  const count = (where: SQL | undefined) =>
    db
      .select({ n: sql`count(*)` })
      .from(orders)
      .where(where);
  const all = count(ofCustomer(customerId));
  const hiddenOnes = count(and(ofCustomer(customerId), hidden));
  // One statement, so both counts see the same orders.
  return db
    .select({ n: sql<number>`(${all}) - (${hiddenOnes})`.mapWith(Number) })
    .from(sql`(values (1)) as one`)
    .prepare('');
});

async function countShown(db: Db, customerId: number): Promise<number> {
  const [row] = await shownCount(db).execute({ customerId });
  return row.n;
}

/** A page of the orders `where` picks, in the order asked for (its values, or placeholders). */
function pageQuery(
  db: Tx,
  where: SQL | undefined,
  { sortBy, sortDesc }: Pick<OrderHistoryQuery['options'], 'sortBy' | 'sortDesc'>,
  limit: number | Placeholder,
  offset: number | Placeholder,
) {
  const dir = sortDesc ? desc : asc;
  return db
    .select(customerOrderColumns)
    .from(orders)
    .where(where)
    .orderBy(dir(sortColumns[sortBy]), dir(orders.id))
    .limit(limit)
    .offset(offset);
}

/** The pages with nothing asked of them but their order: each order built once when first asked. */
const unfilteredPages = new Map<
  string,
  (db: Tx) => ReturnType<ReturnType<typeof pageQuery>['prepare']>
>();

/** A page of the customer's orders; with no filters, one of the history's own pages, built once. */
function pageOf(
  db: Db,
  customerId: number,
  filters: SQL | undefined,
  options: OrderHistoryQuery['options'],
) {
  const limit = options.itemsPerPage;
  const offset = (options.page - 1) * options.itemsPerPage;
  if (filters) return pageQuery(db, and(shownTo(customerId), filters), options, limit, offset);
  const key = `${options.sortBy} ${options.sortDesc}`;
  let page = unfilteredPages.get(key);
  if (!page) {
    const order = { sortBy: options.sortBy, sortDesc: options.sortDesc };
    page = builtOnce((handle) =>
      pageQuery(
        handle,
        shownTo(sql.placeholder('customerId')),
        order,
        sql.placeholder('limit'),
        sql.placeholder('offset'),
      ).prepare(''),
    );
    unfilteredPages.set(key, page);
  }
  return page(db).execute({ customerId, limit, offset });
}

/**
 * One page of the customer's order history with the invoices of its orders
 * (docs/requirements.md §7: each order is linked to the invoices whose OrderId is its Id), each
 * order with its band, extras and invoice (../orders/links.ts), and how many orders match.
 */
export async function orderHistory(
  app: Uses<'cache' | 'database'>,
  customerId: number,
  { options, filter }: OrderHistoryQuery,
): Promise<CustomerOrders> {
  const db = app.database.db;
  const filters = and(
    filter.Status === undefined ? undefined : eq(orders.status, filter.Status),
    searchCondition(filter.Search),
  );
  const [rows, total] = await Promise.all([
    pageOf(db, customerId, filters, options),
    filters ? db.$count(orders, and(shownTo(customerId), filters)) : countShown(db, customerId),
  ]);
  const Orders = rows.map(toCustomerOrder);
  const Invoices = await customerInvoices(
    db,
    customerId,
    Orders.map((o) => o.Id),
  );
  return {
    Orders: await linkOrders(app, Orders, Invoices),
    Invoices,
    total,
    page: options.page,
    itemsPerPage: options.itemsPerPage,
  };
}

/**
 * What needs the customer now (My Account): quotes priced for them to answer, unpaid invoices,
 * and their parcels at the depot (received, held for an invoice, or paid and waiting to sail).
 * Each part is up to ORDER_SUMMARY_LIMIT rows, newest first, and a count: small queries within
 * the customer's rows that the status index narrows down, however long their history.
 */
export async function orderSummary(
  db: Db,
  customerId: number,
  now = new Date(),
): Promise<OrderSummary> {
  const ordersPart = async (where: SQL | undefined) => {
    const matching = and(ofCustomer(customerId), where);
    const [rows, total] = await Promise.all([
      db
        .select(customerOrderColumns)
        .from(orders)
        .where(matching)
        .orderBy(desc(orders.id))
        .limit(ORDER_SUMMARY_LIMIT),
      db.$count(orders, matching),
    ]);
    return { items: rows.map(toCustomerOrder), total };
  };
  // A disputed invoice is not asked for until staff decide (decision 0038).
  const unpaid = and(
    eq(invoices.customerId, customerId),
    eq(invoices.status, 'unpaid'),
    notExists(
      db
        .select({ one: sql`1` })
        .from(orderCases)
        .where(disputeOpenOn(invoices.id)),
    ),
  );
  // Held for an invoice: Awaiting Payment once the parcel is in (an unpaid checkout has none).
  const atDepot = and(
    inArray(orders.status, ['Received at Depot', 'Awaiting Payment', 'Paid']),
    or(
      ne(orders.status, 'Awaiting Payment'),
      exists(
        db
          .select({ one: sql`1` })
          .from(parcels)
          .where(eq(parcels.orderId, orders.id)),
      ),
    ),
  );
  const unbooked = and(
    eq(parcels.customerId, customerId),
    isNull(parcels.orderId),
    isNull(parcels.abandonedAt),
  );
  const [QuotesToAnswer, invoiceRows, invoiceTotal, AtDepot, unbookedRows, unbookedTotal, rules] =
    await Promise.all([
      ordersPart(eq(orders.status, 'Quote Ready')),
      db
        .select({ invoice: invoices, orderReference: orders.reference })
        .from(invoices)
        .innerJoin(orders, eq(orders.id, invoices.orderId))
        .where(unpaid)
        .orderBy(desc(invoices.id))
        .limit(ORDER_SUMMARY_LIMIT),
      db.$count(invoices, unpaid),
      ordersPart(atDepot),
      db
        .select({ parcel: parcels, member: householdMembers })
        .from(parcels)
        .leftJoin(householdMembers, eq(householdMembers.id, parcels.householdMemberId))
        .where(unbooked)
        .orderBy(asc(parcels.receivedAt), asc(parcels.id))
        .limit(ORDER_SUMMARY_LIMIT),
      db.$count(parcels, unbooked),
      storageRules(db),
    ]);
  return {
    QuotesToAnswer,
    InvoicesToPay: {
      items: invoiceRows.map((r) => toInvoice(r.invoice, r.orderReference)),
      total: invoiceTotal,
    },
    AtDepot,
    Unbooked: {
      items: unbookedRows.map(({ parcel, member }) => ({
        Id: parcel.id,
        Received: parcel.receivedAt.toISOString(),
        InboundTrackingNumber: parcel.inboundTrackingNumber,
        AddressedTo: member ? `${member.firstName} ${member.lastName}`.trim() || null : null,
        Storage: storageClock(parcel.receivedAt, now, rules),
      })),
      total: unbookedTotal,
    },
    Moved: await movedParcels(db, customerId, now, ORDER_SUMMARY_LIMIT),
  };
}
