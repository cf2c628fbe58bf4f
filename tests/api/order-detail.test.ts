import { describe, expect, test } from 'vitest';
import { orderDetailResponse, type OrderDetail } from '../../src/shared/api/order-detail';
import { ORDER_DETAIL_MESSAGES } from '../../src/shared/order-timeline';
import { checkoutResponse } from '../../src/shared/api/checkout';
import { transitionOrders } from '../../src/server/modules/orders/lifecycle';
import { useTestApp } from '../support/app';
import { bearer } from '../support/accounts';
import {
  band,
  booking,
  checkoutCalls,
  checkoutCustomer,
  extra,
  invoiceFor,
} from '../support/checkout';
import { paidBooking } from '../support/depot';
import { customerOrders } from '../support/orders';
import { deliver, dispatch, PNG_PHOTO, receive } from '../support/parcels';

const ctx = useTestApp();
const calls = checkoutCalls(ctx);

const getOrder = (id: number | string, token?: string) =>
  ctx.app.inject({ url: `/public/orders/${id}`, headers: token ? bearer(token) : {} });
const getPhoto = (url: string, token?: string) =>
  ctx.app.inject({ url, headers: token ? bearer(token) : {} });

async function detail(id: number, token: string): Promise<OrderDetail> {
  const res = await getOrder(id, token);
  expect(res.statusCode, res.body).toBe(200);
  return orderDetailResponse.parse(res.json());
}
/** The customer pays an invoice by card. */
async function payInvoice(invoiceId: number, token: string) {
  const started = await ctx.post(
    `/public/payment/additional/${invoiceId}`,
    undefined,
    bearer(token),
  );
  await calls.payWithCard(checkoutResponse.parse(started.json()), '4242424242424242');
}
const kinds = (d: OrderDetail) => d.Timeline.map((e) => e.Kind);
const entry = (d: OrderDetail, kind: string) => d.Timeline.find((e) => e.Kind === kind);

