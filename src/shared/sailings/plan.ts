// A parcel's plan on the sailings (docs/decisions/0049): what is stored of its promise
// (./promise.ts) so that the sailings' loads are counted, a storm moves exactly the parcels on
// the sailing it touches, and the customer is told only when what they were told changes.

import type { Island } from '../islands';
import { dayKey, londonTimeOf, weekdayOf } from './london-time';
import type { ArrivalPromise, ParcelState } from './promise';

/**
 * booked (not yet at the depot), at-depot (ready to sail), held (waiting for a payment): open,
 * planned on a sailing; sailed, delivered, closed (cancelled, returned): no longer planned.
 */
export const PLAN_STATES = ['booked', 'at-depot', 'held', 'sailed', 'delivered', 'closed'] as const;
export type PlanState = (typeof PLAN_STATES)[number];
export const OPEN_PLAN_STATES = ['booked', 'at-depot', 'held'] as const;

/** What moved a parcel off the sailing it had: a cancelled or changed sailing, or missing it. */
export type MovedBy = 'cancelled' | 'changed' | 'missed';

/** The sailing part of a plan, as stored (days `yyyy-MM-dd`, instants ms). */
export interface PlannedSailing {
  route: Island | null;
  sailingDate: string | null;
  onwardDate: string | null;
  cutOffAt: number | null;
  departsAt: number | null;
  earliest: string | null;
  latest: string | null;
}

/** A promise as the plan stores it; no promise: no sailing within reach. */
export function plannedSailing(promise: ArrivalPromise | null): PlannedSailing {
  if (!promise) {
    return {
      route: null,
      sailingDate: null,
      onwardDate: null,
      cutOffAt: null,
      departsAt: null,
      earliest: null,
      latest: null,
    };
  }
  const [sea, onward] = promise.legs;
  return {
    route: sea.island,
    sailingDate: sea.date,
    onwardDate: onward?.date ?? null,
    cutOffAt: promise.by,
    departsAt: sea.departsAt,
    earliest: promise.earliest,
    latest: promise.latest,
  };
}

/** Whether the customer would be told something new: another sailing or other days. */
export const samePlan = (a: PlannedSailing, b: PlannedSailing) =>
  a.sailingDate === b.sailingDate &&
  a.route === b.route &&
  a.onwardDate === b.onwardDate &&
  a.earliest === b.earliest &&
  a.latest === b.latest;

/** The state a plan of a parcel in `state` is stored with. */
export const planStateOf = (state: ParcelState): PlanState =>
  state.kind === 'held' ? 'held' : state.kind;

/**
 * Whether a stored plan still says what will happen at `now`: it is open, and its sailing has not
 * left (a parcel ready at the depot) or its cut-off has not passed (a booked or held one, whose
 * promise was on that condition). One that no longer stands is planned again: a parcel at the
 * depot whose sailing left without it missed it (its customer is told); the others are simply
 * asked again (server: sailings/storms.ts, the same rule in SQL).
 */
export function planStands(
  plan: { state: PlanState; departsAt: number | null; cutOffAt: number | null },
  now: Date,
): boolean {
  const until = plan.state === 'at-depot' ? plan.departsAt : plan.cutOffAt;
  return (
    (OPEN_PLAN_STATES as readonly string[]).includes(plan.state) &&
    until !== null &&
    until > now.getTime()
  );
}

/** A parcel that reached the door, measured against the latest day it was promised. */
export interface Delivered {
  island: string;
  reference: string;
  promisedLatest: string | null;
  deliveredAt: number;
  reason: string;
}

export interface OnTimeWeek {
  /** The Monday of the week (London) it was delivered in. */
  week: string;
  island: string | null;
  delivered: number;
  onTime: number;
}

/** The London day a parcel reached the door, `yyyy-MM-dd`. */
export const deliveredOn = (at: number) => dayKey(londonTimeOf(at).day);

/** Whether it reached the door within the promise. */
export const onTime = (d: Delivered & { promisedLatest: string }) =>
  deliveredOn(d.deliveredAt) <= d.promisedLatest;

/**
 * The on-time rate per week (Monday first, London) and per route, and over all routes (`island`
 * null) each week; weeks newest first, the routes in the order given. A parcel never promised a
 * day (it sailed before plans were kept) is not counted.
 */
export function onTimeRates(delivered: readonly Delivered[], islands: readonly string[]) {
  const weeks = new Map<string, Map<string | null, OnTimeWeek>>();
  for (const d of delivered) {
    if (d.promisedLatest === null) continue;
    const day = londonTimeOf(d.deliveredAt).day;
    const monday = dayKey(day - (weekdayOf(day) - 1));
    let byIsland = weeks.get(monday);
    if (!byIsland) weeks.set(monday, (byIsland = new Map()));
    for (const key of [null, d.island]) {
      const row = byIsland.get(key) ?? { week: monday, island: key, delivered: 0, onTime: 0 };
      row.delivered += 1;
      if (onTime({ ...d, promisedLatest: d.promisedLatest })) row.onTime += 1;
      byIsland.set(key, row);
    }
  }
  const order = (island: string | null) => (island === null ? -1 : islands.indexOf(island));
  return [...weeks.keys()]
    .sort()
    .reverse()
    .flatMap((week) =>
      [...weeks.get(week)!.values()].sort((a, b) => order(a.island) - order(b.island)),
    );
}
