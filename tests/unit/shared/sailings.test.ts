// The arrival promise (src/shared/sailings, docs/decisions/0048) with a controlled clock: each
// question passes its own `now`. The timetable below is a small one like the seeded one: Jersey
// and Guernsey sail from Portsmouth every weekday night (cut-off 4pm at the depot), Alderney,
// Sark and Herm go on from Guernsey on their own days; the closing days are the bank holidays.
import { describe, expect, test } from 'vitest';
import type { Island } from '../../../src/shared/islands';
import { bankHolidays, JURISDICTIONS } from '../../../src/shared/sailings/bank-holidays';
import {
  dayKey,
  dayOf,
  londonInstant,
  londonTimeOf,
  minutesOf,
} from '../../../src/shared/sailings/london-time';
import {
  arrivalPromise,
  bookBy,
  compileAround,
  planParcels,
  sailingKey,
  type ParcelState,
} from '../../../src/shared/sailings/promise';
import { cutOffInWords, promiseInWords } from '../../../src/shared/sailings/promise-words';
import { parcelStateOf } from '../../../src/shared/sailings/order-state';
import {
  compileTimetable,
  type SailingException,
  type SailingRoute,
  type SailingTimes,
  type Timetable,
} from '../../../src/shared/sailings/timetable';

const on = (times: SailingTimes, weekdays: number[]) =>
  weekdays.map((w) => ({ weekday: w, ...times }));
const WEEKDAYS = [1, 2, 3, 4, 5];
const NIGHT: SailingTimes = {
  departs: '21:00',
  cutOffDaysBefore: 0,
  cutOff: '16:00',
  arrivesDaysAfter: 1,
  arrives: '07:00',
};
const ONWARD: SailingTimes = {
  departs: '10:00',
  cutOffDaysBefore: 0,
  cutOff: '08:00',
  arrivesDaysAfter: 0,
  arrives: '12:00',
};

const ROUTES: SailingRoute[] = [
  {
    island: 'Jersey',
    via: null,
    capacity: 400,
    deliveryDaysMin: 1,
    deliveryDaysMax: 1,
    departures: on(NIGHT, WEEKDAYS),
  },
  {
    island: 'Guernsey',
    via: null,
    capacity: 400,
    deliveryDaysMin: 1,
    deliveryDaysMax: 2,
    departures: on({ ...NIGHT, departs: '21:30', arrives: '06:30' }, WEEKDAYS),
  },
  {
    island: 'Alderney',
    via: 'Guernsey',
    capacity: 60,
    deliveryDaysMin: 1,
    deliveryDaysMax: 2,
    departures: on(ONWARD, [1, 3, 5]),
  },
  {
    island: 'Sark',
    via: 'Guernsey',
    capacity: 40,
    deliveryDaysMin: 1,
    deliveryDaysMax: 1,
    departures: on(ONWARD, WEEKDAYS),
  },
  {
    island: 'Herm',
    via: 'Guernsey',
    capacity: 20,
    deliveryDaysMin: 0,
    deliveryDaysMax: 1,
    departures: on(ONWARD, [2, 4]),
  },
];

const CLOSING_DAYS = JURISDICTIONS.flatMap((jurisdiction) =>
  [2026, 2027, 2028].flatMap((year) =>
    bankHolidays(jurisdiction, year).map((h) => ({ jurisdiction, ...h })),
  ),
);

const timetable = (exceptions: SailingException[] = []): Timetable => ({
  routes: ROUTES,
  exceptions,
  closingDays: CLOSING_DAYS,
  depotCloses: '16:00',
});

const BOOKED: ParcelState = { kind: 'booked' };
const AT_DEPOT: ParcelState = { kind: 'at-depot' };

/** The promise at an instant written in UTC (`Z`) or with its offset. */
function promise(
  island: Island,
  state: ParcelState,
  now: string,
  exceptions: SailingException[] = [],
) {
  const p = arrivalPromise(timetable(exceptions), { island, state, now: new Date(now) });
  if (!p) throw new Error('no promise');
  return {
    ...p,
    by: new Date(p.by).toISOString(),
    sailings: p.legs.map((l) => `${l.island} ${l.date}`),
  };
}

