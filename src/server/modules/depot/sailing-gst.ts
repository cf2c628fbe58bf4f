import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  sailingGstRequest,
  sailingGstResponse,
  type SailingGst,
} from '../../../shared/api/sailing-gst';
import type { CarrierId } from '../../../shared/carriers';
import {
  estimateGst,
  gstOf,
  parseGstSettings,
  sailingWarning,
  GST_SETTING,
} from '../../../shared/gst';
import { formatMoney, toPounds } from '../../../shared/money';
import { orders, parcels, settings, users } from '../../db/schema';
import { fullName } from '../auth/user-data';
import type { Tx } from '../../db/client';
import { gstParcelOf } from '../orders/gst';
import { sailingDay } from './customs';

/**
 * Island GST at dispatch (docs/decisions/0035 and 0040): parcels dispatched to one
 * customer on the same sailing reach the island together, so they are valued together, by the one
 * rule of src/shared/gst.ts the checkout also uses. A sailing is a day and a carrier (0040). The
 * chosen orders are grouped by customer and island, each group with that customer's orders to
 * the island that already left on the sailing (a consolidated box's bookings are orders too, so
 * they count alike). Islands whose GST is off are left out.
 */

const valued = {
  id: orders.id,
  reference: orders.reference,
  customerId: orders.customerId,
  island: orders.island,
  goodsPence: orders.itemValuePence,
  retailerDeliveryPence: orders.retailerDeliveryPence,
  totalPence: orders.totalPence,
  discountPence: orders.discountPence,
  firstName: users.firstName,
  lastName: users.lastName,
};

async function gstSettings(tx: Pick<Tx, 'select'>) {
  const [row] = await tx
    .select({ value: settings.value })
    .from(settings)
    .where(and(eq(settings.category, GST_SETTING.category), eq(settings.name, GST_SETTING.name)));
  try {
    return parseGstSettings(row ? JSON.parse(row.value) : null);
  } catch {
    return parseGstSettings(null);
  }
}

/**
 * The GST of the chosen orders on the sailing of `sailingDate` (yyyy-MM-dd) with `carrier`, one
 * entry per customer and island that charges GST. Without a carrier, the chosen orders alone.
 */
export async function sailingGst(
  tx: Tx,
  sailing: { sailingDate: string; carrier: CarrierId | null },
  orderIds: readonly number[],
): Promise<SailingGst[]> {
  const gst = await gstSettings(tx);
  const chosen = (
    await tx
      .select(valued)
      .from(orders)
      .innerJoin(users, eq(users.id, orders.customerId))
      .where(inArray(orders.id, [...orderIds]))
      .orderBy(orders.id)
  ).filter((o) => gstOf(gst, o.island));
  if (chosen.length === 0) return [];
  const left = sailing.carrier
    ? await tx
        .select(valued)
        .from(orders)
        .innerJoin(users, eq(users.id, orders.customerId))
        .innerJoin(parcels, eq(parcels.orderId, orders.id))
        .where(
          and(
            inArray(orders.customerId, [...new Set(chosen.map((o) => o.customerId))]),
            notInArray(orders.id, [...orderIds]),
            inArray(orders.status, ['Shipped', 'Delivered']),
            eq(parcels.carrier, sailing.carrier),
            sql`${sailingDay} = ${sailing.sailingDate}`,
          ),
        )
        .orderBy(orders.id)
    : [];
  const key = (o: (typeof chosen)[number]) => `${o.customerId}/${o.island}`;
  return [...new Set(chosen.map(key))].map((k) => {
    const mine = chosen.filter((o) => key(o) === k);
    const before = left.filter((o) => key(o) === k);
    const { customerId, island } = mine[0];
    const rule = gstOf(gst, island)!;
    const estimate = estimateGst([...mine, ...before].map(gstParcelOf), rule);
    const references = [...mine, ...before].map((o) => o.reference).sort();
    return {
      CustomerId: customerId,
      Customer: fullName(mine[0]),
      Island: island,
      Percent: Math.round(rule.Rate * 1_000_000) / 10_000,
      Threshold: toPounds(rule.ThresholdPence),
      Orders: mine.map((o) => o.reference),
      OnSailing: before.map((o) => o.reference),
      Value: toPounds(estimate.valuePence),
      Liable: estimate.liable,
      Gst: toPounds(estimate.gstPence),
      GstAlone: toPounds(estimate.gstAlonePence),
      CombiningCrossesThreshold: estimate.combiningCrossesThreshold,
      Warning: sailingWarning(island, references, estimate, rule, formatMoney),
    };
  });
}

/** POST /api/admin/depot/dispatch/gst (src/shared/api/sailing-gst.ts), for `dispatch Parcel`. */
export const sailingGstRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/dispatch/gst',
    {
      onRequest: app.requireAuth({ can: ['dispatch', 'Parcel'] }),
      schema: {
        operationId: 'estimateSailingGst',
        summary:
          'Island GST of the chosen parcels on a sailing, per customer, valued with what already left on it',
        body: sailingGstRequest,
        response: { 200: sailingGstResponse },
      },
    },
    async (request) => {
      const { SailingDate, Carrier, OrderIds } = request.body;
      const db = app.database.db;
      return {
        Customers: await db.transaction((tx) =>
          sailingGst(tx, { sailingDate: SailingDate, carrier: Carrier ?? null }, OrderIds),
        ),
      };
    },
  );
};
