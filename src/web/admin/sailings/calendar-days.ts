import type {
  CalendarView,
  ClosingDayView,
  ExceptionView,
  RouteView,
  SailingView,
} from '../../../shared/api/sailings';
import { MONTH_NAMES, WEEKDAY_NAMES } from '../../../shared/dates';
import { ISLAND_JURISDICTION, type Jurisdiction } from '../../../shared/sailings/bank-holidays';
import {
  dayKey,
  dayOf,
  londonTimeOf,
  partsOf,
  timeOf,
  weekdayOf,
} from '../../../shared/sailings/london-time';

// The sailings calendar's days for one route (docs/decisions/0050): what each day of the weeks
// shown holds, from GET /api/admin/sailings/calendar.

export interface CalendarDay {
  /** `yyyy-MM-dd`. */
  key: string;
  /** Its sailings (the regular one, changed or cancelled, or an extra one). */
  sailings: SailingView[];
  /** The route's exception named by this day, if any. */
  exception: ExceptionView | null;
  /** The closing days of the depot and of the route's islands that fall on it. */
  closing: ClosingDayView[];
}

/** The closing days that matter to a route: the depot's, its island's and its hub's. */
export function jurisdictionsOf(route: Pick<RouteView, 'Island' | 'Via'>): Jurisdiction[] {
  const own = [ISLAND_JURISDICTION[route.Island]];
  if (route.Via) own.push(ISLAND_JURISDICTION[route.Via]);
  return ['england', ...new Set(own)];
}

/** The calendar's days for `route`, week by week (Monday first). */
export function calendarWeeks(view: CalendarView, route: RouteView): CalendarDay[][] {
  const places = jurisdictionsOf(route);
  const weeks: CalendarDay[][] = [];
  for (let day = dayOf(view.From); day <= dayOf(view.To); day += 1) {
    const key = dayKey(day);
    if (weekdayOf(day) === 1) weeks.push([]);
    weeks[weeks.length - 1].push({
      key,
      sailings: view.Sailings.filter((s) => s.Island === route.Island && s.Date === key),
      exception: view.Exceptions.find((e) => e.Island === route.Island && e.Date === key) ?? null,
      closing: view.ClosingDays.filter((c) => c.Date === key && places.includes(c.Jurisdiction)),
    });
  }
  return weeks;
}

/** `Tuesday 8 December 2026`. */
export function longDay(key: string): string {
  const day = dayOf(key);
  const { year, month, date } = partsOf(day);
  return `${WEEKDAY_NAMES[weekdayOf(day) - 1]} ${date} ${MONTH_NAMES[month - 1]} ${year}`;
}

/** `8 Dec` (`1 Jan 2027` at a year's turn is not needed: the year is in the heading). */
export function shortDay(key: string): string {
  const { month, date } = partsOf(dayOf(key));
  return `${date} ${MONTH_NAMES[month - 1].slice(0, 3)}`;
}

/** An instant's London time, with its weekday when it is not on `key`: `16:00`, `Fri 16:00`. */
export function clockOn(iso: string, key: string): string {
  const at = londonTimeOf(Date.parse(iso));
  const time = timeOf(at.minutes);
  return at.day === dayOf(key)
    ? time
    : `${WEEKDAY_NAMES[weekdayOf(at.day) - 1].slice(0, 3)} ${time}`;
}

/** A place's name as staff read it: `England (the depot)`, `Jersey`. */
export const placeName = (place: Jurisdiction) =>
  place === 'england' ? 'England (the depot)' : place[0].toUpperCase() + place.slice(1);

/** A day's closing days, one line per name: `Christmas Day (England (the depot), Jersey)`. */
export function closingLines(closing: readonly ClosingDayView[]): string[] {
  const byName = new Map<string, string[]>();
  for (const c of closing)
    byName.set(c.Name, [...(byName.get(c.Name) ?? []), placeName(c.Jurisdiction)]);
  return [...byName].map(([name, places]) => `${name} (${places.join(', ')})`);
}
