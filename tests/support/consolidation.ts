import { expect } from 'vitest';
import type { Consignment, StaffConsignment } from '../../src/shared/api/consolidation';
import { itemiseFromBooking } from '../../src/server/modules/orders/item-lines';
import type { TestContext } from './app';
import { bearer } from './accounts';
import type { Customer } from './checkout';
import { paidBooking } from './depot';
import { receive } from './parcels';

/** The consolidation calls of the customer, the depot and the office (decision 0041). */
export function consolidationCalls(ctx: TestContext) {
  const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const ok = async (res: Awaited<ReturnType<typeof call>>, status = 200) => {
    expect(res.statusCode, res.body).toBe(status);
    return res.json();
  };
  return {
    call,
    /** Paid bookings of these bands, their goods itemised as the depot does at receipt. */
    async bookings(customer: Customer, bands: readonly string[]) {
      const list: Awaited<ReturnType<typeof paidBooking>>[] = [];
      for (const band of bands) list.push(await paidBooking(ctx, customer, band));
      await ctx.database.db.transaction((tx) =>
        itemiseFromBooking(
          tx,
          list.map((o) => o.Id),
        ),
      );
      return list;
    },
    consolidate: async (customer: Customer, orderIds: number[]) =>
      (await ok(
        await call('POST', '/public/consolidation/create', customer.token, { OrderIds: orderIds }),
        201,
      )) as Consignment,
    /** Every parcel received, the box repacked and measured (6 kg, 45 x 35 x 20 cm unless given). */
    async measured(
      id: number,
      orderIds: number[],
      token: string,
      box = { WeightKg: 6, LengthCm: 45, WidthCm: 35, HeightCm: 20 },
    ) {
      for (const orderId of orderIds) await receive(ctx, orderId);
      await ok(await call('POST', `/api/admin/depot/consignments/${id}/repack`, token));
      return (await ok(
        await call('POST', `/api/admin/depot/consignments/${id}/measure`, token, box),
      )) as StaffConsignment;
    },
    dispatch: (id: number, token: string, trackingNumber = 'JP555000111GB') =>
      call('POST', `/api/admin/depot/consignments/${id}/dispatch`, token, {
        SailingDate: new Date().toISOString().slice(0, 10),
        Carrier: 'jersey-post',
        TrackingNumber: trackingNumber,
      }),
    reverse: (id: number, token: string, Reason = 'Measured with the lid open') =>
      call('POST', `/api/admin/consignments/${id}/reverse`, token, { Reason }),
  };
}
