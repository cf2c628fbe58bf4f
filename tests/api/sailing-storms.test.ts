// Storms and the sailings' plan (docs/decisions/0049), through the real calls: parcels received at
// the depot are planned on the next sailing; the office cancels it and every parcel on it moves
// to the next sailing with room, each customer e-mailed once however many parcels they have;
// restoring the sailing moves them back with one more e-mail each. The tracking page, the order
// page and My Account carry the new date and why; the office sees the backlog per route, the
// depot the parcels planned for each route's next sailing, and the on-time rate of deliveries.
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { backlogResponse, onTimeResponse } from '../../src/shared/api/sailing-plans';
import { dispatchListResponse } from '../../src/shared/api/depot-dispatch';
import { auditLog, mailOutbox, parcelPlans, sailingNotices } from '../../src/server/db/schema';
import { readOutbox } from '../../src/server/lib/mail';
import { tellMovedCustomers } from '../../src/server/modules/sailings/notices';
import { moveMissedParcels } from '../../src/server/modules/sailings/storms';
import { useTestApp } from '../support/app';
import { bearer } from '../support/accounts';
import { depotCalls, depotCustomer, measured, paidBooking } from '../support/depot';
import { staffMember } from '../support/staff';
import { waitFor } from '../support/wait';

const ctx = useTestApp();
const calls = depotCalls(ctx);

type Customer = Awaited<ReturnType<typeof depotCustomer>>;

const get = (url: string, token: string) => ctx.app.inject({ url, headers: bearer(token) });
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

/** A paid booking to Jersey whose parcel the depot received: ready to sail. */
async function receivedOrder(depotToken: string, customer: Customer) {
  const order = await paidBooking(ctx, customer, 'A', {
    ItemLines: [{ Description: 'Kettle and toaster', Quantity: 1, ValueEach: 89.99, Origin: 'GB' }],
  });
  const res = await calls.receive(
    measured({ OrderId: order.Id, LengthCm: 30, WidthCm: 20, HeightCm: 10, WeightKg: 2 }),
    depotToken,
  );
  expect(res.statusCode, res.body).toBe(201);
  return { id: order.Id, reference: order.Reference, customer };
}

/** The order's page and its public tracking page, as the customer and anyone with the link see them. */
async function pages(parcel: Awaited<ReturnType<typeof receivedOrder>>) {
  const detail = await get(`/public/orders/${parcel.id}`, parcel.customer.token);
  expect(detail.statusCode, detail.body).toBe(200);
  const tracked = await ctx.app.inject({ url: `/public${detail.json().TrackingPath}` });
  expect(tracked.statusCode, tracked.body).toBe(200);
  return { order: detail.json().Arrival, tracking: tracked.json().Arrival };
}

/** What the audit log recorded each change of the exception did: parcels moved, customers told. */
const auditedMoves = async (id: number, action: string) =>
  (
    await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, `exception:${id}`), eq(auditLog.action, action)))
      .orderBy(asc(auditLog.id))
  ).map((a) => ({ Moved: a.after?.Moved, Told: a.after?.Told }));

const planOf = async (orderId: number) =>
  (await ctx.database.db.select().from(parcelPlans).where(eq(parcelPlans.orderId, orderId)))[0];

/** The e-mails of a kind queued, once every change's customers have been told (after its commit). */
const mailsOf = async (kind: string) => {
  await waitFor(
    async () =>
      (await ctx.database.db.select().from(sailingNotices).where(isNull(sailingNotices.toldAt)))
        .length === 0,
    { what: 'every sailing notice told' },
  );
  return ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, kind));
};

/** Three customers, one with two parcels, all ready at the depot for the same sailing. */
async function fourParcels() {
  const depot = (await staffMember(ctx, 'depot')).token;
  const [ann, bob, cat] = await Promise.all([1, 2, 3].map(() => depotCustomer(ctx)));
  const parcels = [];
  for (const c of [ann, ann, bob, cat]) parcels.push(await receivedOrder(depot, c));
  const sailing = (await pages(parcels[0])).tracking.Sailing as string;
  for (const p of parcels) expect((await pages(p)).tracking.Sailing).toBe(sailing);
  return { parcels, sailing, customers: [ann, bob, cat] };
}