describe('the cut-off', () => {
  test('a minute before it, the parcel makes that night’s sailing; a minute after, the next one', () => {
    // Tuesday 8 December 2026, London on GMT.
    const before = promise('Jersey', BOOKED, '2026-12-08T15:59:00Z');
    expect(before.sailings).toEqual(['Jersey 2026-12-08']);
    expect(before.by).toBe('2026-12-08T16:00:00.000Z');
    expect([before.earliest, before.latest]).toEqual(['2026-12-10', '2026-12-10']);
    const after = promise('Jersey', BOOKED, '2026-12-08T16:01:00Z');
    expect(after.sailings).toEqual(['Jersey 2026-12-09']);
    expect(after.earliest).toBe('2026-12-11');
  });

  test('the cut-off itself still makes it', () => {
    expect(promise('Jersey', AT_DEPOT, '2026-12-08T16:00:00Z').sailings).toEqual([
      'Jersey 2026-12-08',
    ]);
  });

  test('Friday after the cut-off waits for Monday’s sailing', () => {
    const p = promise('Jersey', BOOKED, '2026-12-11T16:01:00Z');
    expect(p.sailings).toEqual(['Jersey 2026-12-14']);
    expect(p.by).toBe('2026-12-14T16:00:00.000Z');
    expect(p.earliest).toBe('2026-12-16');
  });

  test('in summer the 4pm cut-off is 3pm UTC', () => {
    expect(promise('Jersey', BOOKED, '2026-07-14T14:59:00Z').sailings).toEqual([
      'Jersey 2026-07-14',
    ]);
    expect(promise('Jersey', BOOKED, '2026-07-14T15:01:00Z').sailings).toEqual([
      'Jersey 2026-07-15',
    ]);
  });
});

describe('closing days', () => {
  test('a bank holiday Monday in England: its sailing’s cut-off is the Friday before', () => {
    // Summer bank holiday, Monday 31 August 2026: the depot is shut.
    const compiled = compileTimetable(timetable(), dayOf('2026-08-24'), dayOf('2026-09-04'));
    const monday = compiled.sailings.get('Jersey')?.find((s) => s.date === '2026-08-31');
    expect(new Date(monday?.cutOffAt ?? 0).toISOString()).toBe('2026-08-28T15:00:00.000Z');
    // So a parcel reaching the depot on the Saturday waits for Tuesday's sailing...
    const p = promise('Jersey', BOOKED, '2026-08-29T09:00:00Z');
    expect(p.sailings).toEqual(['Jersey 2026-09-01']);
    expect(p.by).toBe('2026-09-01T15:00:00.000Z');
    expect(p.earliest).toBe('2026-09-03');
    // ...and a week earlier, with no holiday, it would have taken Monday's.
    expect(promise('Jersey', BOOKED, '2026-08-22T09:00:00Z').sailings).toEqual([
      'Jersey 2026-08-24',
    ]);
  });

  test('Liberation Day (9 May) is not a delivery day in Jersey or Guernsey', () => {
    // Monday 8 May 2028's sailing lands on Tuesday 9 May, Liberation Day.
    const jersey = promise('Jersey', AT_DEPOT, '2028-05-08T09:00:00Z');
    expect(jersey.sailings).toEqual(['Jersey 2028-05-08']);
    expect([jersey.earliest, jersey.latest]).toEqual(['2028-05-11', '2028-05-11']);
    const guernsey = promise('Guernsey', AT_DEPOT, '2028-05-08T09:00:00Z');
    expect([guernsey.earliest, guernsey.latest]).toEqual(['2028-05-11', '2028-05-12']);
    // A week later, the same sailing lands on a working day: delivered the day after.
    expect(promise('Jersey', AT_DEPOT, '2028-05-15T09:00:00Z').earliest).toBe('2028-05-17');
  });

  test('Alderney’s Homecoming Day (15 December) is not a delivery day there', () => {
    // Friday 11 December 2026: Guernsey on Saturday, Alderney's boat on Monday 14, then Tuesday
    // 15 is Homecoming Day.
    const p = promise('Alderney', AT_DEPOT, '2026-12-11T10:00:00Z');
    expect(p.sailings).toEqual(['Guernsey 2026-12-11', 'Alderney 2026-12-14']);
    expect([p.earliest, p.latest]).toEqual(['2026-12-16', '2026-12-17']);
  });
});

