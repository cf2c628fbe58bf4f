import { and, asc, eq } from 'drizzle-orm';
import {
  CERTIFICATE_MESSAGES,
  type CertificateFacts,
  type CertificateVerification,
} from '../../../shared/api/certificates';
import { addressLines } from '../../../shared/addresses';
import { carrierOf } from '../../../shared/carriers';
import { storedToDisplayDate } from '../../../shared/dates';
import { consignmentReference } from '../../../shared/consolidation';
import type { ItemLine } from '../../../shared/item-lines-value';
import { toPence, toPounds } from '../../../shared/money';
import { itemLinesOf } from '../orders/item-lines';
import type { Db, Tx } from '../../db/client';
import { hasLeftTheUk } from '../../../shared/order-status';
import { seaRoute, TRANSPORT_MODE } from '../../../shared/sea-routes';
import {
  consignmentOrders,
  consignments,
  exportCertificates,
  orders,
  parcels,
  users,
} from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { newPublicCode } from '../../lib/public-codes';
import { depotAddress, fullName } from '../auth/user-data';

/**
 * Export certificates: issued once per order, on its first download after the parcel has left
 * the UK, with the facts of that moment kept in the row (later downloads and the public
 * verification page read the same facts, whatever changes after). Each carries a random code
 * that the public page /verify/{code} checks.
 */

export type CertificateRow = typeof exportCertificates.$inferSelect;

/** A new verification code: 20 characters of Crockford base 32 from the system's CSPRNG. */
export const newVerificationCode = newPublicCode;

/** The calendar day in the UK (yyyy-MM-dd) of an instant. */
export function ukDay(at: Date): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** The depot's lines without the placeholder for a customer's reference (it is the consignor). */
const consignorAddress = (depot: string[]) => [
  ...depot.map((line) => line.replace(/\s*\(?\{Reference\}\)?/g, '').trim()).filter(Boolean),
  'United Kingdom',
];

const certificateLine = (line: ItemLine) => ({
  Description: line.Description,
  Quantity: line.Quantity,
  ValueEachPence: toPence(line.ValueEach),
  Origin: line.Origin,
  CommodityCode: line.CommodityCode,
});

/**
 * The box an order left in with others (decision 0041, a dispatched consolidation, the order not
 * left out): its reference, its orders and every item of them, from each order's item lines (an
 * order booked before item lines, as one line of what was booked).
 */
async function consignmentFacts(tx: Tx, orderId: number): Promise<CertificateFacts['Consignment']> {
  const [box] = await tx
    .select({ id: consignments.id })
    .from(consignmentOrders)
    .innerJoin(consignments, eq(consignments.id, consignmentOrders.consignmentId))
    .where(
      and(
        eq(consignmentOrders.orderId, orderId),
        eq(consignmentOrders.leftOut, false),
        eq(consignments.status, 'dispatched'),
      ),
    );
  if (!box) return undefined;
  const inBox = await tx
    .select({
      id: orders.id,
      reference: orders.reference,
      description: orders.description,
      itemCount: orders.itemCount,
      itemValuePence: orders.itemValuePence,
    })
    .from(consignmentOrders)
    .innerJoin(orders, eq(orders.id, consignmentOrders.orderId))
    .where(and(eq(consignmentOrders.consignmentId, box.id), eq(consignmentOrders.leftOut, false)))
    .orderBy(asc(orders.id));
  const lines = await itemLinesOf(
    tx,
    inBox.map((o) => o.id),
  );
  return {
    Reference: consignmentReference(box.id),
    Orders: inBox.map((o) => o.reference),
    ItemLines: inBox.flatMap((o) => {
      const own = lines.get(o.id) ?? [];
      if (own.length > 0) return own.map(certificateLine);
      return [
        {
          Description: `${o.description} (${o.itemCount} as booked, ${o.reference})`,
          Quantity: 1,
          ValueEachPence: o.itemValuePence,
          Origin: '',
          CommodityCode: '',
        },
      ];
    }),
  };
}

/**
 * The customer's certificate for their order, issued on the first call: a 404 for an order that
 * is not theirs, a 409 until the parcel has left the UK. Two first calls at once give one
 * certificate (the order id is unique; the loser reads the winner's row).
 */
export async function customerCertificate(
  db: Db,
  brand: string,
  customerId: number,
  orderId: number,
): Promise<{ orderReference: string; certificate: CertificateRow }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        order: orders,
        customer: users,
        parcel: parcels,
        certificate: exportCertificates,
      })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.customerId))
      .leftJoin(parcels, eq(parcels.orderId, orders.id))
      .leftJoin(exportCertificates, eq(exportCertificates.orderId, orders.id))
      .where(and(eq(orders.id, orderId), eq(orders.customerId, customerId)));
    if (!row) throw new HttpError(404, CERTIFICATE_MESSAGES.orderNotFound);
    const { order, customer, parcel } = row;
    if (!hasLeftTheUk(order.status)) throw new HttpError(409, CERTIFICATE_MESSAGES.notYetExported);
    if (row.certificate) return { orderReference: order.reference, certificate: row.certificate };
    if (!parcel?.dispatchedAt || !parcel.carrier) {
      throw new HttpError(409, CERTIFICATE_MESSAGES.sailingNotRecorded);
    }

    const facts: CertificateFacts = {
      OrderReference: order.reference,
      Supplier: {
        Name: order.retailerName,
        Website: order.retailerWebsite,
        OrderNumber: order.retailerOrderNumber,
        OrderDate: order.retailerOrderDate,
      },
      Consignor: { Name: brand, Address: consignorAddress(await depotAddress(tx)) },
      Customer: { Name: fullName(customer), Reference: customer.reference },
      DeliveryAddress: order.deliveryAddress
        ? addressLines(order.deliveryAddress)
        : [fullName(customer), order.island],
      Goods: {
        Description: order.description,
        Quantity: order.itemCount,
        ValuePence: order.itemValuePence,
      },
      ItemLines: ((await itemLinesOf(tx, [order.id])).get(order.id) ?? []).map(certificateLine),
      Consignment: await consignmentFacts(tx, order.id),
      Sailing: `${carrierOf(parcel.carrier)?.name ?? parcel.carrier} sailing of ${storedToDisplayDate(ukDay(parcel.dispatchedAt))}, ${seaRoute(order.island)}`,
      Island: order.island,
      TransportMode: TRANSPORT_MODE,
      Route: seaRoute(order.island),
      ExportDate: ukDay(parcel.dispatchedAt),
      Carrier: carrierOf(parcel.carrier)?.name ?? parcel.carrier,
      TrackingNumber: parcel.trackingNumber,
    };
    const [issued] = await tx
      .insert(exportCertificates)
      .values({ orderId: order.id, code: newVerificationCode(), facts })
      .onConflictDoNothing({ target: exportCertificates.orderId })
      .returning();
    const [certificate] = issued
      ? [issued]
      : await tx.select().from(exportCertificates).where(eq(exportCertificates.orderId, order.id));
    return { orderReference: order.reference, certificate };
  });
}

/** The key facts of the certificate with this code, or null when there is none. */
export async function verifyCertificate(
  db: Db,
  code: string,
): Promise<CertificateVerification | null> {
  const [row] = await db.select().from(exportCertificates).where(eq(exportCertificates.code, code));
  if (!row) return null;
  return {
    Genuine: true,
    OrderReference: row.facts.OrderReference,
    ExportDate: row.facts.ExportDate,
    Island: row.facts.Island,
    Goods: row.facts.Goods.Description,
    Value: toPounds(row.facts.Goods.ValuePence),
    Issued: ukDay(row.issuedAt),
  };
}
