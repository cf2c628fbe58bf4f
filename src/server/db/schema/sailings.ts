import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { JURISDICTIONS } from '../../../shared/sailings/bank-holidays';
import { EXCEPTION_KINDS } from '../../../shared/sailings/timetable';
import { users } from './accounts';
import { timestamps } from './columns';

/**
 * The timetable of the sea routes (docs/decisions/0048): what `src/shared/sailings/timetable.ts`
 * reads as a `Timetable`. Times of day are `HH:mm` text in London's time, days `date`s.
 */

const inList = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(', ')})`);

/** One route per island: Portsmouth to Jersey and Guernsey, onward from Guernsey to the rest. */
export const sailingRoutes = pgTable(
  'sailing_routes',
  {
    island: text('island').primaryKey(),
    /** The island an onward leg leaves from, or null for a sailing from Portsmouth. */
    via: text('via'),
    /** Parcels one sailing takes. */
    capacity: integer('capacity').notNull(),
    deliveryDaysMin: integer('delivery_days_min').notNull(),
    deliveryDaysMax: integer('delivery_days_max').notNull(),
    ...timestamps,
  },
  (t) => [
    check('sailing_routes_capacity_check', sql`${t.capacity} >= 0`),
    check(
      'sailing_routes_delivery_days_check',
      sql`${t.deliveryDaysMin} >= 0 and ${t.deliveryDaysMax} >= ${t.deliveryDaysMin}`,
    ),
  ],
);

/** The weekly pattern: at most one departure a weekday per route (ISO weekday, Monday 1). */
export const sailingDepartures = pgTable(
  'sailing_departures',
  {
    id: serial('id').primaryKey(),
    island: text('island')
      .notNull()
      .references(() => sailingRoutes.island, { onDelete: 'cascade' }),
    weekday: integer('weekday').notNull(),
    departs: text('departs').notNull(),
    cutOffDaysBefore: integer('cut_off_days_before').notNull(),
    cutOff: text('cut_off').notNull(),
    arrivesDaysAfter: integer('arrives_days_after').notNull(),
    arrives: text('arrives').notNull(),
  },
  (t) => [
    uniqueIndex('sailing_departures_island_weekday_idx').on(t.island, t.weekday),
    check('sailing_departures_weekday_check', sql`${t.weekday} between 1 and 7`),
  ],
);

/**
 * Dated exceptions: an extra sailing, a cancelled one, a changed one (a delay, a new time), named
 * by the day of the sailing; the reason is what the customer reads. One per route and day.
 */
export const sailingExceptions = pgTable(
  'sailing_exceptions',
  {
    id: serial('id').primaryKey(),
    island: text('island')
      .notNull()
      .references(() => sailingRoutes.island, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    kind: text('kind', { enum: EXCEPTION_KINDS }).notNull(),
    reason: text('reason').notNull().default(''),
    /** Extra and changed sailings: the day it leaves and its times; null when cancelled. */
    departsOn: date('departs_on', { mode: 'string' }),
    departs: text('departs'),
    cutOffDaysBefore: integer('cut_off_days_before'),
    cutOff: text('cut_off'),
    arrivesDaysAfter: integer('arrives_days_after'),
    arrives: text('arrives'),
    createdBy: integer('created_by').references(() => users.id),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('sailing_exceptions_island_date_idx').on(t.island, t.date),
    index('sailing_exceptions_date_idx').on(t.date),
    check('sailing_exceptions_kind_check', inList('kind', EXCEPTION_KINDS)),
    check(
      'sailing_exceptions_times_check',
      sql`(${t.kind} = 'cancelled') = (${t.departsOn} is null)`,
    ),
  ],
);

/** The days the depot (england) or an island is closed, besides weekends. */
export const closingDays = pgTable(
  'closing_days',
  {
    id: serial('id').primaryKey(),
    jurisdiction: text('jurisdiction', { enum: JURISDICTIONS }).notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    name: text('name').notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('closing_days_jurisdiction_date_idx').on(t.jurisdiction, t.date),
    index('closing_days_date_idx').on(t.date),
    check('closing_days_jurisdiction_check', inList('jurisdiction', JURISDICTIONS)),
  ],
);