describe('the clocks change', () => {
  test('the Monday after they go back, the 4pm cut-off is 4pm GMT', () => {
    // Clocks go back at 2am BST on Sunday 25 October 2026.
    expect(promise('Jersey', BOOKED, '2026-10-26T15:59:00Z').sailings).toEqual([
      'Jersey 2026-10-26',
    ]);
    expect(promise('Jersey', BOOKED, '2026-10-26T16:01:00Z').sailings).toEqual([
      'Jersey 2026-10-27',
    ]);
    // Asked on the Friday before (BST), Monday's cut-off is still 4pm on Monday's clock.
    expect(promise('Jersey', BOOKED, '2026-10-23T15:30:00Z').by).toBe('2026-10-26T16:00:00.000Z');
  });

  test('the Monday after they go forward, the 4pm cut-off is 3pm UTC', () => {
    // Clocks go forward at 1am GMT on Sunday 29 March 2026.
    expect(promise('Jersey', BOOKED, '2026-03-30T14:59:00Z').sailings).toEqual([
      'Jersey 2026-03-30',
    ]);
    expect(promise('Jersey', BOOKED, '2026-03-30T15:01:00Z').sailings).toEqual([
      'Jersey 2026-03-31',
    ]);
  });

  test('a time on the night they go back is its first occurrence; one skipped in March is an hour on', () => {
    expect(new Date(londonInstant(dayOf('2026-10-25'), 90)).toISOString()).toBe(
      '2026-10-25T00:30:00.000Z',
    );
    expect(new Date(londonInstant(dayOf('2026-10-25'), 150)).toISOString()).toBe(
      '2026-10-25T02:30:00.000Z',
    );
    expect(new Date(londonInstant(dayOf('2026-03-29'), 90)).toISOString()).toBe(
      '2026-03-29T01:30:00.000Z',
    );
    expect(londonTimeOf(Date.parse('2026-10-25T01:30:00Z'))).toEqual({
      day: dayOf('2026-10-25'),
      minutes: 90,
    });
  });

  test('a moment asked about again shows the same, to the second, around both changes', () => {
    // Every minute of the two nights, and seconds into each, asked twice: what was asked before
    // is answered from memory (london-time.ts), and must be what London's clock showed.
    const clock = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/London',
      dateStyle: 'short',
      timeStyle: 'short',
    });
    for (const night of ['2026-03-29T00:00:00Z', '2026-10-25T00:00:00Z']) {
      for (let minute = 0; minute < 180; minute += 1) {
        for (const seconds of [0, 59.999]) {
          const at = Date.parse(night) + minute * 60_000 + seconds * 1000;
          const [date, time] = clock.format(at).split(', ');
          const [d, m, y] = date.split('/');
          const expected = { day: dayOf(`${y}-${m}-${d}`), minutes: minutesOf(time) };
          expect(londonTimeOf(at)).toEqual(expected);
          expect(londonTimeOf(at)).toEqual(expected);
        }
      }
    }
  });

  test('a sailing overnight into the change lands on the right day', () => {
    // Friday 23 October's boat lands at 7am on Saturday 24 (BST); Saturday has no sailing.
    const compiled = compileTimetable(timetable(), dayOf('2026-10-19'), dayOf('2026-10-30'));
    const friday = compiled.sailings.get('Jersey')?.find((s) => s.date === '2026-10-23');
    expect(new Date(friday?.arrivesAt ?? 0).toISOString()).toBe('2026-10-24T06:00:00.000Z');
    expect(dayKey(friday?.arrivalDay ?? 0)).toBe('2026-10-24');
  });
});

