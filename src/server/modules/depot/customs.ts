import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { addressLines } from '../../../shared/addresses';
import type { CarrierId } from '../../../shared/carriers';
import {
  CUSTOMS_CATEGORY,
  CUSTOMS_MESSAGES,
  customsFormFileName,
  customsFormFor,
  customsProblem,
  customsRulesOf,
  type ConsignedParcel,
  type CustomsForm,
  type CustomsRules,
  ukDay,
} from '../../../shared/customs';
import type { ItemLine } from '../../../shared/item-lines-value';
import { consignmentReference, CONSOLIDATION_MESSAGES } from '../../../shared/consolidation';
import { sumPence } from '../../../shared/money';
import { storedToDisplayDate } from '../../../shared/dates';
import { consignmentOrders, consignments, orders, parcels, users } from '../../db/schema';
import type { FastifyReply } from 'fastify';
import { HttpError } from '../../lib/errors';
import { settingsOf } from '../settings/service';
import { depotAddress, fullName } from '../auth/user-data';
import type { Tx } from '../../db/client';
import { itemLinesOf } from '../orders/item-lines';

/**
 * The customs paperwork of parcels leaving the depot (docs/decisions/0040; rules in
 * src/shared/customs.ts): the Customs settings, each parcel's declaration (CN22 or CN23) filled
 * from its item lines, the check that stops a parcel leaving without them, and the carrier's
 * electronic data for a sailing (one row per item, keyed by consignment number).
 */

/** The Customs settings as rules (the defaults where one is missing). */
export async function customsRules(tx: Pick<Tx, 'select'>): Promise<CustomsRules> {
  return customsRulesOf(await settingsOf(tx, CUSTOMS_CATEGORY));
}

/**
 * Why these orders may not leave as their paperwork stands: one sentence per order whose item
 * lines are missing or do not add up to its declared value (empty: all may leave).
 */
export async function customsProblems(
  tx: Tx,
  rows: readonly Pick<typeof orders.$inferSelect, 'id' | 'reference' | 'itemValuePence'>[],
): Promise<string[]> {
  const lines = await itemLinesOf(
    tx,
    rows.map((r) => r.id),
  );
  return rows.flatMap((r) => customsProblem(r.reference, lines.get(r.id)!, r.itemValuePence) ?? []);
}

/** The depot as the sender of every parcel: the brand and the depot's address (no placeholder). */
async function sender(tx: Tx, brand: string) {
  const depot = await depotAddress(tx);
  return {
    name: brand,
    address: [
      ...depot.map((line) => line.replace(/\s*\(?\{Reference\}\)?/g, '').trim()).filter(Boolean),
      'United Kingdom',
    ],
  };
}

type OrderRow = typeof orders.$inferSelect;
type UserRow = typeof users.$inferSelect;

const consignee = (order: OrderRow, customer: UserRow) => {
  const name = fullName(customer);
  return {
    name: order.deliveryAddress?.FullName || name,
    address: order.deliveryAddress
      ? addressLines(order.deliveryAddress).filter((l) => l !== order.deliveryAddress?.FullName)
      : [order.island, 'Channel Islands'],
  };
};

/** What a parcel's declaration says: its form, sender, consignee, lines and weight. */
interface Declaration {
  form: CustomsForm;
  orderReference: string;
  /** A consolidated box's orders (its reference is then the box's). */
  orders?: string[];
  retailerOrderNumber: string;
  island: string;
  consignment: string;
  sender: { name: string; address: string[] };
  consignee: { name: string; address: string[] };
  lines: ItemLine[];
  weightGrams: number;
  declaredPence: number;
  carriagePence: number;
}

/**
 * The declaration of a booked parcel: CN22 or CN23 by its declared value (the Customs settings'
 * limit), filled from its item lines. 404 for a parcel without a booking; 409 saying why when its
 * lines are missing or do not add up (the same rule that stops it leaving).
 */
export async function declarationOf(tx: Tx, parcelId: number, brand: string): Promise<Declaration> {
  const [row] = await tx
    .select({ parcel: parcels, order: orders, customer: users })
    .from(parcels)
    .innerJoin(orders, eq(orders.id, parcels.orderId))
    .innerJoin(users, eq(users.id, orders.customerId))
    .where(eq(parcels.id, parcelId));
  if (!row) throw new HttpError(404, CUSTOMS_MESSAGES.notAtDepot);
  const { parcel, order, customer } = row;
  const lines = (await itemLinesOf(tx, [order.id])).get(order.id)!;
  const problem = customsProblem(order.reference, lines, order.itemValuePence);
  if (problem) throw new HttpError(409, problem);
  const rules = await customsRules(tx);
  return {
    form: customsFormFor(order.itemValuePence, rules),
    orderReference: order.reference,
    retailerOrderNumber: order.retailerOrderNumber,
    island: order.island,
    consignment: parcel.trackingNumber,
    sender: await sender(tx, brand),
    consignee: consignee(order, customer),
    lines,
    weightGrams: parcel.weightGrams ?? 0,
    declaredPence: order.itemValuePence,
    carriagePence: order.totalPence,
  };
}

/**
 * A consolidated box's declaration, as a whole (docs/decisions/0040 and
 * 0041): CN22 or CN23 by the box's total declared value (every order in it), listing every item
 * line of all its orders, weighed as the box was, under the box's consignment number once it has
 * sailed. 404 for no such consolidation; 409 saying which order's lines are missing or do not add
 * up (the same rule that keeps the box at the depot).
 */
