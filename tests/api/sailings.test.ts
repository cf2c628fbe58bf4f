// The timetable's calls (docs/decisions/0048) against the seeded timetable: Jersey and Guernsey
// sail every weekday night with a 4pm cut-off, delivered one to two working days after landing;
// Alderney's onward boat leaves Guernsey on Monday, Wednesday and Friday. Anyone asks when a
// parcel arrives and the last day to book for a target day; the depot reads the timetable; the
// office changes it, each change audited, and the promise follows at once.
import { and, eq, like } from 'drizzle-orm';
import { afterEach, describe, expect, test } from 'vitest';
import { auditLog } from '../../src/server/db/schema';
import { useTestApp } from '../support/app';
import { bearer } from '../support/accounts';
import { staffMember } from '../support/staff';

const ctx = useTestApp();

afterEach(() => ctx.app.clock.set(null));

/** The app's clock at an instant (written in UTC). */
const at = (iso: string) => ctx.app.clock.set(new Date(iso));

const get = (url: string, token?: string) =>
  ctx.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

const GALE = {
  Island: 'Jersey',
  Date: '2026-12-08',
  Kind: 'cancelled',
  Reason: 'Gale warning in the Channel',
};

describe('GET /public/sailings/promise', () => {
  test('a booking for Jersey on a Monday morning: today’s 4pm cut-off, in words', async () => {
    at('2026-12-07T10:00:00Z');
    const res = await get('/public/sailings/promise?Island=Jersey');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      Island: 'Jersey',
      Known: true,
      By: '2026-12-07T16:00:00.000Z',
      Earliest: '2026-12-09',
      Latest: '2026-12-10',
      Words:
        'If it reaches us by 4pm today, it arrives between Wednesday 9 and Thursday 10 December.',
    });
    expect(res.json().Sailings).toHaveLength(1);
  });

  test('Alderney: to Guernsey, then Alderney’s next boat', async () => {
    at('2026-12-07T10:00:00Z');
    const res = await get('/public/sailings/promise?Island=Alderney&State=at-depot');
    expect(
      res.json().Sailings.map((s: { Island: string; Date: string }) => `${s.Island} ${s.Date}`),
    ).toEqual(['Guernsey 2026-12-07', 'Alderney 2026-12-09']);
    expect(res.json().Words).toBe(
      'It leaves on the sailing of Monday 7 December, and it arrives between Thursday 10 and Friday 11 December.',
    );
  });

  test('a held parcel is promised on its condition', async () => {
    at('2026-12-07T17:00:00Z');
    const res = await get('/public/sailings/promise?Island=Guernsey&State=held&HoldReason=invoice');
    expect(res.json().Words).toBe(
      'If you pay by 4pm tomorrow, it arrives between Thursday 10 and Friday 11 December.',
    );
  });

  test('a 400 names the field', async () => {
    const cases: [string, string][] = [
      ['Island=Atlantis', 'Island'],
      ['State=held', 'Island'],
      ['Island=Sark&State=held', 'HoldReason'],
      ['Island=Sark&State=booked&HoldReason=quote', 'HoldReason'],
      ['Island=Sark&State=lost', 'State'],
      ['Island=Sark&Extra=1', ''],
    ];
    for (const [query, field] of cases) {
      const res = await get(`/public/sailings/promise?${query}`);
      expect(res.statusCode, query).toBe(400);
      if (field) {
        expect(
          res.json().errors.map((e: { field: string }) => e.field),
          query,
        ).toContain(field);
      }
    }
  });
});