describe('onward through Guernsey', () => {
  test('Alderney: Guernsey overnight, then Alderney’s next boat after landing', () => {
    // Monday 7 December 2026: lands in Guernsey on Tuesday, Alderney's boats are Mon, Wed, Fri.
    const p = promise('Alderney', AT_DEPOT, '2026-12-07T10:00:00Z');
    expect(p.sailings).toEqual(['Guernsey 2026-12-07', 'Alderney 2026-12-09']);
    expect(p.by).toBe('2026-12-07T16:00:00.000Z');
    expect([p.earliest, p.latest]).toEqual(['2026-12-10', '2026-12-11']);
  });

  test('an onward boat whose cut-off is before the landing is not taken', () => {
    const exceptions: SailingException[] = [
      {
        island: 'Alderney',
        date: '2026-12-08',
        kind: 'extra',
        reason: '',
        departsOn: '2026-12-08',
        times: { ...ONWARD, cutOff: '06:00' },
      },
    ];
    expect(promise('Alderney', AT_DEPOT, '2026-12-07T10:00:00Z', exceptions).sailings).toEqual([
      'Guernsey 2026-12-07',
      'Alderney 2026-12-09',
    ]);
    const later = [{ ...exceptions[0], times: ONWARD }] as SailingException[];
    expect(promise('Alderney', AT_DEPOT, '2026-12-07T10:00:00Z', later).sailings).toEqual([
      'Guernsey 2026-12-07',
      'Alderney 2026-12-08',
    ]);
  });

  test('Herm, delivered the day it lands at the earliest', () => {
    const p = promise('Herm', AT_DEPOT, '2026-12-07T10:00:00Z');
    expect(p.sailings).toEqual(['Guernsey 2026-12-07', 'Herm 2026-12-08']);
    expect([p.earliest, p.latest]).toEqual(['2026-12-08', '2026-12-09']);
  });
});

describe('held parcels', () => {
  test('a held parcel leaves on the sailing whose cut-off the hold ends by', () => {
    const held = promise('Jersey', { kind: 'held', reason: 'invoice' }, '2026-12-07T10:00:00Z');
    expect(held.sailings).toEqual(['Jersey 2026-12-07']);
    expect(held.earliest).toBe('2026-12-09');
    expect(
      promiseInWords(
        arrivalPromise(timetable(), {
          island: 'Jersey',
          state: { kind: 'held', reason: 'invoice' },
          now: new Date('2026-12-07T10:00:00Z'),
        }),
        new Date('2026-12-07T10:00:00Z'),
      ),
    ).toBe('If you pay by 4pm today, it arrives Wednesday 9 December.');
  });
});

