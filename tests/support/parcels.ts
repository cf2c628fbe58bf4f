import fs from 'node:fs';
import path from 'node:path';
import type { CarrierId } from '../../src/shared/carriers';
import { dispatchParcels, markDelivered } from '../../src/server/modules/depot/dispatch';
import { receiveBookedParcel, type ReceiveInput } from '../../src/server/modules/depot/receiving';
import { itemiseFromBooking } from '../../src/server/modules/orders/item-lines';
import { SYSTEM } from '../../src/server/lib/actor';
import type { TestContext } from './app';
import type { Customer } from './checkout';
import { paidBooking } from './depot';

/**
 * Factories that move a paid booking through the depot, as staff will: each calls the
 * depot's use case in a transaction of its own.
 */

/** A real PNG (the site's 1200 x 630 social image), for a parcel's photo. */
export const PNG_PHOTO = {
  contentType: 'image/png',
  data: fs.readFileSync(path.join(import.meta.dirname, '../../public/og-image.png')),
  width: 1200,
  height: 630,
};

export const receive = (
  ctx: TestContext,
  orderId: number,
  input: Partial<Omit<ReceiveInput, 'orderId'>> = {},
) =>
  // in the app's clock, as the depot's request runs (a status change plans by it: appNow())
  ctx.app.clock.run(() =>
    ctx.database.db.transaction((tx) =>
      receiveBookedParcel(
        tx,
        { orderId, weightGrams: 2300, lengthMm: 400, widthMm: 300, heightMm: 200, ...input },
        SYSTEM,
        ctx.config,
      ),
    ),
  );

export const dispatch = (
  ctx: TestContext,
  orderId: number,
  {
    carrier = 'jersey-post' as CarrierId,
    trackingNumber = 'JP123456789GB',
    sailing = '2026-12-01',
  } = {},
) =>
  ctx.app.clock.run(() =>
    ctx.database.db.transaction(async (tx) => {
      // a booking without item lines gets one from its description, as the depot would at receipt
      await itemiseFromBooking(tx, [orderId]);
      return dispatchParcels(
        tx,
        {
          sailingDate: new Date(`${sailing}T08:00:00Z`),
          carrier,
          parcels: [{ orderId, trackingNumber }],
        },
        SYSTEM,
        ctx.config,
      );
    }),
  );

export const deliver = (ctx: TestContext, orderId: number) =>
  ctx.app.clock.run(() =>
    ctx.database.db.transaction((tx) => markDelivered(tx, [orderId], SYSTEM)),
  );

/** A paid order whose parcel was received and has left on a sailing: Shipped. */
export async function shippedOrder(ctx: TestContext, customer: Customer) {
  const order = await paidBooking(ctx, customer);
  await receive(ctx, order.Id);
  await dispatch(ctx, order.Id);
  return order;
}
