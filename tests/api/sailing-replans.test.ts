// Every change to the timetable moves the parcels it touches (docs/decisions/0049, 0054), through
// the real calls, by the app's clock: a route's capacity, its weekly pattern, an extra sailing, a
// closing day, an onward sailing cancelled. The customer whose parcel's days change sees them on
// the tracking page and gets one e-mail; one whose parcel does not move is not told. The tests
// run in order on one app, each on its own days (the app's clock set for it).
import { eq, inArray, isNull } from 'drizzle-orm';
import { afterEach, describe, expect, test } from 'vitest';
import { mailOutbox, parcelPlans, sailingNotices } from '../../src/server/db/schema';
import { useTestApp } from '../support/app';
import { bearer } from '../support/accounts';
import { saveAddress, JERSEY_HOME } from '../support/checkout';
import { depotCalls, depotCustomer, measured, paidBooking } from '../support/depot';
import { staffMember } from '../support/staff';
import { waitFor } from '../support/wait';

const ctx = useTestApp();
const calls = depotCalls(ctx);

afterEach(() => ctx.app.clock.set(null));

/** The app's clock at an instant (in winter London is on UTC). */
const at = (iso: string) => ctx.app.clock.set(new Date(iso));

const get = (url: string, token: string) => ctx.app.inject({ url, headers: bearer(token) });
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

type Customer = Awaited<ReturnType<typeof depotCustomer>>;

/** A paid booking whose parcel the depot received now (by the app's clock): ready to sail. */
async function receivedParcel(customer: Customer, island = 'Jersey') {
  const depot = (await staffMember(ctx, 'depot')).token;
  const deliveryId =
    island === 'Jersey'
      ? customer.deliveryId
      : await saveAddress(ctx, customer.id, {
          ...JERSEY_HOME,
          Island: island as 'Alderney',
          Parish: '',
          Postcode: island === 'Alderney' ? 'GY9 3AA' : 'GY1 1AA',
        });
  const order = await paidBooking(ctx, { ...customer, deliveryId }, 'A', {
    Island: island as 'Jersey',
    ItemLines: [{ Description: 'Wool blanket', Quantity: 1, ValueEach: 89.99, Origin: 'GB' }],
  });
  const res = await calls.receive(
    measured({ OrderId: order.Id, LengthCm: 30, WidthCm: 20, HeightCm: 10, WeightKg: 2 }),
    depot,
  );
  expect(res.statusCode, res.body).toBe(201);
  return { id: order.Id, reference: order.Reference, customer };
}

type Parcel = Awaited<ReturnType<typeof receivedParcel>>;

const planOf = async (p: Parcel) =>
  (await ctx.database.db.select().from(parcelPlans).where(eq(parcelPlans.orderId, p.id)))[0];

/** The parcel's arrival on its public tracking page. */
async function tracked(parcel: Parcel) {
  const detail = await get(`/public/orders/${parcel.id}`, parcel.customer.token);
  expect(detail.statusCode, detail.body).toBe(200);
  const page = await ctx.app.inject({ url: `/public${detail.json().TrackingPath}` });
  expect(page.statusCode, page.body).toBe(200);
  return page.json().Arrival as {
    Sailing: string;
    Earliest: string;
    Latest: string;
    Words: string;
  };
}

/** The sailing e-mails a customer has been sent, once every change's customers were told. */
async function mailsTo(customer: Customer) {
  await waitFor(
    async () =>
      (await ctx.database.db.select().from(sailingNotices).where(isNull(sailingNotices.toldAt)))
        .length === 0,
    { what: 'every sailing notice told' },
  );
  // In the order they were queued: a row the sender has since marked sent may come back from
  // PostgreSQL after a newer one when nothing orders them.
  const rows = await ctx.database.db
    .select()
    .from(mailOutbox)
    .where(inArray(mailOutbox.kind, ['sailing-timetable', 'sailing-cancelled']))
    .orderBy(mailOutbox.id);
  return rows.filter((m) => m.message.to === customer.email).map((m) => m.message);
}

const jerseyRoute = async (token: string) =>
  (await get('/api/admin/sailings/routes', token))
    .json()
    .Routes.find((r: { Island: string }) => r.Island === 'Jersey');

