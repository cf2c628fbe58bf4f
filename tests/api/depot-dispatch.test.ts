import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { DEPOT_MESSAGES, parcelsResponse } from '../../src/shared/api/depot';
import {
  deliverResponse,
  dispatchListResponse,
  dispatchResponse,
} from '../../src/shared/api/depot-dispatch';
import { trackingLink } from '../../src/shared/carriers';
import type { Island } from '../../src/shared/islands';
import { hasLeftTheUk } from '../../src/shared/order-status';
import { auditLog, mailOutbox, orderEvents, orders, parcels } from '../../src/server/db/schema';
import { useTestApp } from '../support/app';
import { bearer, registerCustomer, waitForMail } from '../support/accounts';
import { JERSEY_HOME, saveAddress } from '../support/checkout';
import { depotCalls, depotCustomer, measured, paidBooking } from '../support/depot';
import { staffMember } from '../support/staff';

const ctx = useTestApp();
const calls = depotCalls(ctx);
const today = () => new Date().toISOString().slice(0, 10);

type Customer = Awaited<ReturnType<typeof depotCustomer>>;

/** A customer who lives on Guernsey (a delivery address there). */
async function guernseyCustomer() {
  const customer = await depotCustomer(ctx);
  const deliveryId = await saveAddress(ctx, customer.id, {
    ...JERSEY_HOME,
    Parish: 'St Peter Port',
    Island: 'Guernsey',
    Country: 'GG',
    Postcode: 'GY1 2AB',
  });
  return { ...customer, deliveryId };
}

/** A paid booking whose parcel the depot received (within its band, or over it: held). */
async function receivedOrder(
  token: string,
  customer: Customer,
  { island = 'Jersey' as Island, over = false } = {},
) {
  // with its goods line by line: a parcel without item lines may not leave
  const order = await paidBooking(ctx, customer, 'A', {
    Island: island,
    ItemLines: [{ Description: 'Kettle and toaster', Quantity: 1, ValueEach: 89.99, Origin: 'GB' }],
  });
  const res = await calls.receive(
    measured({
      OrderId: order.Id,
      LengthCm: over ? 40 : 30,
      WidthCm: 20,
      HeightCm: 10,
      WeightKg: 2,
    }),
    token,
  );
  expect(res.statusCode, res.body).toBe(201);
  return order;
}

const statusOf = async (ids: number[]) =>
  (await ctx.database.db.select().from(orders).where(inArray(orders.id, ids)))
    .sort((a, b) => a.id - b.id)
    .map((o) => o.status);
const parcelOf = async (orderId: number) =>
  (await ctx.database.db.select().from(parcels).where(eq(parcels.orderId, orderId)))[0];
const dispatch = (body: unknown, token: string) =>
  calls.post('/api/admin/depot/dispatch', body, token);
const deliver = (body: unknown, token: string) =>
  calls.post('/api/admin/depot/deliver', body, token);

describe('who may dispatch and deliver', () => {
  test('anonymous 401, a customer 403, depot, office and admin are let in', async () => {
    const customer = await registerCustomer(ctx);
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/admin/depot/dispatch'],
      [
        'POST',
        '/api/admin/depot/dispatch',
        {
          SailingDate: today(),
          Carrier: 'condor-freight',
          Parcels: [{ OrderId: 999_999, TrackingNumber: 'CF1' }],
        },
      ],
      ['POST', '/api/admin/depot/deliver', { OrderIds: [999_999] }],
      ['GET', '/api/admin/depot/parcels?state=dispatched'],
    ];
    for (const [method, url, body] of routes) {
      const call = (token?: string) =>
        ctx.app.inject({
          method: method as 'GET' | 'POST',
          url,
          headers: token ? bearer(token) : {},
          ...(body === undefined ? {} : { payload: body as object }),
        });
      expect((await call()).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(customer.token)).statusCode, `${method} ${url}`).toBe(403);
      for (const role of ['depot', 'office', 'admin'] as const) {
        const res = await call((await staffMember(ctx, role)).token);
        expect([200, 404], `${method} ${url} ${role}: ${res.body}`).toContain(res.statusCode);
      }
    }
  });
});

