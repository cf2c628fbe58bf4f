// Island GST before paying (docs/decisions/0035): POST /public/orders/gst-estimate values
// goods + the retailer's delivery + our carriage, the basket's parcels together with the
// customer's parcels not yet shipped to the same island, liable from the threshold itself; GST is a
// setting per island, off for the Bailiwick of Guernsey until the office switches it on.
import fs from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { parseGstSettings } from '../../src/shared/gst';
import { settings } from '../../src/server/db/schema';
import type { BookingInput } from '../../src/shared/api/checkout';
import { gstEstimateResponse } from '../../src/shared/api/gst';
import { toPounds } from '../../src/shared/money';
import { useTestApp } from '../support/app';
import { bearer } from '../support/accounts';
import { band, booking, checkoutCustomer } from '../support/checkout';
import { paidBooking } from '../support/depot';
import { staffMember } from '../support/staff';

const ctx = useTestApp();

const estimate = (token: string, Orders: BookingInput[]) =>
  ctx.app.inject({
    method: 'POST',
    url: '/public/orders/gst-estimate',
    headers: bearer(token),
    payload: { Orders },
  });
const islands = async (token: string, Orders: BookingInput[]) => {
  const res = await estimate(token, Orders);
  expect(res.statusCode, res.body).toBe(200);
  return gstEstimateResponse.parse(res.json()).Islands;
};

/** Band A's price in pence: our carriage on every booking below. */
const carriage = async () => (await band(ctx, 'A')).pricePence;
/** A band A booking whose goods (and retailer's delivery) bring the whole value to `totalPence`. */
async function bookingWorth(totalPence: number, deliveryPence = 0, island = 'Jersey') {
  const product = await band(ctx, 'A');
  return booking(product.id, {
    ItemValue: toPounds(totalPence - deliveryPence - product.pricePence),
    RetailerDeliveryCharge: deliveryPence === 0 ? undefined : toPounds(deliveryPence),
    Island: island as BookingInput['Island'],
  });
}

describe('one parcel to Jersey at the £60 threshold', () => {
  test('£59.99 pays nothing; £60.00 and £60.01 pay 5% of the whole value', async () => {
    const customer = await checkoutCustomer(ctx);
    const cases: [number, boolean, number][] = [
      [5999, false, 0],
      [6000, true, 3],
      [6001, true, 3],
    ];
    for (const [total, liable, gst] of cases) {
      const [jersey] = await islands(customer.token, [await bookingWorth(total)]);
      expect(jersey, String(total)).toMatchObject({
        Island: 'Jersey',
        Percent: 5,
        Threshold: 60,
        Value: toPounds(total),
        Liable: liable,
        Gst: gst,
        CombiningCrossesThreshold: false,
        Warning: null,
        Waiting: [],
      });
    }
  });

  test('the retailer’s delivery charge is part of the value', async () => {
    const customer = await checkoutCustomer(ctx);
    const bandPrice = await carriage();
    const product = await band(ctx, 'A');
    // goods alone bring £59.99 with our carriage: under; the same goods with £0.01 delivery: £60.00
    const goods = toPounds(5999 - bandPrice);
    const without = booking(product.id, { ItemValue: goods });
    const withCharge = booking(product.id, { ItemValue: goods, RetailerDeliveryCharge: 0.01 });
    expect((await islands(customer.token, [without]))[0]).toMatchObject({
      Value: 59.99,
      Liable: false,
    });
    expect((await islands(customer.token, [withCharge]))[0]).toMatchObject({
      Value: 60,
      Liable: true,
      Gst: 3,
    });
    // £4.95 of retailer's delivery on £59.99 of goods and carriage: £64.94, 5% = £3.25 (324.7p)
    const more = booking(product.id, { ItemValue: goods, RetailerDeliveryCharge: 4.95 });
    expect((await islands(customer.token, [more]))[0]).toMatchObject({ Value: 64.94, Gst: 3.25 });
    // £60.01 without, and with, a delivery charge inside it
    expect((await islands(customer.token, [await bookingWorth(6001, 500)]))[0]).toMatchObject({
      Value: 60.01,
      Liable: true,
    });
  });

  test('a bad retailer’s delivery charge is a 400 naming the field', async () => {
    const customer = await checkoutCustomer(ctx);
    const product = await band(ctx, 'A');
    for (const charge of [-1, 4.999]) {
      const res = await estimate(customer.token, [
        booking(product.id, { RetailerDeliveryCharge: charge }),
      ]);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.map((e: { field: string }) => e.field)).toEqual([
        'Orders.0.RetailerDeliveryCharge',
      ]);
    }
  });
});