describe('storms', () => {
  const GALE: SailingException = {
    island: 'Jersey',
    date: '2026-12-08',
    kind: 'cancelled',
    reason: 'Gale warning in the Channel',
  };

  test('a cancelled sailing with the next one full: the one after, and why', () => {
    const compiled = compileAround(timetable([GALE]), new Date('2026-12-08T10:00:00Z'));
    const loads = new Map([[sailingKey({ island: 'Jersey', date: '2026-12-09' }), 400]]);
    const now = new Date('2026-12-08T10:00:00Z');
    const [p] = planParcels(compiled, [{ island: 'Jersey', state: AT_DEPOT }], now, loads);
    expect(p?.legs.map((l) => l.date)).toEqual(['2026-12-10']);
    expect(p?.earliest).toBe('2026-12-14'); // lands Friday 11, delivered Monday 14
    expect(p?.passedOver).toEqual([
      {
        island: 'Jersey',
        date: '2026-12-08',
        why: 'cancelled',
        reason: 'Gale warning in the Channel',
      },
      { island: 'Jersey', date: '2026-12-09', why: 'full', reason: '' },
    ]);
    expect(promiseInWords(p, now)).toBe(
      'The sailing of Tuesday 8 December is cancelled (Gale warning in the Channel). It leaves on the sailing of Thursday 10 December, and it arrives Monday 14 December.',
    );
    expect(loads.get('Jersey 2026-12-10')).toBe(1);
  });

  test('a delayed sailing lands later, and the promise follows it', () => {
    const delayed: SailingException = {
      island: 'Jersey',
      date: '2026-12-08',
      kind: 'changed',
      reason: 'Delayed by the weather',
      departsOn: '2026-12-09',
      times: {
        ...NIGHT,
        departs: '06:00',
        cutOffDaysBefore: 1,
        arrivesDaysAfter: 0,
        arrives: '16:00',
      },
    };
    const p = promise('Jersey', AT_DEPOT, '2026-12-08T10:00:00Z', [delayed]);
    expect(p.sailings).toEqual(['Jersey 2026-12-08']);
    expect(p.legs[0].status).toBe('changed');
    expect(p.earliest).toBe('2026-12-10');
  });

  test('parcels fill the sailings after a cancelled one in turn, each to its capacity', () => {
    const now = new Date('2026-12-08T10:00:00Z');
    const compiled = compileAround(timetable([GALE]), now);
    const parcels = Array.from({ length: 1000 }, () => ({
      island: 'Jersey' as const,
      state: AT_DEPOT,
    }));
    const plans = planParcels(compiled, parcels, now, new Map());
    const count = (date: string) => plans.filter((p) => p?.legs[0].date === date).length;
    expect([
      count('2026-12-08'),
      count('2026-12-09'),
      count('2026-12-10'),
      count('2026-12-11'),
    ]).toEqual([0, 400, 400, 200]);
  });

  test('a batch gives each parcel what planning it alone, in turn, would: islands sharing a boat fill it together', () => {
    const now = new Date('2026-12-07T10:00:00Z');
    const compiled = compileAround(timetable([GALE]), now);
    const islands: Island[] = ['Guernsey', 'Alderney', 'Alderney', 'Jersey', 'Sark'];
    const parcels = Array.from({ length: 1500 }, (_, i) => ({
      island: islands[i % islands.length],
      state: i % 7 === 0 ? BOOKED : AT_DEPOT,
    }));
    const batch = planParcels(compiled, parcels, now, new Map());
    const loads = new Map<string, number>();
    const alone = parcels.map((p) => planParcels(compiled, [p], now, loads)[0]);
    expect(batch).toEqual(alone);
    // the onward boats filled to their capacity, the Guernsey boat shared by all three islands
    const onward = batch.filter((p) => p?.island === 'Alderney').map((p) => p!.legs[1].date);
    expect(onward.filter((d) => d === onward[0])).toHaveLength(60);
    expect(new Set(batch.map((p) => p?.legs[0].date)).size).toBeGreaterThan(2);
  });

  test('no sailing with room within the horizon: no promise, and words that say so', () => {
    const full = { ...ROUTES[0], capacity: 0 };
    const none = arrivalPromise(
      { ...timetable(), routes: [full] },
      { island: 'Jersey', state: AT_DEPOT, now: new Date('2026-12-08T10:00:00Z') },
    );
    expect(none).toBeNull();
    expect(promiseInWords(none, new Date())).toBe(
      'We will confirm its sailing and the day it arrives.',
    );
  });
});

describe('book by', () => {
  const NOV = new Date('2026-11-01T12:00:00Z');

  test('Christmas Eve in Jersey: the cut-off of the last sailing that arrives in time', () => {
    const compiled = compileAround(timetable(), NOV);
    const jersey = bookBy(compiled, 'Jersey', '2026-12-24', NOV);
    expect(new Date(jersey?.by ?? 0).toISOString()).toBe('2026-12-22T16:00:00.000Z');
    expect(jersey?.latest).toBe('2026-12-24');
    // Guernsey's latest day is two working days after landing: a day earlier.
    const guernsey = bookBy(compiled, 'Guernsey', '2026-12-24', NOV);
    expect(new Date(guernsey?.by ?? 0).toISOString()).toBe('2026-12-21T16:00:00.000Z');
  });

  test('a cancelled sailing is never the date published', () => {
    const cancelled: SailingException = {
      island: 'Jersey',
      date: '2026-12-22',
      kind: 'cancelled',
      reason: 'Refit',
    };
    const compiled = compileAround(timetable([cancelled]), NOV);
    expect(new Date(bookBy(compiled, 'Jersey', '2026-12-24', NOV)?.by ?? 0).toISOString()).toBe(
      '2026-12-21T16:00:00.000Z',
    );
  });

  test('a target out of reach has no date', () => {
    const compiled = compileAround(timetable(), NOV);
    expect(bookBy(compiled, 'Jersey', '2026-11-02', NOV)).toBeNull();
    expect(bookBy(compiled, 'Jersey', 'not a day', NOV)).toBeNull();
  });
});

