import { and, asc, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { DepotReturn, RetailerReturn } from '../../../shared/api/returns';
import { toPounds } from '../../../shared/money';
import {
  canWithdrawReturn,
  RETURN_LABEL_EXTRA,
  RETURN_MESSAGES,
  returnStateOf,
} from '../../../shared/returns';
import { invoices, orderExtras, orders, parcels, retailerReturns, users } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { toInvoice } from '../invoices/service';
import type { Tx } from '../../db/client';

/**
 * What the customer and the depot read of returns to the retailer (decision 0039): a
 * return as each sees it, its label, and the depot floor's list; what they do is ./service.ts.
 */

type ReturnRow = typeof retailerReturns.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

/** Where the customer downloads the label of their order's return. */
export const customerLabelUrl = (orderId: number) => `/public/orders/returnlabel/${orderId}`;
const depotLabelUrl = (orderId: number) => `/api/admin/depot/returns/${orderId}/label`;

export async function toReturn(
  tx: Tx,
  row: ReturnRow,
  orderReference: string,
  labelUrl: string,
): Promise<RetailerReturn> {
  const [invoice] = row.invoiceId
    ? await tx.select().from(invoices).where(eq(invoices.id, row.invoiceId))
    : [];
  return {
    OrderId: row.orderId,
    State: returnStateOf({ hasLabel: row.labelAttachedAt !== null, returned: !!row.returnedAt }),
    Reason: row.reason,
    Bought: row.bought,
    Invoice: invoice ? toInvoice(invoice, orderReference) : null,
    Label:
      row.labelAttachedAt && row.labelContentType
        ? { FileName: row.labelFileName, ContentType: row.labelContentType, Url: labelUrl }
        : null,
    Carrier: row.carrier,
    TrackingNumber: row.trackingNumber,
    Refund: row.refundPence === null ? null : toPounds(row.refundPence),
    Asked: row.createdAt.toISOString(),
    Returned: row.returnedAt?.toISOString() ?? null,
    CanWithdraw: canWithdrawReturn({
      bought: row.bought,
      hasLabel: row.labelAttachedAt !== null,
      returned: row.returnedAt !== null,
    }),
  };
}

/** The return of the customer's own order, or null. */
export async function customerReturn(
  tx: Tx,
  order: Pick<OrderRow, 'id' | 'reference'>,
): Promise<RetailerReturn | null> {
  const [row] = await tx
    .select()
    .from(retailerReturns)
    .where(eq(retailerReturns.orderId, order.id));
  return row ? toReturn(tx, row, order.reference, customerLabelUrl(order.id)) : null;
}

/** The price of a label we buy: the catalogue's extra `return-to-sender`. */
export async function labelPricePence(tx: Pick<Tx, 'select'>): Promise<number> {
  const [extra] = await tx
    .select({ pricePence: orderExtras.pricePence })
    .from(orderExtras)
    .where(eq(orderExtras.code, RETURN_LABEL_EXTRA));
  if (!extra) throw new Error(`the catalogue has no extra ${RETURN_LABEL_EXTRA}`);
  return extra.pricePence;
}

/** The label of a return: the customer's own (`customerId`), or any for staff. */
export async function returnLabel(tx: Tx, orderId: number, customerId?: number) {
  const [row] = await tx
    .select({
      contentType: retailerReturns.labelContentType,
      data: retailerReturns.labelData,
      fileName: retailerReturns.labelFileName,
    })
    .from(retailerReturns)
    .where(
      and(
        eq(retailerReturns.orderId, orderId),
        customerId === undefined ? undefined : eq(retailerReturns.customerId, customerId),
        isNotNull(retailerReturns.labelData),
      ),
    );
  if (!row?.data || !row.contentType) throw new HttpError(404, RETURN_MESSAGES.noSuchReturn);
  return { contentType: row.contentType, data: row.data, fileName: row.fileName };
}

/** The returns on the depot floor: open ones (the oldest asked first), or those sent back. */
export async function depotReturns(
  tx: Tx,
  state: 'open' | 'returned' | 'any',
  orderId?: number,
): Promise<DepotReturn[]> {
  const rows = await tx
    .select({
      row: retailerReturns,
      order: orders,
      parcel: { id: parcels.id, shelf: parcels.shelfLocation },
      customer: {
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        reference: users.reference,
      },
    })
    .from(retailerReturns)
    .innerJoin(orders, eq(orders.id, retailerReturns.orderId))
    .innerJoin(parcels, eq(parcels.id, retailerReturns.parcelId))
    .innerJoin(users, eq(users.id, retailerReturns.customerId))
    .where(
      and(
        state === 'open'
          ? and(isNull(retailerReturns.returnedAt), eq(orders.status, 'Return Requested'))
          : state === 'returned'
            ? isNotNull(retailerReturns.returnedAt)
            : undefined,
        orderId === undefined ? undefined : eq(retailerReturns.orderId, orderId),
      ),
    )
    .orderBy(
      state === 'open' ? asc(retailerReturns.createdAt) : desc(retailerReturns.returnedAt),
      asc(retailerReturns.id),
    )
    .limit(200);
  return Promise.all(
    rows.map(async ({ row, order, parcel, customer }) => ({
      ...(await toReturn(tx, row, order.reference, depotLabelUrl(order.id))),
      OrderReference: order.reference,
      OrderStatus: order.status,
      Customer: {
        Id: customer.id,
        Name: [customer.firstName, customer.lastName].filter(Boolean).join(' '),
        Reference: customer.reference,
      },
      ParcelId: parcel.id,
      Shelf: parcel.shelf,
      RetailerName: order.retailerName,
      RetailerOrderNumber: order.retailerOrderNumber,
      ReturnedBy: row.returnedBy,
    })),
  );
}

/** One return as the depot sees it, or a 404. */
export async function depotReturn(tx: Tx, orderId: number): Promise<DepotReturn> {
  const [found] = await depotReturns(tx, 'any', orderId);
  if (!found) throw new HttpError(404, RETURN_MESSAGES.noSuchReturn);
  return found;
}