describe('parcels on one sailing are valued together', () => {
  test('two bookings under £60 each cross it together: the customer is warned before paying', async () => {
    const customer = await checkoutCustomer(ctx);
    const first = await bookingWorth(3500);
    const second = await bookingWorth(3000);
    const [jersey] = await islands(customer.token, [first, second]);
    expect(jersey).toMatchObject({
      Bookings: [first.LocalId, second.LocalId],
      Value: 65,
      Liable: true,
      Gst: 3.25,
      GstAlone: 0,
      CombiningCrossesThreshold: true,
    });
    expect(jersey.Warning).toContain('these come to £65.00, at or over the £60.00 threshold');
    expect(jersey.Warning).toContain('about £3.25');
  });

  test('a parcel already booked and not yet shipped is counted with the new one', async () => {
    const customer = await checkoutCustomer(ctx);
    const waiting = await paidBooking(ctx, customer, 'A', { ItemValue: 20 }); // Awaiting Parcel
    const bandPrice = await carriage();
    const next = await bookingWorth(5000);
    const [jersey] = await islands(customer.token, [next]);
    expect(jersey).toMatchObject({
      Waiting: [waiting.Reference],
      Value: toPounds(5000 + 2000 + bandPrice),
      Liable: true,
      CombiningCrossesThreshold: true,
    });
    expect(jersey.Warning).not.toBeNull();
    // another customer's parcels are never counted
    const other = await checkoutCustomer(ctx);
    expect((await islands(other.token, [next]))[0]).toMatchObject({
      Waiting: [],
      Liable: false,
    });
  });
});

describe('the prices it values', () => {
  test('an office price change is in the next estimate, on the node that made it at once', async () => {
    const customer = await checkoutCustomer(ctx);
    const justUnder = await bookingWorth(5999);
    expect((await islands(customer.token, [justUnder]))[0]).toMatchObject({ Liable: false });

    // The estimate prices from the node's cached catalogue, which the office's change clears.
    const office = await staffMember(ctx, 'office');
    const listed = await ctx.app.inject({
      url: '/api/admin/catalogue/products',
      headers: bearer(office.token),
    });
    const { Id, ...a } = (
      listed.json().items as { Id: number; Code: string; Price: number }[]
    ).find((p) => p.Code === 'A')!;
    const dearer = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/catalogue/products/${Id}`,
      headers: bearer(office.token),
      payload: { ...a, Price: Math.round(a.Price * 100 + 2) / 100 },
    });
    expect(dearer.statusCode, dearer.body).toBe(200);

    const [jersey] = await islands(customer.token, [justUnder]);
    expect(jersey).toMatchObject({ Value: 60.01, Liable: true, Gst: 3 });
  });
});

describe('GST per island', () => {
  test('off for the Bailiwick of Guernsey until the office switches it on for Guernsey', async () => {
    const customer = await checkoutCustomer(ctx);
    const toGuernsey = await bookingWorth(8000, 0, 'Guernsey');
    const toJersey = await bookingWorth(8000);
    expect(await islands(customer.token, [toGuernsey])).toEqual([]);
    expect((await islands(customer.token, [toGuernsey, toJersey])).map((i) => i.Island)).toEqual([
      'Jersey',
    ]);

    const office = await staffMember(ctx, 'office');
    const current = (
      await ctx.app.inject({ url: '/api/admin/settings', headers: bearer(office.token) })
    ).json();
    const on = await ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: bearer(office.token),
      payload: {
        Tax: { ...current.Tax, Guernsey: { Enabled: true, Percent: 5, Threshold: 60 } },
      },
    });
    expect(on.statusCode, on.body).toBe(200);

    const [guernsey] = await islands(customer.token, [toGuernsey]);
    expect(guernsey).toMatchObject({ Island: 'Guernsey', Value: 80, Liable: true, Gst: 4 });
    const [under] = await islands(customer.token, [await bookingWorth(5999, 0, 'Guernsey')]);
    expect(under).toMatchObject({ Liable: false, Gst: 0 });
    // Alderney, Sark and Herm are still off
    expect(await islands(customer.token, [await bookingWorth(8000, 0, 'Sark')])).toEqual([]);
  });

  test('only a logged-in customer may ask', async () => {
    const product = await band(ctx, 'A');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/public/orders/gst-estimate',
      payload: { Orders: [booking(product.id)] },
    });
    expect(res.statusCode).toBe(401);
  });
});

test('migration 0009 moves an installation’s Jersey GST settings into Tax/Gst', async () => {
  const db = ctx.database.db;
  const file = path.join(import.meta.dirname, '../../src/server/db/migrations/0009_customs.sql');
  const statements = (await fs.readFile(file, 'utf8'))
    .split('--> statement-breakpoint')
    .filter((s) => s.includes("'Tax'"));
  expect(statements).toHaveLength(2);
  // as an installation from before GST was a setting per island holds them, the office having changed the rate
  await db.delete(settings).where(eq(settings.category, 'Tax'));
  await db.insert(settings).values([
    { category: 'Tax', name: 'JerseyGstRate', value: '0.075' },
    { category: 'Tax', name: 'JerseyGstThresholdPence', value: '15000' },
  ]);
  for (const statement of statements) await db.execute(sql.raw(statement));
  const rows = await db.select().from(settings).where(eq(settings.category, 'Tax'));
  expect(rows.map((r) => r.name)).toEqual(['Gst']);
  const gst = parseGstSettings(JSON.parse(rows[0].value));
  expect(gst.Jersey).toEqual({ Enabled: true, Rate: 0.075, ThresholdPence: 15000 });
  for (const island of ['Guernsey', 'Alderney', 'Sark', 'Herm'] as const) {
    expect(gst[island]).toEqual({ Enabled: false, Rate: 0.05, ThresholdPence: 6000 });
  }
});