const routeBody = (route: Record<string, unknown>) => {
  const { Island: _, Via: __, ...body } = route;
  return body;
};

describe('a change to the timetable moves the parcels it touches', () => {
  test('a smaller capacity: the last parcel ready moves to the next sailing, only its customer told', async () => {
    const office = (await staffMember(ctx, 'office')).token;
    at('2027-01-20T10:00:00Z'); // a Wednesday
    const [ann, bob] = [await depotCustomer(ctx), await depotCustomer(ctx)];
    const first = await receivedParcel(ann);
    const last = await receivedParcel(bob);
    expect((await tracked(first)).Sailing).toBe('2027-01-20');
    expect((await tracked(last)).Sailing).toBe('2027-01-20');
    const before = await jerseyRoute(office);

    const smaller = await send('PUT', '/api/admin/sailings/routes/Jersey', office, {
      ...routeBody(before),
      Capacity: 1,
    });
    expect(smaller.statusCode, smaller.body).toBe(200);
    expect((await tracked(first)).Sailing).toBe('2027-01-20');
    const moved = await tracked(last);
    expect(moved.Sailing).toBe('2027-01-21');
    expect(await mailsTo(ann)).toEqual([]);
    const told = await mailsTo(bob);
    expect(told).toHaveLength(1);
    expect(told[0].subject).toBe('Our sailings have changed: your parcel’s new arrival dates');
    expect(told[0].text).toContain('Our sailings to Jersey have changed.');
    expect(told[0].text).toContain(`${last.reference}: It leaves on the sailing of Thursday 21`);

    // saved again as it is: nothing moves, no one is told again
    await send('PUT', '/api/admin/sailings/routes/Jersey', office, {
      ...routeBody(before),
      Capacity: 1,
    });
    expect(await mailsTo(bob)).toHaveLength(1);
    await send('PUT', '/api/admin/sailings/routes/Jersey', office, routeBody(before));
    expect((await tracked(last)).Sailing).toBe('2027-01-20');
  });

  test('a weekly pattern whose boats land a day later: the days at the door move, told once', async () => {
    const office = (await staffMember(ctx, 'office')).token;
    at('2027-01-25T10:00:00Z'); // a Monday
    const cat = await depotCustomer(ctx);
    const parcel = await receivedParcel(cat);
    const before = await tracked(parcel);
    const route = await jerseyRoute(office);
    const later = route.Departures.map((d: { ArrivesDaysAfter: number }) => ({
      ...d,
      ArrivesDaysAfter: d.ArrivesDaysAfter + 1,
    }));
    const res = await send('PUT', '/api/admin/sailings/routes/Jersey', office, {
      ...routeBody(route),
      Departures: later,
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await tracked(parcel);
    expect(after.Sailing).toBe(before.Sailing);
    expect(after.Earliest > before.Earliest).toBe(true);
    expect(await mailsTo(cat)).toHaveLength(1);
    await send('PUT', '/api/admin/sailings/routes/Jersey', office, routeBody(route));
    expect(await tracked(parcel)).toMatchObject({ Earliest: before.Earliest });
    expect(await mailsTo(cat)).toHaveLength(2);
  });

  test('an extra onward sailing: an Alderney parcel waiting for Wednesday takes it, told once; removed, it waits again', async () => {
    const office = (await staffMember(ctx, 'office')).token;
    at('2027-02-08T10:00:00Z'); // a Monday: Guernsey tonight, Alderney's boat on Wednesday
    const dan = await depotCustomer(ctx);
    const parcel = await receivedParcel(dan, 'Alderney');
    const before = await tracked(parcel);
    expect(await planOf(parcel)).toMatchObject({
      sailingDate: '2027-02-08',
      onwardDate: '2027-02-10',
    });
    const extra = await send('POST', '/api/admin/sailings/exceptions', office, {
      Island: 'Alderney',
      Date: '2027-02-09',
      Kind: 'extra',
      Departs: '12:00',
      CutOffDaysBefore: 0,
      CutOff: '10:00',
      ArrivesDaysAfter: 0,
      Arrives: '14:00',
    });
    expect(extra.statusCode, extra.body).toBe(201);
    expect(await planOf(parcel)).toMatchObject({
      sailingDate: '2027-02-08',
      onwardDate: '2027-02-09',
    });
    expect((await tracked(parcel)).Earliest < before.Earliest).toBe(true);
    const told = await mailsTo(dan);
    expect(told).toHaveLength(1);
    expect(told[0].text).toContain('We have added a sailing to Alderney on Tuesday 9 February.');

    const gone = await send('DELETE', `/api/admin/sailings/exceptions/${extra.json().Id}`, office);
    expect(gone.statusCode).toBe(204);
    expect(await planOf(parcel)).toMatchObject({ onwardDate: '2027-02-10' });
    const again = await mailsTo(dan);
    expect(again).toHaveLength(2);
    expect(again[1].text).toContain(
      'The extra sailing to Alderney on Tuesday 9 February no longer runs.',
    );
  });

  test('a closing day on the island on the first day at the door: a day later, told once', async () => {
    const office = (await staffMember(ctx, 'office')).token;
    at('2027-02-10T10:00:00Z'); // a Wednesday
    const eve = await depotCustomer(ctx);
    const parcel = await receivedParcel(eve);
    const before = await tracked(parcel);
    const closed = await send('POST', '/api/admin/sailings/closing-days', office, {
      Jurisdiction: 'jersey',
      Date: before.Earliest,
      Name: 'Island closed for the storm clean-up',
    });
    expect(closed.statusCode, closed.body).toBe(201);
    const after = await tracked(parcel);
    expect(after.Sailing).toBe(before.Sailing);
    expect(after.Earliest > before.Earliest).toBe(true);
    const told = await mailsTo(eve);
    expect(told).toHaveLength(1);
    expect(told[0].text).toContain('is a closing day (Island closed for the storm clean-up).');
    await send('DELETE', `/api/admin/sailings/closing-days/${closed.json().Id}`, office);
    expect((await tracked(parcel)).Earliest).toBe(before.Earliest);
  });

  test('an onward sailing cancelled moves the Alderney parcel, not the Guernsey one', async () => {
    const office = (await staffMember(ctx, 'office')).token;
    at('2027-03-01T10:00:00Z'); // a Monday: Guernsey tonight, Alderney's boat on Wednesday
    const [fay, gus] = [await depotCustomer(ctx), await depotCustomer(ctx)];
    const alderney = await receivedParcel(fay, 'Alderney');
    const guernsey = await receivedParcel(gus, 'Guernsey');
    expect(await planOf(alderney)).toMatchObject({
      route: 'Guernsey',
      sailingDate: '2027-03-01',
      onwardDate: '2027-03-03',
    });
    const guernseyBefore = await tracked(guernsey);
    const cancelled = await send('POST', '/api/admin/sailings/exceptions', office, {
      Island: 'Alderney',
      Date: '2027-03-03',
      Kind: 'cancelled',
      Reason: 'Fog at Braye',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(201);
    expect(await planOf(alderney)).toMatchObject({
      sailingDate: '2027-03-01',
      onwardDate: '2027-03-05',
      movedBy: 'cancelled',
    });
    expect((await tracked(alderney)).Words).toMatch(
      /^The sailing of .* is cancelled \(Fog at Braye\)/,
    );
    expect(await tracked(guernsey)).toEqual(guernseyBefore);
    const told = await mailsTo(fay);
    expect(told).toHaveLength(1);
    expect(told[0].text).toContain('The sailing of Wednesday 3 March to Alderney is cancelled');
    expect(await mailsTo(gus)).toEqual([]);
    await send('DELETE', `/api/admin/sailings/exceptions/${cancelled.json().Id}`, office);
  });
});

describe('planning goes by the app’s clock', () => {
  test('a parcel received when the clock says a day in March is planned on that day’s sailing', async () => {
    at('2027-03-15T09:00:00Z'); // a Monday, long after the machine's today
    const hal = await depotCustomer(ctx);
    const parcel = await receivedParcel(hal);
    const row = await planOf(parcel);
    expect(row).toMatchObject({ state: 'at-depot', sailingDate: '2027-03-15' });
    expect(row.readyAt.toISOString().slice(0, 10)).toBe('2027-03-15');
    expect((await tracked(parcel)).Sailing).toBe('2027-03-15');
  });
});
