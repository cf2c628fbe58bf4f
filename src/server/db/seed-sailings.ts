import { ISLANDS, type Island } from '../../shared/islands';
import { bankHolidays, JURISDICTIONS } from '../../shared/sailings/bank-holidays';
import type { SailingRoute, SailingTimes } from '../../shared/sailings/timetable';
import type { Db } from './client';
import { closingDays, sailingDepartures, sailingRoutes } from './schema';

/**
 * The first timetable (docs/decisions/0048), which the office then edits: freight sailings from
 * Portsmouth to Jersey and Guernsey every weekday night (the depot's 4pm cut-off, landing early
 * next morning), and the onward boats from St Peter Port on their own days. The closing days are
 * the bank holidays of England and of each island, computed for the years below.
 */

const WEEKDAYS = [1, 2, 3, 4, 5];
const on = (weekdays: number[], times: SailingTimes) =>
  weekdays.map((weekday) => ({ weekday, ...times }));
const overnight = (departs: string, arrives: string): SailingTimes => ({
  departs,
  cutOffDaysBefore: 0,
  cutOff: '16:00',
  arrivesDaysAfter: 1,
  arrives,
});
const onward = (departs: string, cutOff: string, arrives: string): SailingTimes => ({
  departs,
  cutOffDaysBefore: 0,
  cutOff,
  arrivesDaysAfter: 0,
  arrives,
});

const SEED_ROUTES: Readonly<Record<Island, SailingRoute>> = {
  Jersey: {
    island: 'Jersey',
    via: null,
    capacity: 400,
    deliveryDaysMin: 1,
    deliveryDaysMax: 2,
    departures: on(WEEKDAYS, overnight('21:00', '07:00')),
  },
  Guernsey: {
    island: 'Guernsey',
    via: null,
    capacity: 400,
    deliveryDaysMin: 1,
    deliveryDaysMax: 2,
    departures: on(WEEKDAYS, overnight('21:30', '06:30')),
  },
  Alderney: {
    island: 'Alderney',
    via: 'Guernsey',
    capacity: 60,
    deliveryDaysMin: 1,
    deliveryDaysMax: 2,
    departures: on([1, 3, 5], onward('10:00', '08:00', '12:00')),
  },
  Sark: {
    island: 'Sark',
    via: 'Guernsey',
    capacity: 40,
    deliveryDaysMin: 1,
    deliveryDaysMax: 2,
    departures: on(WEEKDAYS, onward('11:00', '09:00', '12:00')),
  },
  Herm: {
    island: 'Herm',
    via: 'Guernsey',
    capacity: 20,
    deliveryDaysMin: 0,
    deliveryDaysMax: 1,
    departures: on([2, 4], onward('10:30', '08:30', '11:00')),
  },
};

/** The years whose bank holidays are seeded as closing days. */
const SEEDED_YEARS = [2026, 2027, 2028];

/**
 * Inserts the routes with their weekly pattern (seed key `sailing-routes`) and each year's closing
 * days (`closing-days:<year>`), each group once ever, as `firstTime` says (db/seed.ts).
 */
export async function seedSailings(
  tx: Pick<Db, 'insert'>,
  firstTime: (key: string) => Promise<boolean>,
) {
  let inserted = 0;
  if (await firstTime('sailing-routes')) {
    for (const island of ISLANDS) {
      const { departures, ...route } = SEED_ROUTES[island];
      inserted += (await tx.insert(sailingRoutes).values(route).onConflictDoNothing().returning())
        .length;
      const rows = departures.map((d) => ({ island, ...d }));
      await tx.insert(sailingDepartures).values(rows).onConflictDoNothing();
    }
  }
  for (const year of SEEDED_YEARS) {
    if (!(await firstTime(`closing-days:${year}`))) continue;
    const rows = JURISDICTIONS.flatMap((jurisdiction) =>
      bankHolidays(jurisdiction, year).map((h) => ({ jurisdiction, ...h })),
    );
    inserted += (await tx.insert(closingDays).values(rows).onConflictDoNothing().returning())
      .length;
  }
  return inserted;
}