describe('GET /api/admin/depot/dispatch', () => {
  test('parcels received and not held, grouped by island', async () => {
    const depot = await staffMember(ctx, 'depot');
    const ann = await depotCustomer(ctx);
    const gus = await guernseyCustomer();
    const jersey = await receivedOrder(depot.token, ann);
    const guernsey = await receivedOrder(depot.token, gus, { island: 'Guernsey' });
    const held = await receivedOrder(depot.token, ann, { over: true });
    const waiting = await paidBooking(ctx, ann, 'A');

    const res = await calls.get('/api/admin/depot/dispatch', depot.token);
    expect(res.statusCode).toBe(200);
    const { Islands } = dispatchListResponse.parse(res.json());
    const ids = (island: string) =>
      Islands.find((g) => g.Island === island)?.Parcels.map((p) => p.OrderId) ?? [];
    expect(ids('Jersey')).toContain(jersey.Id);
    expect(ids('Guernsey')).toEqual(expect.arrayContaining([guernsey.Id]));
    expect(ids('Jersey')).not.toContain(guernsey.Id);
    const everything = Islands.flatMap((g) => g.Parcels.map((p) => p.OrderId));
    expect(everything).not.toContain(held.Id);
    expect(everything).not.toContain(waiting.Id);
    // In the islands' order, every group with something in it.
    expect(Islands.map((g) => g.Island).indexOf('Jersey')).toBeLessThan(
      Islands.map((g) => g.Island).indexOf('Guernsey'),
    );
    expect(Islands.every((g) => g.Parcels.every((p) => p.State === 'ready'))).toBe(true);
  });
});

describe('POST /api/admin/depot/dispatch', () => {
  test('all or nothing: one parcel not ready stops the sailing, and no one is e-mailed', async () => {
    const depot = await staffMember(ctx, 'depot');
    const ann = await depotCustomer(ctx);
    const ready = await receivedOrder(depot.token, ann);
    const held = await receivedOrder(depot.token, ann, { over: true });
    const body = (orderIds: number[]) => ({
      SailingDate: today(),
      Carrier: 'condor-freight',
      Parcels: orderIds.map((OrderId, i) => ({ OrderId, TrackingNumber: `CF${i}` })),
    });
    const refused = await dispatch(body([ready.Id, held.Id]), depot.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      `Nothing was dispatched: ${held.Reference} is Awaiting Payment.`,
    );
    const unknown = await dispatch(body([ready.Id, 999_999]), depot.token);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('No such order: ORD-999999.');
    expect(await statusOf([ready.Id, held.Id])).toEqual(['Received at Depot', 'Awaiting Payment']);
    expect((await parcelOf(ready.Id)).carrier).toBeNull();
    const queued = await ctx.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, 'parcel-dispatched'));
    expect(queued.filter((m) => m.message.to === ann.email)).toEqual([]);

    const fields = async (b: unknown) => {
      const res = await dispatch(b, depot.token);
      expect(res.statusCode, res.body).toBe(400);
      return res.json().errors.map((e: { field: string }) => e.field);
    };
    expect(await fields(body([ready.Id, ready.Id]))).toEqual(['Parcels.1']);
    expect(await fields({ ...body([ready.Id]), SailingDate: '2020-01-01' })).toEqual([
      'SailingDate',
    ]);
    expect(await fields({ ...body([ready.Id]), SailingDate: '01-12-2026' })).toEqual([
      'SailingDate',
    ]);
    expect(await fields({ ...body([ready.Id]), Carrier: 'pigeon' })).toEqual(['Carrier']);
    expect(
      await fields({ ...body([]), Parcels: [{ OrderId: ready.Id, TrackingNumber: ' ' }] }),
    ).toEqual(['Parcels.0.TrackingNumber']);
    expect(await fields(body([]))).toEqual(['Parcels']);
  });

  test('parcels leave on a sailing: shipped, tracked, each customer e-mailed the tracking link', async () => {
    const depot = await staffMember(ctx, 'depot');
    const ann = await depotCustomer(ctx);
    const gus = await guernseyCustomer();
    const first = await receivedOrder(depot.token, ann);
    const second = await receivedOrder(depot.token, gus, { island: 'Guernsey' });
    const res = await dispatch(
      {
        SailingDate: today(),
        Carrier: 'condor-freight',
        Parcels: [
          { OrderId: first.Id, TrackingNumber: 'CF 100 200' },
          { OrderId: second.Id, TrackingNumber: 'CF100201' },
        ],
      },
      depot.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    const { Parcels } = dispatchResponse.parse(res.json());
    expect(Parcels.map((p) => [p.OrderId, p.State, p.Carrier, p.TrackingNumber])).toEqual([
      [first.Id, 'dispatched', 'condor-freight', 'CF 100 200'],
      [second.Id, 'dispatched', 'condor-freight', 'CF100201'],
    ]);
    expect(Parcels[0].TrackingUrl).toBe(trackingLink('condor-freight', 'CF 100 200'));
    expect(Parcels[0].SailingDate).toBe(today());

    const rows = await ctx.database.db
      .select()
      .from(orders)
      .where(inArray(orders.id, [first.Id, second.Id]));
    // Shipped: the export certificate can now be issued.
    expect(rows.every((o) => o.status === 'Shipped' && hasLeftTheUk(o.status))).toBe(true);
    const parcel = await parcelOf(first.Id);
    expect(parcel).toMatchObject({ carrier: 'condor-freight', dispatchedBy: depot.user.id });
    expect(parcel.dispatchedAt?.toISOString().slice(0, 10)).toBe(today());
    const [event] = await ctx.database.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, first.Id), eq(orderEvents.toStatus, 'Shipped')));
    expect(event).toMatchObject({
      actorType: 'staff',
      actorId: depot.user.id,
      fromStatus: 'Received at Depot',
    });
    const audits = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'dispatch'), eq(auditLog.subjectId, String(parcel.id))));
    expect(audits).toHaveLength(1);
    expect(audits[0].actorId).toBe(depot.user.id);

    for (const [customer, order, number] of [
      [ann, first, 'CF 100 200'],
      [gus, second, 'CF100201'],
    ] as const) {
      const mail = await waitForMail(ctx, { to: customer.email, kind: 'parcel-dispatched' });
      expect(mail.subject).toContain(order.Reference);
      expect(mail.links).toContain(trackingLink('condor-freight', number));
      expect(mail.links).toContain(`${ctx.config.publicUrl}/dashboard/orders/${order.Id}`);
      expect(mail.text).toContain('export certificate');
    }

    // Gone from the dispatch list; a second sailing cannot take them.
    const list = dispatchListResponse.parse(
      (await calls.get('/api/admin/depot/dispatch', depot.token)).json(),
    );
    expect(list.Islands.flatMap((g) => g.Parcels.map((p) => p.OrderId))).not.toContain(first.Id);
    const again = await dispatch(
      {
        SailingDate: today(),
        Carrier: 'dpd',
        Parcels: [{ OrderId: first.Id, TrackingNumber: 'X' }],
      },
      depot.token,
    );
    expect(again.statusCode).toBe(409);
  });
});