export async function consignmentDeclarationOf(
  tx: Tx,
  consignmentId: number,
  brand: string,
): Promise<Declaration> {
  const [box] = await tx.select().from(consignments).where(eq(consignments.id, consignmentId));
  if (!box) throw new HttpError(404, CONSOLIDATION_MESSAGES.noSuchConsignment);
  const rows = await tx
    .select({ order: orders, customer: users, weightGrams: parcels.weightGrams })
    .from(consignmentOrders)
    .innerJoin(orders, eq(orders.id, consignmentOrders.orderId))
    .innerJoin(users, eq(users.id, orders.customerId))
    .leftJoin(parcels, eq(parcels.orderId, orders.id))
    .where(and(eq(consignmentOrders.consignmentId, box.id), isNull(consignmentOrders.releasedAt)))
    .orderBy(asc(orders.id));
  const lines = await itemLinesOf(
    tx,
    rows.map((r) => r.order.id),
  );
  const problems = rows.flatMap(
    (r) => customsProblem(r.order.reference, lines.get(r.order.id)!, r.order.itemValuePence) ?? [],
  );
  if (rows.length === 0 || problems.length > 0) {
    throw new HttpError(409, problems.join(' ') || CUSTOMS_MESSAGES.notAtDepot);
  }
  const declaredPence = sumPence(rows.map((r) => r.order.itemValuePence));
  const [first] = rows;
  return {
    form: customsFormFor(declaredPence, await customsRules(tx)),
    orderReference: consignmentReference(box.id),
    orders: rows.map((r) => r.order.reference),
    retailerOrderNumber: '',
    island: box.island,
    consignment: box.trackingNumber,
    sender: await sender(tx, brand),
    consignee: consignee(first.order, first.customer),
    lines: rows.flatMap((r) => lines.get(r.order.id)!),
    weightGrams: box.weightGrams ?? sumPence(rows.map((r) => r.weightGrams ?? 0)),
    declaredPence,
    // what the box's crossing costs once measured (the band and the repacking), else as booked
    carriagePence: box.final
      ? box.final.crossingPence + box.final.repackPence
      : sumPence(rows.map((r) => r.order.totalPence)),
  };
}

/** The sailing's day as the depot records it: the date of export, in the UK. */
export const sailingDay = sql`to_char(${parcels.dispatchedAt} at time zone 'Europe/London', 'YYYY-MM-DD')`;

/**
 * The carrier's electronic customs data for a sailing (its date and carrier): every parcel that
 * left on it, each with its consignment (tracking) number, sender, consignee, weight and item
 * lines. Several orders consigned under one number are one consignment with all their items.
 * 404 when nothing left on that sailing.
 */
export async function sailingParcels(
  tx: Tx,
  sailingDate: string,
  carrier: CarrierId,
  brand: string,
  route?: string,
): Promise<ConsignedParcel[]> {
  const rows = await tx
    .select({ parcel: parcels, order: orders, customer: users })
    .from(parcels)
    .innerJoin(orders, eq(orders.id, parcels.orderId))
    .innerJoin(users, eq(users.id, orders.customerId))
    .where(
      and(
        isNotNull(parcels.dispatchedAt),
        eq(parcels.carrier, carrier),
        sql`${sailingDay} = ${sailingDate}`,
        inArray(orders.status, ['Shipped', 'Delivered']),
        // one route's sailing: its island and the islands reached through it (decision 0049)
        route === undefined
          ? undefined
          : sql`${orders.island} in (select island from sailing_routes where island = ${route} or via = ${route})`,
      ),
    )
    .orderBy(asc(parcels.trackingNumber), asc(orders.id));
  if (rows.length === 0) throw new HttpError(404, CUSTOMS_MESSAGES.noSailing);
  const lines = await itemLinesOf(
    tx,
    rows.map((r) => r.order.id),
  );
  const from = await sender(tx, brand);
  return rows.map(({ parcel, order, customer }) => ({
    consignment: parcel.trackingNumber,
    orderReference: order.reference,
    sender: from,
    consignee: consignee(order, customer),
    weightGrams: parcel.weightGrams ?? 0,
    lines: lines.get(order.id)!,
  }));
}

/** The sailings parcels left on, newest first: their date, carrier and how many parcels. */
export async function recentSailings(tx: Tx, limit = 20) {
  const rows = await tx
    .select({
      date: sql<string>`${sailingDay}`,
      carrier: parcels.carrier,
      parcels: sql<number>`count(*)::int`,
    })
    .from(parcels)
    .innerJoin(orders, eq(orders.id, parcels.orderId))
    .where(and(isNotNull(parcels.dispatchedAt), isNotNull(parcels.carrier)))
    .groupBy(sailingDay, parcels.carrier)
    .orderBy(sql`1 desc`, parcels.carrier)
    .limit(limit);
  return rows.map((r) => ({
    SailingDate: r.date,
    Carrier: r.carrier!,
    Parcels: Number(r.parcels),
  }));
}

/** The day a declaration is signed: today in the UK, written as the site writes dates. */
export const declarationDate = (now: Date) => storedToDisplayDate(ukDay(now)) ?? '';

/**
 * Answers a customs declaration's PDF (or a shelf label carrying one, `prefix` "label-") to open
 * in the browser, named by its form and order, its form in `x-customs-form`, never cached.
 */
export function sendDeclarationPdf(
  reply: FastifyReply,
  declaration: Pick<Declaration, 'form' | 'orderReference'>,
  pdf: Buffer,
  prefix = '',
) {
  return reply
    .type('application/pdf')
    .header(
      'content-disposition',
      `inline; filename="${prefix}${customsFormFileName(declaration.form, declaration.orderReference)}"`,
    )
    .header('x-customs-form', declaration.form)
    .header('cache-control', 'no-store')
    .send(pdf);
}
