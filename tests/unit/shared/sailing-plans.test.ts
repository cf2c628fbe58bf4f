// A parcel's stored plan (src/shared/sailings/plan.ts, docs/decisions/0049): what is kept of a
// promise, when the customer is told something new, a missed sailing, the plan in words, and the
// on-time rate per week and route, each with a controlled clock.
import { describe, expect, test } from 'vitest';
import {
  onTimeRates,
  plannedSailing,
  planStands,
  samePlan,
  type Delivered,
} from '../../../src/shared/sailings/plan';
import { compileAround, planParcels } from '../../../src/shared/sailings/promise';
import { planInWords } from '../../../src/shared/sailings/promise-words';
import type { Timetable } from '../../../src/shared/sailings/timetable';

/** Jersey every weekday night, cut-off 4pm, landing at 7am, delivered the next working day. */
const JERSEY: Timetable = {
  routes: [
    {
      island: 'Jersey',
      via: null,
      capacity: 2,
      deliveryDaysMin: 1,
      deliveryDaysMax: 1,
      departures: [1, 2, 3, 4, 5].map((weekday) => ({
        weekday,
        departs: '21:00',
        cutOffDaysBefore: 0,
        cutOff: '16:00',
        arrivesDaysAfter: 1,
        arrives: '07:00',
      })),
    },
  ],
  exceptions: [{ island: 'Jersey', date: '2026-12-08', kind: 'cancelled', reason: 'Gale' }],
  closingDays: [],
  depotCloses: '17:00',
};

const MONDAY_NOON = new Date('2026-12-07T12:00:00Z');
const AT_DEPOT = { kind: 'at-depot' } as const;

describe('a stored plan', () => {
  test('keeps the sailing, the cut-off, the departure and the days of the promise', () => {
    const [promise] = planParcels(
      compileAround(JERSEY, MONDAY_NOON),
      [{ island: 'Jersey', state: AT_DEPOT }],
      MONDAY_NOON,
      new Map(),
    );
    expect(plannedSailing(promise)).toEqual({
      route: 'Jersey',
      sailingDate: '2026-12-07',
      onwardDate: null,
      cutOffAt: Date.parse('2026-12-07T16:00:00Z'),
      departsAt: Date.parse('2026-12-07T21:00:00Z'),
      earliest: '2026-12-09',
      latest: '2026-12-09',
    });
    expect(plannedSailing(null).sailingDate).toBeNull();
  });

  test('after Monday’s two places, Tuesday’s cancelled sailing is passed over for Wednesday', () => {
    const compiled = compileAround(JERSEY, MONDAY_NOON);
    const plans = planParcels(
      compiled,
      Array.from({ length: 3 }, () => ({ island: 'Jersey' as const, state: AT_DEPOT })),
      MONDAY_NOON,
      new Map(),
    ).map(plannedSailing);
    expect(plans.map((p) => p.sailingDate)).toEqual(['2026-12-07', '2026-12-07', '2026-12-09']);
    expect(samePlan(plans[0], plans[1])).toBe(true);
    expect(samePlan(plans[0], plans[2])).toBe(false);
    expect(samePlan(plans[0], { ...plans[0], latest: '2026-12-10' })).toBe(false);
  });

  test('stands until its sailing leaves (at the depot) or its cut-off passes (booked, held)', () => {
    const cutOffAt = Date.parse('2026-12-07T16:00:00Z');
    const departsAt = Date.parse('2026-12-07T21:00:00Z');
    const at = (ms: number) => new Date(ms);
    const plan = { cutOffAt, departsAt };
    expect(planStands({ ...plan, state: 'at-depot' }, at(departsAt - 60_000))).toBe(true);
    expect(planStands({ ...plan, state: 'at-depot' }, at(departsAt + 60_000))).toBe(false);
    expect(planStands({ ...plan, state: 'booked' }, at(cutOffAt - 60_000))).toBe(true);
    expect(planStands({ ...plan, state: 'held' }, at(cutOffAt + 60_000))).toBe(false);
    expect(planStands({ ...plan, state: 'sailed' }, at(cutOffAt - 60_000))).toBe(false);
    expect(planStands({ ...plan, state: 'at-depot', departsAt: null }, at(0))).toBe(false);
  });
});