describe('GET /public/orders/{Id}', () => {
  test('the customer follows their order from booking to delivery', async () => {
    const ann = await checkoutCustomer(ctx);
    const order = await paidBooking(ctx, ann);

    // Paid: what was booked, the price, the payment; nothing to report or certify yet.
    let d = await detail(order.Id, ann.token);
    expect(d.Order).toMatchObject({
      Reference: order.Reference,
      StatusId_Name: 'Awaiting Parcel',
      RetailerName: 'John Lewis',
      ItemDescription: 'Kettle and toaster',
      ItemValue: 89.99,
      Island: 'Jersey',
      Lines: [{ Name: 'Delivery Price', Amount: 12.95 }],
      Total: 12.95,
    });
    expect(d.Order.DeliveryAddress).toEqual([
      'Ann Le Brocq',
      '12 Rue de la Mare',
      'St Helier',
      'Jersey JE2 3AB',
    ]);
    expect(d.Payments).toEqual([
      expect.objectContaining({
        Reference: order.Payment.Reference,
        Status: 'paid',
        Amount: 12.95,
        OrderReferences: [order.Reference],
      }),
    ]);
    expect(kinds(d)).toEqual(['booked', 'paid']);
    expect(d).toMatchObject({ CertificateAvailable: false, CanReportMissingItems: false });

    // Received, measured and photographed at the depot; the shelf and staff note stay inside.
    await receive(ctx, order.Id, {
      weightGrams: 2350,
      shelfLocation: 'B-12',
      note: 'Corner dented, check with the office',
      photos: [PNG_PHOTO],
    });
    const received = await getOrder(order.Id, ann.token);
    expect(received.body).not.toContain('B-12');
    expect(received.body).not.toContain('Corner dented');
    d = orderDetailResponse.parse(received.json());
    expect(entry(d, 'received')?.Parcel).toEqual({
      Weight: 2350,
      size: { length: 400, width: 300, height: 200 },
      Photos: [
        {
          Id: expect.any(Number),
          Url: expect.stringMatching(new RegExp(`^/public/orders/${order.Id}/photos/\\d+$`)),
          Width: 1200,
          Height: 630,
        },
      ],
    });

    // Held for an invoice, then the invoice paid: both on the timeline, both payments listed.
    const invoice = await invoiceFor(ctx, order.Id, 750, { hold: true });
    d = await detail(order.Id, ann.token);
    expect(d.Invoices).toEqual([expect.objectContaining({ Id: invoice.Id, Status: 'unpaid' })]);
    await payInvoice(invoice.Id, ann.token);
    d = await detail(order.Id, ann.token);
    expect(d.Invoices[0].Status).toBe('paid');
    expect(d.Payments.map((p) => [p.Kind, p.Amount])).toEqual([
      ['checkout', 12.95],
      ['invoice', 7.5],
    ]);

    // Dispatched on a sailing: carrier, tracking number and link, date of export.
    await dispatch(ctx, order.Id, {
      carrier: 'jersey-post',
      trackingNumber: 'JP123456789GB',
      sailing: '2026-12-01',
    });
    d = await detail(order.Id, ann.token);
    expect(entry(d, 'dispatched')?.Dispatch).toEqual({
      Carrier: 'Jersey Post',
      TrackingNumber: 'JP123456789GB',
      TrackingUrl: 'https://www.jerseypost.com/track/?trackingNumber=JP123456789GB',
      SailingDate: '2026-12-01',
    });
    expect(d).toMatchObject({ CertificateAvailable: true, CanReportMissingItems: true });

    await deliver(ctx, order.Id);
    d = await detail(order.Id, ann.token);
    expect(d.Order.StatusId_Name).toBe('Delivered');
    expect(kinds(d)).toEqual([
      'booked',
      'paid',
      'received',
      'held',
      'invoice-paid',
      'dispatched',
      'delivered',
    ]);
    const times = d.Timeline.map((e) => Date.parse(e.At));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  test('the order carries its price band, its chosen extras and its invoice, or null', async () => {
    const ann = await checkoutCustomer(ctx);
    const signature = await extra(ctx, 'signature');
    const order = await paidBooking(ctx, ann, 'D', { selectedExtras: [signature.id] });
    const listedBand = (await ctx.post('/api/products'))
      .json()
      .items.find((b: { Code: string }) => b.Code === 'D');

    let d = await detail(order.Id, ann.token);
    expect(d.Order).toMatchObject({
      ProductId: order.product.id,
      Product: listedBand,
      selectedExtras: [signature.id],
      Extras: [{ Id: signature.id, Name: 'Signature on delivery', Price: 2.5, Enabled: true }],
      Invoice: null,
    });

    const invoice = await invoiceFor(ctx, order.Id, 420);
    d = await detail(order.Id, ann.token);
    expect(d.Order.Invoice).toMatchObject({
      Id: invoice.Id,
      OrderId: order.Id,
      Amount: 4.2,
      Status: 'unpaid',
    });
    expect(d.Invoices.map((i) => i.Id)).toEqual([invoice.Id]);

    const [quote] = await customerOrders(ctx.database.db, ann.id, ['Quote Ready']);
    expect((await detail(quote.id, ann.token)).Order).toMatchObject({
      ProductId: null,
      Product: null,
      Extras: [],
      Invoice: null,
    });
  });

  test("another customer's order is not found; no token is a 401; a bad id a 400", async () => {
    const ann = await checkoutCustomer(ctx);
    const bob = await checkoutCustomer(ctx);
    const order = await paidBooking(ctx, ann);
    const other = await getOrder(order.Id, bob.token);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(ORDER_DETAIL_MESSAGES.notFound);
    expect((await getOrder(999_999, ann.token)).statusCode).toBe(404);
    expect((await getOrder(order.Id)).statusCode).toBe(401);
    const bad = await getOrder('ORD-1', ann.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([expect.objectContaining({ field: 'Id' })]);
  });

  test('a cancelled checkout and a quote request tell their own story', async () => {
    const ann = await checkoutCustomer(ctx);
    const c = await band(ctx, 'C');
    const unpaid = checkoutResponse.parse((await calls.checkout(ann, [booking(c.id)])).json());
    const id = unpaid.Orders[0].Id;
    await transitionOrders(ctx.database.db, [id], 'Awaiting Payment', 'Cancelled', {
      type: 'system',
    });
    const cancelled = await detail(id, ann.token);
    expect(kinds(cancelled)).toEqual(['booked', 'cancelled']);
    // Nothing was taken, so no payment is listed.
    expect(cancelled.Payments).toEqual([]);

    const quote = await ctx.post(
      '/public/orders/createquote',
      {
        size: { length: 1500, width: 500, height: 500 },
        Weight: 20_000,
        ItemDescription: 'Rowing machine',
        ItemValue: 400,
        Island: 'Guernsey',
      },
      bearer(ann.token),
    );
    expect(quote.statusCode, quote.body).toBe(201);
    const requested = await detail(quote.json().Id, ann.token);
    expect(kinds(requested)).toEqual(['quote-requested']);
    expect(requested.Order.DeliveryAddress).toBeNull();
  });
});

describe('the arrival promise on the order page (docs/decisions/0049, 0050)', () => {
  test('booked, at the depot and held each read their promise; a sailed parcel none', async () => {
    // Monday 7 December 2026, 10am: Jersey's sailing tonight, cut-off 4pm. Set before the booking,
    // which is planned on the sailings by the app's clock when it is paid.
    ctx.app.clock.set(new Date('2026-12-07T10:00:00Z'));
    try {
      const ann = await checkoutCustomer(ctx);
      const order = await paidBooking(ctx, ann);
      const arrival = async () => (await detail(order.Id, ann.token)).Arrival;
      expect((await arrival())?.Words).toBe(
        'If it reaches us by 4pm today, it arrives between Wednesday 9 and Thursday 10 December.',
      );
      await receive(ctx, order.Id, { weightGrams: 2350 });
      expect((await arrival())?.Words).toBe(
        'It leaves on the sailing of Monday 7 December, and it arrives between Wednesday 9 and Thursday 10 December.',
      );
      const invoice = await invoiceFor(ctx, order.Id, 750, { hold: true });
      expect((await arrival())?.Words).toBe(
        'If you pay by 4pm today, it arrives between Wednesday 9 and Thursday 10 December.',
      );
      await payInvoice(invoice.Id, ann.token);
      expect((await arrival())?.Words).toMatch(/^It leaves on the sailing of Monday 7 December/);
      await dispatch(ctx, order.Id, {
        carrier: 'jersey-post',
        trackingNumber: 'JP123456789GB',
        sailing: '2026-12-07',
      });
      expect(await arrival()).toBeNull();
    } finally {
      ctx.app.clock.set(null);
    }
  });
});

describe('GET /public/orders/{Id}/photos/{PhotoId}', () => {
  test('serves the photo to the parcel’s customer only, cacheable in their browser alone', async () => {
    const ann = await checkoutCustomer(ctx);
    const bob = await checkoutCustomer(ctx);
    const order = await paidBooking(ctx, ann);
    await receive(ctx, order.Id, { photos: [PNG_PHOTO] });
    const [photo] = entry(await detail(order.Id, ann.token), 'received')!.Parcel!.Photos;

    const own = await getPhoto(photo.Url, ann.token);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.headers['cache-control']).toBe('private, max-age=86400');
    expect(own.rawPayload.equals(PNG_PHOTO.data)).toBe(true);

    const other = await getPhoto(photo.Url, bob.token);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(ORDER_DETAIL_MESSAGES.photoNotFound);
    expect(other.headers['cache-control']).toBe('no-store');
    expect((await getPhoto(photo.Url)).statusCode).toBe(401);

    // The photo under another of Ann's own orders is not found either.
    const second = await paidBooking(ctx, ann);
    const elsewhere = await getPhoto(`/public/orders/${second.Id}/photos/${photo.Id}`, ann.token);
    expect(elsewhere.statusCode).toBe(404);
    const bad = await getPhoto(`/public/orders/${order.Id}/photos/first`, ann.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([expect.objectContaining({ field: 'PhotoId' })]);
  });
});