describe('in words', () => {
  const now = new Date('2026-12-07T10:00:00Z'); // Monday 7 December 2026

  test('if it reaches us by Tuesday 4pm, it arrives Thursday 7 May', () => {
    // Asked on Saturday 2 May 2026: Monday 4 May is a bank holiday, its cut-off was Friday's.
    const saturday = new Date('2026-05-02T10:00:00Z');
    const p = arrivalPromise(timetable(), { island: 'Jersey', state: BOOKED, now: saturday });
    expect(promiseInWords(p, saturday)).toBe(
      'If it reaches us by Tuesday 4pm, it arrives Thursday 7 May.',
    );
    const monday = new Date('2026-12-07T16:30:00Z');
    const after = arrivalPromise(timetable(), { island: 'Jersey', state: BOOKED, now: monday });
    expect(promiseInWords(after, monday)).toBe(
      'If it reaches us by 4pm tomorrow, it arrives Thursday 10 December.',
    );
  });

  test('a span of days, the sailing of a parcel at the depot, and each hold', () => {
    const guernsey = arrivalPromise(timetable(), { island: 'Guernsey', state: AT_DEPOT, now });
    expect(promiseInWords(guernsey, now)).toBe(
      'It leaves on the sailing of Monday 7 December, and it arrives between Wednesday 9 and Thursday 10 December.',
    );
    const words = (state: ParcelState) =>
      promiseInWords(arrivalPromise(timetable(), { island: 'Jersey', state, now }), now);
    expect(words({ kind: 'held', reason: 'quote' })).toBe(
      'If you accept and pay the quote by 4pm today, it arrives Wednesday 9 December.',
    );
    expect(words({ kind: 'held', reason: 'dispute' })).toBe(
      'If the dispute is settled by 4pm today, it arrives Wednesday 9 December.',
    );
    expect(words({ kind: 'held', reason: 'consolidation' })).toBe(
      'If the last parcel of your consignment reaches us by 4pm today, it arrives Wednesday 9 December.',
    );
  });

  test('a span across the new year names the years', () => {
    const p = arrivalPromise(timetable(), {
      island: 'Guernsey',
      state: AT_DEPOT,
      now: new Date('2026-12-29T10:00:00Z'),
    });
    expect(promiseInWords(p, new Date('2026-12-29T10:00:00Z'))).toBe(
      'It leaves on the sailing of Tuesday 29 December, and it arrives between Thursday 31 December and Monday 4 January 2027.',
    );
  });

  test('a cut-off seen from now: today, tomorrow, this week, further', () => {
    const at = (iso: string) => Date.parse(iso);
    expect(cutOffInWords(at('2026-12-07T16:00:00Z'), now)).toBe('4pm today');
    expect(cutOffInWords(at('2026-12-08T16:00:00Z'), now)).toBe('4pm tomorrow');
    expect(cutOffInWords(at('2026-12-11T16:00:00Z'), now)).toBe('Friday 4pm');
    expect(cutOffInWords(at('2026-12-15T16:30:00Z'), now)).toBe('Tuesday 15 December, 4:30pm');
    expect(cutOffInWords(at('2027-01-04T16:00:00Z'), now)).toBe('Monday 4 January 2027, 4pm');
  });
});

describe('an order’s parcel state', () => {
  test('from its status and whether the depot holds it', () => {
    expect(parcelStateOf('Awaiting Parcel', false)).toEqual({ kind: 'booked' });
    expect(parcelStateOf('Received at Depot', true)).toEqual({ kind: 'at-depot' });
    expect(parcelStateOf('Paid', true)).toEqual({ kind: 'at-depot' });
    expect(parcelStateOf('Awaiting Payment', true)).toEqual({ kind: 'held', reason: 'invoice' });
    expect(parcelStateOf('Awaiting Payment', false)).toEqual({ kind: 'booked' });
    expect(parcelStateOf('Quote Ready', true)).toEqual({ kind: 'held', reason: 'quote' });
    for (const over of ['Shipped', 'Delivered', 'Cancelled', 'Returned to Retailer'] as const) {
      expect(parcelStateOf(over, false)).toBeNull();
    }
  });
});