describe('a plan in words', () => {
  const plan = plannedSailing(
    planParcels(
      compileAround(JERSEY, MONDAY_NOON),
      [{ island: 'Jersey', state: AT_DEPOT }],
      new Date('2026-12-07T17:00:00Z'),
      new Map(),
    )[0],
  );
  const now = new Date('2026-12-07T17:00:00Z');

  test('moved by a cancelled sailing, with the reason', () => {
    expect(
      planInWords(
        {
          ...plan,
          state: AT_DEPOT,
          movedBy: 'cancelled',
          movedFrom: '2026-12-08',
          reason: 'Gale.',
        },
        now,
      ),
    ).toBe(
      'The sailing of Tuesday 8 December is cancelled (Gale). It leaves on the sailing of Wednesday 9 December, and it arrives Friday 11 December.',
    );
  });

  test('a changed sailing, a missed one, and a booking’s condition', () => {
    const base = { ...plan, movedFrom: '2026-12-07', reason: '' };
    expect(
      planInWords({ ...base, state: AT_DEPOT, movedBy: 'changed', reason: 'Fog' }, now),
    ).toMatch(/^The sailing of Monday 7 December has changed \(Fog\)\. It leaves/);
    expect(planInWords({ ...base, state: AT_DEPOT, movedBy: 'missed' }, now)).toMatch(
      /^It missed the sailing of Monday 7 December\. It leaves on the sailing of Wednesday 9 December/,
    );
    expect(
      planInWords(
        { ...plan, state: { kind: 'booked' }, movedBy: null, movedFrom: null, reason: '' },
        now,
      ),
    ).toBe('If it reaches us by Wednesday 4pm, it arrives Friday 11 December.');
    expect(
      planInWords(
        { ...plannedSailing(null), state: AT_DEPOT, movedBy: null, movedFrom: null, reason: '' },
        now,
      ),
    ).toBe('We will confirm its sailing and the day it arrives.');
  });
});

describe('the on-time rate', () => {
  const delivered = (
    island: string,
    at: string,
    promisedLatest: string | null,
    reason = '',
  ): Delivered => ({
    island,
    reference: `FB-${at}`,
    promisedLatest,
    deliveredAt: Date.parse(at),
    reason,
  });

  test('per week (Monday first, London) and per route, the newest week first', () => {
    const rates = onTimeRates(
      [
        delivered('Jersey', '2026-12-07T10:00:00Z', '2026-12-07'),
        delivered('Jersey', '2026-12-09T10:00:00Z', '2026-12-08', 'Gale'),
        delivered('Guernsey', '2026-12-13T23:30:00Z', '2026-12-14'), // Sunday night in London
        delivered('Guernsey', '2026-12-14T10:00:00Z', '2026-12-14'),
        delivered('Guernsey', '2026-12-14T11:00:00Z', null), // sailed before plans were kept
      ],
      ['Jersey', 'Guernsey'],
    );
    expect(rates).toEqual([
      { week: '2026-12-14', island: null, delivered: 1, onTime: 1 },
      { week: '2026-12-14', island: 'Guernsey', delivered: 1, onTime: 1 },
      { week: '2026-12-07', island: null, delivered: 3, onTime: 2 },
      { week: '2026-12-07', island: 'Jersey', delivered: 2, onTime: 1 },
      { week: '2026-12-07', island: 'Guernsey', delivered: 1, onTime: 1 },
    ]);
  });

  test('summer time: delivered at 23:30 UTC is the next day in London', () => {
    const [all] = onTimeRates(
      [delivered('Jersey', '2026-06-14T23:30:00Z', '2026-06-14')],
      ['Jersey'],
    );
    expect(all).toEqual({ week: '2026-06-15', island: null, delivered: 1, onTime: 0 });
  });
});
