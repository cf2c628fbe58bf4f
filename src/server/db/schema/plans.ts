import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { PLAN_STATES } from '../../../shared/sailings/plan';
import { users } from './accounts';
import { at } from './columns';
import { orders } from './orders';

/**
 * Each parcel's place on the sailings (docs/decisions/0049): the sailing it is planned on, the
 * arrival it was promised, why it was moved, and, once it sailed, when it reached the door.
 */
export const parcelPlans = pgTable(
  'parcel_plans',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => users.id),
    /** The island it goes to. */
    island: text('island').notNull(),
    /** One of PLAN_STATES: booked, at-depot and held are open (planned); the rest are not. */
    state: text('state', { enum: PLAN_STATES }).notNull(),
    holdReason: text('hold_reason'),
    /** When it entered its state: the first come are the first served. */
    readyAt: at('ready_at').notNull(),
    /** The first leg's route (Jersey or Guernsey) and sailing day; null: no sailing within reach. */
    route: text('route'),
    sailingDate: date('sailing_date', { mode: 'string' }),
    /** The onward leg's sailing day (its route is `island`) for Alderney, Sark and Herm. */
    onwardDate: date('onward_date', { mode: 'string' }),
    cutOffAt: at('cut_off_at'),
    departsAt: at('departs_at'),
    earliest: date('earliest', { mode: 'string' }),
    latest: date('latest', { mode: 'string' }),
    /** Why it is not on the sailing it was first given (the customer reads it); '' when it is. */
    reason: text('reason').notNull().default(''),
    /** What moved it: a `cancelled` or `changed` sailing (by exception), or `missed`. */
    movedBy: text('moved_by'),
    movedFrom: date('moved_from', { mode: 'string' }),
    exceptionId: integer('exception_id'),
    /** The latest day promised when it became ready to sail: the on-time rate's measure. */
    promisedLatest: date('promised_latest', { mode: 'string' }),
    dispatchedAt: at('dispatched_at'),
    deliveredAt: at('delivered_at'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('parcel_plans_sailing_idx').on(t.route, t.sailingDate),
    index('parcel_plans_onward_idx').on(t.island, t.onwardDate),
    index('parcel_plans_customer_idx').on(t.customerId),
    index('parcel_plans_exception_idx').on(t.exceptionId),
    index('parcel_plans_delivered_idx').on(t.deliveredAt),
    check(
      'parcel_plans_state_check',
      sql.raw(`state in (${PLAN_STATES.map((s) => `'${s}'`).join(', ')})`),
    ),
  ],
);

/**
 * What customers are to be told of a change that moved their parcels (docs/decisions/0054): one
 * row per change, written in the change's transaction, so the e-mails are rendered and queued
 * after the commit (one per customer, in one transaction that marks the row told) and a process
 * that dies in between loses nothing: the row waits for the next run.
 */
export const sailingNotices = pgTable(
  'sailing_notices',
  {
    id: serial('id').primaryKey(),
    /** The change's time: the arrival in words is said as of it. */
    at: at('at').notNull(),
    /** The moved parcels in groups of one new plan and one headline (moves.ts `NoticeGroup`). */
    groups: jsonb('groups').notNull(),
    toldAt: at('told_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('sailing_notices_untold_idx')
      .on(t.id)
      .where(sql`${t.toldAt} is null`),
  ],
);