describe('GET /public/sailings/book-by', () => {
  test('for Christmas Eve: the cut-off of the last sailing that arrives in time', async () => {
    at('2026-11-01T12:00:00Z');
    const jersey = await get('/public/sailings/book-by?Island=Jersey&Target=2026-12-24');
    expect(jersey.json()).toEqual({
      Island: 'Jersey',
      Target: '2026-12-24',
      By: '2026-12-21T16:00:00.000Z',
      Words: 'If it reaches us by Monday 21 December, 4pm, it arrives by Thursday 24 December.',
    });
  });

  test('too late, or too far ahead', async () => {
    at('2026-12-23T12:00:00Z');
    const late = await get('/public/sailings/book-by?Island=Herm&Target=2026-12-24');
    expect(late.json()).toMatchObject({
      By: null,
      Words: 'It is too late to promise it arrives by Thursday 24 December.',
    });
    const far = await get('/public/sailings/book-by?Island=Herm&Target=2029-12-24');
    expect(far.statusCode).toBe(400);
    expect(far.json().errors).toEqual([{ field: 'Target', error: 'must be within a year' }]);
  });
});

describe('the timetable for staff', () => {
  test('the depot reads the routes and the calendar, but may not change them', async () => {
    const depot = await staffMember(ctx, 'depot');
    const routes = await get('/api/admin/sailings/routes', depot.token);
    expect(routes.statusCode).toBe(200);
    const jersey = routes.json().Routes.find((r: { Island: string }) => r.Island === 'Jersey');
    expect(jersey).toMatchObject({ Via: null, Capacity: 400, DeliveryDaysMin: 1 });
    expect(jersey.Departures.map((d: { Weekday: number }) => d.Weekday)).toEqual([1, 2, 3, 4, 5]);
    const calendar = await get('/api/admin/sailings/calendar?From=2026-12-09&Weeks=1', depot.token);
    expect(calendar.json()).toMatchObject({ From: '2026-12-07', To: '2026-12-13' });
    // Jersey, Guernsey and Sark five each, Alderney three, Herm two.
    expect(calendar.json().Sailings).toHaveLength(20);
    expect(
      (await send('POST', '/api/admin/sailings/exceptions', depot.token, GALE)).statusCode,
    ).toBe(403);
    expect((await get('/api/admin/sailings/routes')).statusCode).toBe(401);
  });

  test('the calendar of weeks with holidays lists their closing days; too many weeks is a 400', async () => {
    const office = await staffMember(ctx, 'office');
    const res = await get('/api/admin/sailings/calendar?From=2026-12-14&Weeks=3', office.token);
    const days = res
      .json()
      .ClosingDays.map(
        (c: { Jurisdiction: string; Date: string }) => `${c.Jurisdiction} ${c.Date}`,
      );
    expect(days).toContain('alderney 2026-12-15');
    expect(days).toContain('england 2026-12-25');
    expect(days).toContain('jersey 2026-12-28');
    const tooMany = await get('/api/admin/sailings/calendar?Weeks=13', office.token);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors[0].field).toBe('Weeks');
  });
});

