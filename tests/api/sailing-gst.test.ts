// Island GST at dispatch (docs/decisions/0035 and 0040): parcels dispatched to one
// customer on the same sailing reach the island together and are valued together, by the rule
// the checkout uses. The dispatch screen asks POST /api/admin/depot/dispatch/gst for the chosen
// parcels, per customer (with what of theirs already left on that sailing); the customer's
// dispatch e-mail says when valuing them together crosses the threshold. Pinned at £59.99,
// £60.00 and £60.01, with and without the retailer's delivery charge, and for Guernsey off and on.
import { describe, expect, test } from 'vitest';
import type { BookingInput } from '../../src/shared/api/checkout';
import { sailingGstResponse, type SailingGstRequest } from '../../src/shared/api/sailing-gst';
import { toPounds } from '../../src/shared/money';
import { itemiseFromBooking } from '../../src/server/modules/orders/item-lines';
import { bearer, waitForMail } from '../support/accounts';
import { useTestApp } from '../support/app';
import {
  band,
  checkoutCustomer,
  JERSEY_HOME,
  saveAddress,
  type Customer,
} from '../support/checkout';
import { paidBooking } from '../support/depot';
import { receive } from '../support/parcels';
import { staffMember } from '../support/staff';

const ctx = useTestApp();
const today = () => new Date().toISOString().slice(0, 10);

/**
 * A band A booking whose goods, retailer's delivery and our carriage come to `totalPence`,
 * paid, itemised and received at the depot (a parcel that fits band A).
 */
async function parcelWorth(
  customer: Customer,
  totalPence: number,
  { deliveryPence = 0, island = 'Jersey' } = {},
) {
  const carriage = (await band(ctx, 'A')).pricePence;
  const order = await paidBooking(ctx, customer, 'A', {
    ItemValue: toPounds(totalPence - deliveryPence - carriage),
    RetailerDeliveryCharge: deliveryPence === 0 ? undefined : toPounds(deliveryPence),
    Island: island as BookingInput['Island'],
  });
  await ctx.database.db.transaction((tx) => itemiseFromBooking(tx, [order.Id]));
  await receive(ctx, order.Id, { weightGrams: 1000, lengthMm: 300, widthMm: 200, heightMm: 100 });
  return order;
}

async function sailingGst(token: string, body: SailingGstRequest) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/admin/depot/dispatch/gst',
    headers: bearer(token),
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return sailingGstResponse.parse(res.json()).Customers;
}

const dispatch = (token: string, Carrier: string, parcels: [number, string][]) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/admin/depot/dispatch',
    headers: bearer(token),
    payload: {
      SailingDate: today(),
      Carrier,
      Parcels: parcels.map(([OrderId, TrackingNumber]) => ({ OrderId, TrackingNumber })),
    },
  });