describe('a storm', () => {
  test('cancelling a sailing moves its parcels and tells each customer once; restoring it moves them back', async () => {
    const office = (await staffMember(ctx, 'office')).token;
    const { parcels, sailing, customers } = await fourParcels();
    const reason = 'Gale warning in the Channel';

    const cancelled = await send('POST', '/api/admin/sailings/exceptions', office, {
      Island: 'Jersey',
      Date: sailing,
      Kind: 'cancelled',
      Reason: reason,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(201);
    expect(await auditedMoves(cancelled.json().Id, 'create')).toEqual([{ Moved: 4, Told: 3 }]);

    // exactly three e-mails, one per customer: Ann's lists both her parcels
    const mails = await mailsOf('sailing-cancelled');
    expect(mails.map((m) => m.message.to).sort()).toEqual(customers.map((c) => c.email).sort());
    const anns = await waitFor(
      async () =>
        (await readOutbox(ctx.config.outboxDir)).find(
          (e) => e.to === customers[0].email && e.kind === 'sailing-cancelled',
        ),
      { what: 'Ann’s e-mail' },
    );
    expect(anns.subject).toBe('Your parcels’ sailing is cancelled: new arrival dates');
    expect(anns.text).toContain(`(${reason})`);
    for (const p of parcels.slice(0, 2)) expect(anns.text).toContain(`${p.reference}: It leaves`);

    // the new date and why, on the tracking page, the order page and My Account
    for (const p of parcels) {
      const { order, tracking } = await pages(p);
      expect(tracking.Sailing).not.toBe(sailing);
      expect(tracking.Sailing > sailing).toBe(true);
      expect(tracking.Moved).toEqual({ From: sailing, By: 'cancelled', Reason: reason });
      expect(tracking.Words).toMatch(
        /^The sailing of \w+ \d+ \w+ is cancelled \(Gale warning in the Channel\)\. It leaves on the sailing of /,
      );
      expect(order).toEqual(tracking);
    }
    const summary = await get('/public/orders/summary', customers[0].token);
    expect(summary.json().Moved.total).toBe(2);
    expect(
      summary
        .json()
        .Moved.items.map((i: { Reference: string }) => i.Reference)
        .sort(),
    ).toEqual(
      parcels
        .slice(0, 2)
        .map((p) => p.reference)
        .sort(),
    );

    // saving the same exception again changes nothing and tells no one
    const again = await send(
      'PUT',
      `/api/admin/sailings/exceptions/${cancelled.json().Id}`,
      office,
      {
        Island: 'Jersey',
        Date: sailing,
        Kind: 'cancelled',
        Reason: reason,
      },
    );
    expect(again.statusCode, again.body).toBe(200);
    expect(await auditedMoves(cancelled.json().Id, 'update')).toEqual([{ Moved: 0, Told: 0 }]);
    expect(await mailsOf('sailing-cancelled')).toHaveLength(3);

    // restored: back on it, one more e-mail each
    const restored = await send(
      'DELETE',
      `/api/admin/sailings/exceptions/${cancelled.json().Id}`,
      office,
    );
    expect(restored.statusCode).toBe(204);
    expect(await auditedMoves(cancelled.json().Id, 'delete')).toEqual([{ Moved: 4, Told: 3 }]);
    expect((await mailsOf('sailing-restored')).map((m) => m.message.to).sort()).toEqual(
      customers.map((c) => c.email).sort(),
    );
    for (const p of parcels) {
      const { tracking } = await pages(p);
      expect(tracking).toMatchObject({ Sailing: sailing, Moved: null });
      expect(tracking.Words).toMatch(/^It leaves on the sailing of /);
    }
    expect((await get('/public/orders/summary', customers[0].token)).json().Moved.total).toBe(0);
  });

  test('two members of staff saving at once: one change, each customer told once', async () => {
    const [first, second] = [
      (await staffMember(ctx, 'office')).token,
      (await staffMember(ctx, 'admin')).token,
    ];
    const { parcels, sailing, customers } = await fourParcels();
    const ids = parcels.map((p) => p.id);
    const delay = {
      Island: 'Jersey',
      Date: sailing,
      Kind: 'cancelled',
      Reason: 'Fog in the Solent',
    };
    const both = await Promise.all([
      send('POST', '/api/admin/sailings/exceptions', first, delay),
      send('POST', '/api/admin/sailings/exceptions', second, delay),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const made = both.find((r) => r.statusCode === 201)!.json();
    const [{ Told: toldCount }] = await auditedMoves(made.Id, 'create');
    // every customer with a parcel on it (these three, and any earlier test's) told once
    const toldOf = async (words: string) =>
      (await mailsOf('sailing-cancelled'))
        .filter((m) => m.message.text.includes(words))
        .map((m) => m.message.to);
    const told = await toldOf('Fog in the Solent');
    expect(told).toHaveLength(toldCount as number);
    expect(new Set(told).size).toBe(told.length);
    expect(told).toEqual(expect.arrayContaining(customers.map((c) => c.email)));

    // the same reason changed by both at once: told once
    const newer = { ...delay, Reason: 'Fog in the Solent, and a crane broken' };
    const puts = await Promise.all([
      send('PUT', `/api/admin/sailings/exceptions/${made.Id}`, first, newer),
      send('PUT', `/api/admin/sailings/exceptions/${made.Id}`, second, newer),
    ]);
    expect(puts.map((r) => r.statusCode)).toEqual([200, 200]);
    const updates = await auditedMoves(made.Id, 'update');
    expect(updates.map((u) => u.Told).sort()).toEqual([0, toldCount].sort());
    expect((await toldOf('crane')).sort()).toEqual(told.sort());
    const plans = await ctx.database.db
      .select()
      .from(parcelPlans)
      .where(inArray(parcelPlans.orderId, ids));
    expect(plans.map((p) => p.reason)).toEqual(ids.map(() => newer.Reason));
    await send('DELETE', `/api/admin/sailings/exceptions/${made.Id}`, first);
  });
});

describe('a delay', () => {
  test('a sailing leaving three days later: its parcels stay on it, their customers told the new days', async () => {
    const office = (await staffMember(ctx, 'office')).token;
    const { parcels, sailing, customers } = await fourParcels();
    const before = await pages(parcels[3]);
    const day = (d: string, n: number) =>
      new Date(Date.parse(d) + n * 86_400_000).toISOString().slice(0, 10);
    const delayed = await send('POST', '/api/admin/sailings/exceptions', office, {
      Island: 'Jersey',
      Date: sailing,
      Kind: 'changed',
      Reason: 'Waiting for the swell to drop',
      // three days later: the days at the door are later whatever the weekday
      DepartsOn: day(sailing, 3),
      Departs: '23:00',
      CutOffDaysBefore: 3,
      CutOff: '16:00',
      ArrivesDaysAfter: 1,
      Arrives: '07:00',
    });
    expect(delayed.statusCode, delayed.body).toBe(201);
    const told = (await mailsOf('sailing-changed')).map((m) => m.message.to);
    expect(told).toEqual(expect.arrayContaining(customers.map((c) => c.email)));
    expect(new Set(told).size).toBe(told.length);
    const after = await pages(parcels[3]);
    expect(after.tracking).toMatchObject({
      Sailing: sailing,
      Moved: { From: sailing, By: 'changed', Reason: 'Waiting for the swell to drop' },
    });
    expect(after.tracking.Latest > before.tracking.Latest).toBe(true);
    expect(after.tracking.Words).toMatch(
      /^The sailing of \w+ \d+ \w+ has changed \(Waiting for the swell to drop\)\. It leaves on the sailing of /,
    );
    await send('DELETE', `/api/admin/sailings/exceptions/${delayed.json().Id}`, office);
    expect((await pages(parcels[3])).tracking).toMatchObject({ Sailing: sailing, Moved: null });
  });
});

describe('the office and the depot follow the plan', () => {
  test('the backlog per route: parcels waiting, their weight and size, the sailing each takes', async () => {
    const office = (await staffMember(ctx, 'office')).token;
    const { parcels, sailing } = await fourParcels();
    const res = await get('/api/admin/sailings/backlog', office);
    expect(res.statusCode, res.body).toBe(200);
    const jersey = backlogResponse.parse(res.json()).Routes.find((r) => r.Island === 'Jersey')!;
    const on = jersey.Sailings.find((s) => s.Date === sailing)!;
    const ours = on.Parcels.filter((p) => parcels.some((q) => q.id === p.OrderId));
    expect(ours.map((p) => [p.Reference, p.State, p.WeightGrams, p.VolumeCm3])).toEqual(
      parcels.map((p) => [p.reference, 'at-depot', 2000, 6000]),
    );
    expect(on.Planned).toBeGreaterThanOrEqual(4);
    expect(on.WeightGrams).toBe(on.Planned * 2000);
    expect(on.Capacity).toBe(jersey.Capacity);
    expect(jersey.Waiting).toBeGreaterThanOrEqual(on.Planned);
  });

  test('dispatch lists tonight’s sailing per route; a parcel that missed its sailing moves on, its customer told', async () => {
    // Monday 7 December 2026, 10am: Jersey's and Guernsey's sailings tonight, cut-off 4pm (at
    // the machine's own time, a run after 4pm would find tomorrow's).
    ctx.app.clock.set(new Date('2026-12-07T10:00:00Z'));
    try {
      const depot = (await staffMember(ctx, 'depot')).token;
      const customer = await depotCustomer(ctx);
      const parcel = await receivedOrder(depot, customer);
      const list = dispatchListResponse.parse(
        (await get('/api/admin/depot/dispatch', depot)).json(),
      );
      const jersey = list.Tonight.find((t) => t.Route === 'Jersey')!;
      expect(jersey.OrderIds).toContain(parcel.id);
      expect(list.Tonight.map((t) => t.Route).sort()).toEqual(['Guernsey', 'Jersey']);

      // the sailing left without it: the next one, and one e-mail
      const plan = await planOf(parcel.id);
      const after = new Date(plan.departsAt!.getTime() + 60_000);
      const result = await moveMissedParcels(ctx.database.db, after);
      // the missed-sailings sweep tells them after the move's commit
      await tellMovedCustomers(ctx.database.db, after, ctx.config);
      expect(result.moved).toBeGreaterThanOrEqual(1);
      const moved = await planOf(parcel.id);
      expect(moved).toMatchObject({ movedBy: 'missed', movedFrom: plan.sailingDate });
      expect(moved.sailingDate! > plan.sailingDate!).toBe(true);
      const mails = (await mailsOf('sailing-missed')).filter(
        (m) => m.message.to === customer.email,
      );
      expect(mails).toHaveLength(1);
      expect(mails[0].message.text).toContain(`${parcel.reference}: It leaves on the sailing of`);
      // run again at the same moment: nothing more to move, no one told twice
      await moveMissedParcels(ctx.database.db, after);
      await tellMovedCustomers(ctx.database.db, after, ctx.config);
      expect(
        (await mailsOf('sailing-missed')).filter((m) => m.message.to === customer.email),
      ).toHaveLength(1);
    } finally {
      ctx.app.clock.set(null);
    }
  });

  test('the on-time rate per week and route, with the late ones’ reasons', async () => {
    const depot = (await staffMember(ctx, 'depot')).token;
    const office = (await staffMember(ctx, 'office')).token;
    const customer = await depotCustomer(ctx);
    const early = await receivedOrder(depot, customer);
    const late = await receivedOrder(depot, customer);
    const today = new Date().toISOString().slice(0, 10);
    const dispatched = await calls.post(
      '/api/admin/depot/dispatch',
      {
        SailingDate: today,
        Carrier: 'condor-freight',
        Parcels: [
          { OrderId: early.id, TrackingNumber: 'CF-ONTIME-1' },
          { OrderId: late.id, TrackingNumber: 'CF-ONTIME-2' },
        ],
      },
      depot,
    );
    expect(dispatched.statusCode, dispatched.body).toBe(200);
    const sailed = await planOf(early.id);
    expect(sailed.state).toBe('sailed');
    expect(sailed.promisedLatest).toBe(sailed.latest);
    // one of them had been promised for a day already gone, and moved by a storm
    await ctx.database.db
      .update(parcelPlans)
      .set({ promisedLatest: '2020-01-06', reason: 'Storm Ciarán' })
      .where(eq(parcelPlans.orderId, late.id));
    const delivered = await calls.post(
      '/api/admin/depot/deliver',
      { OrderIds: [early.id, late.id] },
      depot,
    );
    expect(delivered.statusCode, delivered.body).toBe(200);

    const res = await get('/api/admin/sailings/on-time?Weeks=1', office);
    expect(res.statusCode, res.body).toBe(200);
    const report = onTimeResponse.parse(res.json());
    const all = report.Weeks.find((w) => w.Island === null)!;
    const jersey = report.Weeks.find((w) => w.Island === 'Jersey')!;
    expect(all.Delivered).toBeGreaterThanOrEqual(2);
    expect(jersey.Delivered - jersey.OnTime).toBeGreaterThanOrEqual(1);
    expect(jersey.Rate).toBeCloseTo(jersey.OnTime / jersey.Delivered);
    expect(report.Late).toContainEqual({
      Reference: late.reference,
      Island: 'Jersey',
      Promised: '2020-01-06',
      Delivered: expect.any(String),
      Reason: 'Storm Ciarán',
    });
    expect(report.Late.map((l) => l.Reference)).not.toContain(early.reference);
  });
});

describe('refusals', () => {
  test('customers are refused the staff calls; the depot reads but does not change', async () => {
    const customer = await depotCustomer(ctx);
    for (const url of ['/api/admin/sailings/backlog', '/api/admin/sailings/on-time']) {
      expect((await ctx.app.inject({ url })).statusCode, url).toBe(401);
      expect((await get(url, customer.token)).statusCode, url).toBe(403);
      expect((await get(url, (await staffMember(ctx, 'depot')).token)).statusCode, url).toBe(200);
    }
    const cancel = { Island: 'Jersey', Date: '2026-12-08', Kind: 'cancelled', Reason: 'Gale' };
    expect(
      (await send('POST', '/api/admin/sailings/exceptions', customer.token, cancel)).statusCode,
    ).toBe(403);
  });

  test('a 400 names the field', async () => {
    const office = (await staffMember(ctx, 'office')).token;
    const cases: [string, string][] = [
      ['/api/admin/sailings/on-time?Weeks=0', 'Weeks'],
      ['/api/admin/sailings/on-time?Weeks=many', 'Weeks'],
      [
        '/api/admin/depot/sailings/customs-data.csv?SailingDate=2026-12-08&Carrier=condor-freight&Route=Sark',
        'Route',
      ],
    ];
    for (const [url, field] of cases) {
      const res = await get(url, office);
      expect(res.statusCode, url).toBe(400);
      expect(
        res.json().errors.map((e: { field: string }) => e.field),
        url,
      ).toContain(field);
    }
    const noReason = await send('POST', '/api/admin/sailings/exceptions', office, {
      Island: 'Jersey',
      Date: '2026-12-08',
      Kind: 'cancelled',
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors.map((e: { field: string }) => e.field)).toContain('Reason');
  });
});
