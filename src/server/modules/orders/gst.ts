import { and, eq, inArray } from 'drizzle-orm';
import type { Booking } from '../../../shared/api/checkout';
import type { GstEstimateResult } from '../../../shared/api/gst';
import {
  combiningWarning,
  estimateGst,
  gstOf,
  parseGstSettings,
  GST_SETTING,
  type GstParcel,
} from '../../../shared/gst';
import { formatMoney, toPence, toPounds } from '../../../shared/money';
import type { OrderStatus } from '../../../shared/order-status';
import { flattenSettings } from '../../../shared/settings';
import { orders } from '../../db/schema';
import { publicSettings } from '../settings/service';
import type { Uses } from '../../lib/uses';
import { priceBookings } from './pricing';
import { catalogueItems } from '../catalogue/queries';

/**
 * POST /public/orders/gst-estimate (src/shared/api/gst.ts): the basket's bookings, priced from
 * the catalogue, valued with the customer's parcels to the same island that have not left yet.
 */

/**
 * A booked order as GST values it: its goods, the retailer's delivery and what was paid to us
 * for the crossing (its total less its discount). The checkout and dispatch value orders alike.
 */
export const gstParcelOf = (order: {
  goodsPence: number;
  retailerDeliveryPence: number;
  totalPence: number;
  discountPence: number;
}): GstParcel => ({
  goodsPence: order.goodsPence,
  retailerDeliveryPence: order.retailerDeliveryPence,
  carriagePence: order.totalPence - order.discountPence,
});

/** Booked and paid for, not yet on a sailing: they may leave with the new ones. */
const NOT_YET_SHIPPED: OrderStatus[] = ['Awaiting Parcel', 'Received at Depot', 'Paid'];

export async function estimateCustomerGst(
  app: Uses<'cache' | 'database'>,
  customerId: number,
  bookings: readonly Booking[],
): Promise<GstEstimateResult> {
  const db = app.database.db;
  const stored = flattenSettings(await publicSettings(app));
  const settings = parseGstSettings(stored[GST_SETTING.category]?.[GST_SETTING.name]);
  // Priced as the basket shows its prices: from the node's cached catalogue (orders/pricing.ts).
  const priced = await priceBookings((ids) => catalogueItems(app, ids), bookings);
  const islands = [...new Set(bookings.map((b) => b.Island))].filter((i) => gstOf(settings, i));
  const waiting =
    islands.length === 0
      ? []
      : await db
          .select({
            reference: orders.reference,
            island: orders.island,
            goodsPence: orders.itemValuePence,
            retailerDeliveryPence: orders.retailerDeliveryPence,
            totalPence: orders.totalPence,
            discountPence: orders.discountPence,
          })
          .from(orders)
          .where(
            and(
              eq(orders.customerId, customerId),
              inArray(orders.status, NOT_YET_SHIPPED),
              inArray(orders.island, islands),
            ),
          )
          .orderBy(orders.id);

  return {
    Islands: islands.map((island) => {
      const gst = gstOf(settings, island)!;
      const mine = priced
        .map((p, i) => ({ ...p, key: p.booking.LocalId ?? i }))
        .filter((p) => p.booking.Island === island);
      const theirs = waiting.filter((w) => w.island === island);
      const parcels: GstParcel[] = [
        ...mine.map((p) => ({
          goodsPence: toPence(p.booking.ItemValue),
          retailerDeliveryPence: toPence(p.booking.RetailerDeliveryCharge),
          carriagePence: p.totalPence,
        })),
        ...theirs.map(gstParcelOf),
      ];
      const estimate = estimateGst(parcels, gst);
      return {
        Island: island,
        Percent: Math.round(gst.Rate * 1_000_000) / 10_000,
        Threshold: toPounds(gst.ThresholdPence),
        Bookings: mine.map((p) => p.key),
        Waiting: theirs.map((w) => w.reference),
        Value: toPounds(estimate.valuePence),
        Liable: estimate.liable,
        Gst: toPounds(estimate.gstPence),
        GstAlone: toPounds(estimate.gstAlonePence),
        CombiningCrossesThreshold: estimate.combiningCrossesThreshold,
        Warning: combiningWarning(island, estimate, gst, formatMoney),
      };
    }),
  };
}