describe('a storm: the office cancels a sailing, and puts it back', () => {
  test('the promise moves to the next sailing and says why; removed, it comes back; both audited', async () => {
    const office = await staffMember(ctx, 'office');
    at('2026-12-08T10:00:00Z');
    const created = await send('POST', '/api/admin/sailings/exceptions', office.token, GALE);
    expect(created.statusCode).toBe(201);
    const { Id } = created.json();
    const moved = (await get('/public/sailings/promise?Island=Jersey&State=at-depot')).json();
    expect(moved.Sailings[0].Date).toBe('2026-12-09');
    expect(moved.Words).toBe(
      'The sailing of Tuesday 8 December is cancelled (Gale warning in the Channel). It leaves on the sailing of Wednesday 9 December, and it arrives between Friday 11 and Monday 14 December.',
    );
    const calendar = await get(
      '/api/admin/sailings/calendar?From=2026-12-08&Weeks=1',
      office.token,
    );
    expect(calendar.json().Sailings).toContainEqual(
      expect.objectContaining({
        Island: 'Jersey',
        Date: '2026-12-08',
        Status: 'cancelled',
        Reason: GALE.Reason,
      }),
    );
    // A second exception for the same sailing is refused: change the first.
    expect(
      (await send('POST', '/api/admin/sailings/exceptions', office.token, GALE)).statusCode,
    ).toBe(409);

    const removed = await send('DELETE', `/api/admin/sailings/exceptions/${Id}`, office.token);
    expect(removed.statusCode).toBe(204);
    const back = (await get('/public/sailings/promise?Island=Jersey&State=at-depot')).json();
    expect(back.Sailings[0].Date).toBe('2026-12-08');
    expect(
      (await send('DELETE', `/api/admin/sailings/exceptions/${Id}`, office.token)).statusCode,
    ).toBe(404);

    const entries = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subject, 'Sailing'), eq(auditLog.subjectId, `exception:${Id}`)));
    expect(entries.map((e) => [e.action, e.actorId])).toEqual([
      ['create', office.user.id],
      ['delete', office.user.id],
    ]);
    expect(entries[0].after).toMatchObject({ Kind: 'cancelled', Reason: GALE.Reason });
  });

  test('a delay changes the sailing’s times; an extra sailing adds one', async () => {
    const office = await staffMember(ctx, 'office');
    const delay = await send('POST', '/api/admin/sailings/exceptions', office.token, {
      Island: 'Guernsey',
      Date: '2026-12-15',
      Kind: 'changed',
      Reason: 'Delayed by the weather',
      DepartsOn: '2026-12-16',
      Departs: '06:00',
      CutOffDaysBefore: 1,
      CutOff: '16:00',
      ArrivesDaysAfter: 0,
      Arrives: '14:00',
    });
    expect(delay.statusCode).toBe(201);
    const extra = await send('POST', '/api/admin/sailings/exceptions', office.token, {
      Island: 'Jersey',
      Date: '2026-12-19',
      Kind: 'extra',
      Departs: '10:00',
      CutOffDaysBefore: 1,
      CutOff: '16:00',
      ArrivesDaysAfter: 0,
      Arrives: '18:00',
    });
    expect(extra.statusCode).toBe(201);
    expect(extra.json()).toMatchObject({ DepartsOn: '2026-12-19', Reason: '' });
    const calendar = (
      await get('/api/admin/sailings/calendar?From=2026-12-14&Weeks=1', office.token)
    ).json();
    expect(calendar.Sailings).toContainEqual(
      expect.objectContaining({
        Island: 'Guernsey',
        Date: '2026-12-15',
        Status: 'changed',
        ArrivesAt: '2026-12-16T14:00:00.000Z',
      }),
    );
    expect(calendar.Sailings).toContainEqual(
      expect.objectContaining({ Island: 'Jersey', Date: '2026-12-19', Status: 'extra' }),
    );
    // Changed again: the delay is shorter.
    const update = await send(
      'PUT',
      `/api/admin/sailings/exceptions/${delay.json().Id}`,
      office.token,
      {
        ...delay.json(),
        Id: undefined,
        Departs: '02:00',
      },
    );
    expect(update.statusCode).toBe(200);
    expect(update.json().Departs).toBe('02:00');
  });

  test('exceptions that make no sense are refused, naming the field', async () => {
    const office = await staffMember(ctx, 'office');
    const refused = async (body: object, field: string) => {
      const res = await send('POST', '/api/admin/sailings/exceptions', office.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    };
    await refused({ ...GALE, Date: '2026-12-12' }, 'Date'); // a Saturday: no sailing to cancel
    await refused({ ...GALE, Reason: '' }, 'Reason');
    await refused({ ...GALE, Departs: '10:00' }, 'Departs');
    await refused({ ...GALE, Date: '2026-02-30' }, 'Date');
    await refused({ ...GALE, Kind: 'sunk' }, 'Kind');
    await refused({ ...GALE, Kind: 'changed' }, 'DepartsOn');
    await refused({ ...GALE, Kind: 'extra', Departs: '25:00' }, 'Departs');
    await refused(
      {
        Island: 'Jersey',
        Date: '2026-12-08',
        Kind: 'extra',
        Departs: '10:00',
        CutOffDaysBefore: 0,
        CutOff: '08:00',
        ArrivesDaysAfter: 0,
        Arrives: '18:00',
      },
      'Date',
    );
    expect(
      (await send('PUT', '/api/admin/sailings/exceptions/999999', office.token, GALE)).statusCode,
    ).toBe(404);
  });
});