describe('two parcels of one customer on one sailing are valued together', () => {
  test('at £59.99 together nothing; at £60.00 and £60.01 5% of the whole, with and without the retailer’s delivery', async () => {
    const depot = await staffMember(ctx, 'depot');
    const cases: [total: number, deliveryPence: number, liable: boolean, gst: number][] = [
      [5999, 0, false, 0],
      [6000, 0, true, 3],
      [6001, 0, true, 3],
      [5999, 495, false, 0],
      [6000, 495, true, 3],
      [6001, 495, true, 3],
    ];
    for (const [total, deliveryPence, liable, gst] of cases) {
      const ann = await checkoutCustomer(ctx);
      // £30.00 and the rest: each alone under the £60 threshold
      const first = await parcelWorth(ann, 3000);
      const second = await parcelWorth(ann, total - 3000, { deliveryPence });
      const [together, ...others] = await sailingGst(depot.token, {
        SailingDate: today(),
        Carrier: 'jersey-post',
        OrderIds: [first.Id, second.Id],
      });
      const name = `${total} with ${deliveryPence}p delivery`;
      expect(others, name).toEqual([]);
      expect(together, name).toMatchObject({
        Island: 'Jersey',
        Orders: [first.Reference, second.Reference],
        OnSailing: [],
        Value: toPounds(total),
        Liable: liable,
        Gst: gst,
        GstAlone: 0,
        CombiningCrossesThreshold: liable,
      });
      if (liable) {
        expect(together.Warning).toBe(
          `${first.Reference} and ${second.Reference} reach Jersey on the same sailing, so they are valued together: with goods, retailers’ delivery and our carriage they come to ${`£${(total / 100).toFixed(2)}`}, at or over the £60.00 threshold, so Jersey Customs may charge GST at 5% on the whole amount, about £3.00, where the parcels on their own would bring £0.00.`,
        );
      } else {
        expect(together.Warning).toBeNull();
      }
    }
  });

  test('a parcel that already left on the sailing counts; another carrier’s sailing does not; the dispatch e-mail says so', async () => {
    const depot = await staffMember(ctx, 'depot');
    const ann = await checkoutCustomer(ctx);
    const bob = await checkoutCustomer(ctx);
    const first = await parcelWorth(ann, 3500, { deliveryPence: 400 });
    const second = await parcelWorth(ann, 3000);
    const bobs = await parcelWorth(bob, 3000);

    // the first leaves alone: £35.00, nothing to warn about
    const alone = await dispatch(depot.token, 'jersey-post', [[first.Id, 'JP100000001GB']]);
    expect(alone.statusCode, alone.body).toBe(200);
    const firstMail = await waitForMail(ctx, { to: ann.email, kind: 'parcel-dispatched' });
    expect(firstMail.text).not.toContain('valued together');

    // the second, chosen for the same sailing with Bob's: Ann's two together are £65.00
    const preview = await sailingGst(depot.token, {
      SailingDate: today(),
      Carrier: 'jersey-post',
      OrderIds: [second.Id, bobs.Id],
    });
    expect(preview.map((c) => [c.CustomerId, c.Orders, c.OnSailing, c.Value, c.Gst])).toEqual([
      [ann.id, [second.Reference], [first.Reference], 65, 3.25],
      [bob.id, [bobs.Reference], [], 30, 0],
    ]);
    // on another carrier's sailing the first is not with it; without a carrier, only the chosen
    for (const Carrier of ['condor-freight', undefined] as const) {
      const [other] = await sailingGst(depot.token, {
        SailingDate: today(),
        ...(Carrier ? { Carrier } : {}),
        OrderIds: [second.Id],
      });
      expect(other, String(Carrier)).toMatchObject({ OnSailing: [], Value: 30, Liable: false });
    }

    const res = await dispatch(depot.token, 'jersey-post', [
      [second.Id, 'JP100000002GB'],
      [bobs.Id, 'JP100000003GB'],
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const mail = await waitForMail(
      ctx,
      (e) =>
        e.to === ann.email &&
        e.kind === 'parcel-dispatched' &&
        e.subject.includes(second.Reference),
    );
    expect(mail.text).toContain(
      `${first.Reference} and ${second.Reference} reach Jersey on the same sailing, so they are valued together`,
    );
    expect(mail.text).toContain('about £3.25');
    expect(mail.text).toContain('the island’s Customs decide what is due');
    const bobsMail = await waitForMail(ctx, { to: bob.email, kind: 'parcel-dispatched' });
    expect(bobsMail.text).not.toContain('valued together');
  });
});

describe('GST per island at dispatch', () => {
  test('Guernsey’s parcels are not valued while its GST is off, and are once the office switches it on', async () => {
    const depot = await staffMember(ctx, 'depot');
    const office = await staffMember(ctx, 'office');
    const gus = await checkoutCustomer(ctx);
    gus.deliveryId = await saveAddress(ctx, gus.id, {
      ...JERSEY_HOME,
      FullName: 'Gus Le Page',
      Line1: '3 Les Banques',
      Parish: 'St Peter Port',
      Island: 'Guernsey',
      Country: 'GG',
      Postcode: 'GY1 2HZ',
    });
    const one = await parcelWorth(gus, 3500, { island: 'Guernsey' });
    const two = await parcelWorth(gus, 2600, { island: 'Guernsey', deliveryPence: 300 });
    const body: SailingGstRequest = {
      SailingDate: today(),
      Carrier: 'condor-freight',
      OrderIds: [one.Id, two.Id],
    };
    expect(await sailingGst(depot.token, body)).toEqual([]);

    const settings = (
      await ctx.app.inject({ url: '/api/admin/settings', headers: bearer(office.token) })
    ).json();
    const put = (Guernsey: object) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/admin/settings',
        headers: bearer(office.token),
        payload: { Tax: { ...settings.Tax, Guernsey } },
      });
    expect((await put({ Enabled: true, Percent: 5, Threshold: 60 })).statusCode).toBe(200);
    try {
      const [guernsey] = await sailingGst(depot.token, body);
      expect(guernsey).toMatchObject({
        Island: 'Guernsey',
        Value: 61,
        Liable: true,
        Gst: 3.05,
        CombiningCrossesThreshold: true,
      });
      expect(guernsey.Warning).toContain('reach Guernsey on the same sailing');
    } finally {
      expect((await put(settings.Tax.Guernsey)).statusCode).toBe(200);
    }
  });

  test('the preview is for dispatching staff only, and names a bad field', async () => {
    const ann = await checkoutCustomer(ctx);
    const customer = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/depot/dispatch/gst',
      headers: bearer(ann.token),
      payload: { SailingDate: today(), OrderIds: [1] },
    });
    expect(customer.statusCode).toBe(403);
    const depot = await staffMember(ctx, 'depot');
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/depot/dispatch/gst',
      headers: bearer(depot.token),
      payload: { SailingDate: 'tomorrow', Carrier: 'rowing-boat', OrderIds: [] },
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['Carrier', 'OrderIds', 'SailingDate']);
  });
});