describe('POST /api/admin/depot/deliver', () => {
  test('delivered in bulk or one by one; only what was shipped', async () => {
    const depot = await staffMember(ctx, 'depot');
    const office = await staffMember(ctx, 'office');
    const ann = await depotCustomer(ctx);
    const orders3 = [
      await receivedOrder(depot.token, ann),
      await receivedOrder(depot.token, ann),
      await receivedOrder(depot.token, ann),
    ];
    const sailed = await dispatch(
      {
        SailingDate: today(),
        Carrier: 'jersey-post',
        Parcels: orders3.map((o, i) => ({ OrderId: o.Id, TrackingNumber: `JP${i}` })),
      },
      depot.token,
    );
    expect(sailed.statusCode, sailed.body).toBe(200);
    const notShipped = await receivedOrder(depot.token, ann);
    /** The shipped list (dispatched, not yet delivered), as the dispatch screen reads it. */
    const shipped = async () => {
      const res = await calls.parcels('state=dispatched&itemsPerPage=100', depot.token);
      expect(res.statusCode, res.body).toBe(200);
      return parcelsResponse.parse(res.json()).items.map((p) => p.OrderId);
    };

    const [a, b, c] = orders3.map((o) => o.Id);
    expect(await shipped()).toEqual(expect.arrayContaining([a, b, c]));
    expect(await shipped()).not.toContain(notShipped.Id);
    const mixed = await deliver({ OrderIds: [a, notShipped.Id] }, office.token);
    expect(mixed.statusCode).toBe(409);
    expect(mixed.json().message).toContain(`${notShipped.Reference} is Received at Depot`);
    expect(await statusOf([a])).toEqual(['Shipped']);
    expect((await deliver({ OrderIds: [a, 999_999] }, office.token)).statusCode).toBe(404);
    const empty = await deliver({ OrderIds: [] }, office.token);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors[0].field).toBe('OrderIds');
    const twiceInOne = await deliver({ OrderIds: [a, a] }, office.token);
    expect(twiceInOne.json().errors[0]).toEqual({
      field: 'OrderIds.1',
      error: DEPOT_MESSAGES.duplicateOrder,
    });

    const bulk = await deliver({ OrderIds: [b, a] }, office.token);
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(deliverResponse.parse(bulk.json())).toEqual({ Delivered: [a, b].sort((x, y) => x - y) });
    const one = await deliver({ OrderIds: [c] }, depot.token);
    expect(deliverResponse.parse(one.json())).toEqual({ Delivered: [c] });
    expect(await statusOf([a, b, c])).toEqual(['Delivered', 'Delivered', 'Delivered']);
    expect((await shipped()).filter((id) => [a, b, c].includes(id!))).toEqual([]);
    expect((await parcelOf(a)).deliveredAt).not.toBeNull();
    const [event] = await ctx.database.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, a), eq(orderEvents.toStatus, 'Delivered')));
    expect(event).toMatchObject({ actorType: 'staff', actorId: office.user.id });
    const audits = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'deliver'), eq(auditLog.subjectId, String(a))));
    expect(audits.map((x) => x.actorId)).toEqual([office.user.id]);

    const again = await deliver({ OrderIds: [a] }, depot.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      `Nothing was marked delivered: ${orders3[0].Reference} is Delivered.`,
    );
  });
});