describe('routes and closing days', () => {
  test('the office changes a route’s pattern and capacity; the change is audited', async () => {
    const office = await staffMember(ctx, 'office');
    const before = (await get('/api/admin/sailings/routes', office.token)).json();
    const herm = before.Routes.find((r: { Island: string }) => r.Island === 'Herm');
    const body = {
      Capacity: 30,
      DeliveryDaysMin: 0,
      DeliveryDaysMax: 1,
      Departures: [
        {
          Weekday: 6,
          Departs: '09:00',
          CutOffDaysBefore: 0,
          CutOff: '07:30',
          ArrivesDaysAfter: 0,
          Arrives: '09:30',
        },
        ...herm.Departures,
      ],
    };
    const res = await send('PUT', '/api/admin/sailings/routes/Herm', office.token, body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ Island: 'Herm', Via: 'Guernsey', Capacity: 30 });
    expect(res.json().Departures.map((d: { Weekday: number }) => d.Weekday)).toEqual([2, 4, 6]);
    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subjectId, 'route:Herm'));
    expect(entry.before).toMatchObject({ Capacity: 20 });
    expect(entry.after).toMatchObject({ Capacity: 30 });

    const twice = await send('PUT', '/api/admin/sailings/routes/Herm', office.token, {
      ...body,
      Departures: [body.Departures[0], body.Departures[0]],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors).toEqual([
      { field: 'Departures.1.Weekday', error: 'must be at most one departure a weekday' },
    ]);
    const backwards = await send('PUT', '/api/admin/sailings/routes/Herm', office.token, {
      ...body,
      DeliveryDaysMax: 0,
      DeliveryDaysMin: 2,
    });
    expect(backwards.json().errors[0].field).toBe('DeliveryDaysMax');
    expect(
      (await send('PUT', '/api/admin/sailings/routes/Atlantis', office.token, body)).json()
        .errors[0].field,
    ).toBe('Island');
  });

  test('a one-off closing day moves the depot’s cut-off back; removed, it does not', async () => {
    const office = await staffMember(ctx, 'office');
    at('2026-12-01T10:00:00Z'); // Tuesday
    const created = await send('POST', '/api/admin/sailings/closing-days', office.token, {
      Jurisdiction: 'england',
      Date: '2026-12-02',
      Name: 'Depot stocktake',
    });
    expect(created.statusCode).toBe(201);
    // Wednesday's sailing now closes on Tuesday at 4pm, with Tuesday's.
    at('2026-12-01T16:30:00Z');
    expect((await get('/public/sailings/promise?Island=Jersey')).json().Sailings[0].Date).toBe(
      '2026-12-03',
    );
    const list = await get(
      '/api/admin/sailings/closing-days?From=2026-12-01&To=2026-12-31',
      office.token,
    );
    expect(list.json().ClosingDays.map((c: { Name: string }) => c.Name)).toContain(
      'Depot stocktake',
    );
    const again = await send(
      'POST',
      '/api/admin/sailings/closing-days',
      office.token,
      created.json(),
    );
    expect(again.statusCode).toBe(400); // Id is not a field of the input
    const duplicate = await send('POST', '/api/admin/sailings/closing-days', office.token, {
      Jurisdiction: 'england',
      Date: '2026-12-02',
      Name: 'Again',
    });
    expect(duplicate.statusCode).toBe(409);
    expect(
      (await send('DELETE', `/api/admin/sailings/closing-days/${created.json().Id}`, office.token))
        .statusCode,
    ).toBe(204);
    expect((await get('/public/sailings/promise?Island=Jersey')).json().Sailings[0].Date).toBe(
      '2026-12-02',
    );
    const audited = await ctx.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(like(auditLog.subjectId, `closing-day:${created.json().Id}`));
    expect(audited.map((a) => a.action)).toEqual(['create', 'delete']);
  });

  test('a closing-days query with its days backwards names To', async () => {
    const office = await staffMember(ctx, 'office');
    const res = await get(
      '/api/admin/sailings/closing-days?From=2026-12-31&To=2026-12-01',
      office.token,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('To');
  });
});
