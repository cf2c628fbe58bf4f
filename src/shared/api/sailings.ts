import { z } from 'zod';
import { ISLANDS } from '../islands';
import { JURISDICTIONS } from '../sailings/bank-holidays';
import { TIME_OF_DAY } from '../sailings/london-time';
import { HOLD_REASONS } from '../sailings/promise';
import { EXCEPTION_KINDS } from '../sailings/timetable';
import { text } from './fields';
import { pathId } from './listing';

/**
 * The timetable's calls (docs/decisions/0048):
 * - staff who may read Sailing (the depot and the office): GET /api/admin/sailings/routes (each
 *   route's weekly pattern, capacity and delivery days) and /calendar (the dated sailings of the
 *   next weeks per route, with the closing days);
 * - staff who may manage Sailing (the office): PUT /routes/{Island}, POST, PUT and DELETE
 *   /exceptions and /closing-days, each change in the audit log;
 * - anyone: GET /public/sailings/promise (when a parcel to an island arrives) and
 *   /public/sailings/book-by (the last moment for a target day).
 */

const island = z.enum(ISLANDS, { error: `must be one of ${ISLANDS.join(', ')}` });
/** A day the timetable can speak of: its bank holidays are known from 2000 to 2099. */
const day = z.iso
  .date('must be a date (yyyy-MM-dd)')
  .refine((d) => d >= '2000-01-01' && d <= '2099-12-31', 'must be a date from 2000 to 2099');
const time = z
  .string({ error: 'must be a time (HH:mm)' })
  .regex(TIME_OF_DAY, 'must be a time (HH:mm)');
const whole = (min: number, max: number) =>
  z
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(min, `must be between ${min} and ${max}`)
    .max(max, `must be between ${min} and ${max}`);

/** When a sailing leaves, its cut-off and its landing, around its day of departure. */
const sailingTimes = {
  Departs: time,
  CutOffDaysBefore: whole(0, 6),
  CutOff: time,
  ArrivesDaysAfter: whole(0, 3),
  Arrives: time,
};

const departureSchema = z.object({ Weekday: whole(1, 7), ...sailingTimes }).strict();

/** GET /routes: one route. */
const routeSchema = z.object({
  Island: island,
  Via: island.nullable(),
  Capacity: z.number(),
  DeliveryDaysMin: z.number(),
  DeliveryDaysMax: z.number(),
  Departures: z.array(departureSchema),
});
export const routesResponse = z.object({ Routes: z.array(routeSchema) });
export type RouteView = z.infer<typeof routeSchema>;

export const islandParams = z.object({ Island: island }).strict();

/** PUT /routes/{Island}: its capacity, delivery days and whole weekly pattern. */
export const updateRouteSchema = z
  .object({
    Capacity: whole(0, 100_000),
    DeliveryDaysMin: whole(0, 10),
    DeliveryDaysMax: whole(0, 10),
    Departures: z.array(departureSchema).max(7, 'must be at most one a weekday'),
  })
  .strict()
  .superRefine((route, ctx) => {
    if (route.DeliveryDaysMax < route.DeliveryDaysMin) {
      ctx.addIssue({
        code: 'custom',
        path: ['DeliveryDaysMax'],
        message: 'must not be less than DeliveryDaysMin',
      });
    }
    const seen = new Set<number>();
    route.Departures.forEach((d, i) => {
      if (seen.has(d.Weekday)) {
        ctx.addIssue({
          code: 'custom',
          path: ['Departures', i, 'Weekday'],
          message: 'must be at most one departure a weekday',
        });
      }
      seen.add(d.Weekday);
    });
  });
export type UpdateRoute = z.infer<typeof updateRouteSchema>;

const REASON_MAX = 200;

/** POST /exceptions and PUT /exceptions/{Id}. */
export const exceptionInputSchema = z
  .object({
    Island: island,
    /** The sailing's day: the regular one it cancels or changes, or the extra one's day. */
    Date: day,
    Kind: z.enum(EXCEPTION_KINDS, { error: `must be one of ${EXCEPTION_KINDS.join(', ')}` }),
    /** What the customer reads: required for a cancelled or changed sailing. */
    Reason: text(REASON_MAX).default(''),
    /** Extra and changed sailings: the day it leaves (an extra one: its Date, when left out). */
    DepartsOn: day.optional(),
    Departs: time.optional(),
    CutOffDaysBefore: whole(0, 6).optional(),
    CutOff: time.optional(),
    ArrivesDaysAfter: whole(0, 3).optional(),
    Arrives: time.optional(),
  })
  .strict()
  .superRefine((e, ctx) => {
    const need = (field: keyof typeof e, message: string) =>
      ctx.addIssue({ code: 'custom', path: [field], message });
    const timeFields = [
      'Departs',
      'CutOffDaysBefore',
      'CutOff',
      'ArrivesDaysAfter',
      'Arrives',
    ] as const;
    if (e.Kind !== 'extra' && e.Reason === '') need('Reason', 'is required: the customer reads it');
    if (e.Kind === 'cancelled') {
      for (const f of ['DepartsOn', ...timeFields] as const) {
        if (e[f] !== undefined) need(f, 'must be left out of a cancelled sailing');
      }
      return;
    }
    if (e.Kind === 'changed' && e.DepartsOn === undefined) need('DepartsOn', 'is required');
    for (const f of timeFields) if (e[f] === undefined) need(f, 'is required');
    if (e.DepartsOn !== undefined && e.DepartsOn < e.Date && e.Kind === 'extra') {
      need('DepartsOn', 'must be the Date of an extra sailing');
    }
  });
export type ExceptionInput = z.infer<typeof exceptionInputSchema>;

const exceptionSchema = z.object({
  Id: z.number(),
  Island: island,
  Date: z.string(),
  Kind: z.enum(EXCEPTION_KINDS),
  Reason: z.string(),
  DepartsOn: z.string().nullable(),
  Departs: z.string().nullable(),
  CutOffDaysBefore: z.number().nullable(),
  CutOff: z.string().nullable(),
  ArrivesDaysAfter: z.number().nullable(),
  Arrives: z.string().nullable(),
});
export const exceptionResponse = exceptionSchema;
export type ExceptionView = z.infer<typeof exceptionSchema>;

export const idParams = z.object({ Id: pathId }).strict();

const jurisdiction = z.enum(JURISDICTIONS, { error: `must be one of ${JURISDICTIONS.join(', ')}` });

/** POST /closing-days and PUT /closing-days/{Id}. */
export const closingDayInputSchema = z
  .object({ Jurisdiction: jurisdiction, Date: day, Name: text(100).min(1, 'is required') })
  .strict();
export type ClosingDayInput = z.infer<typeof closingDayInputSchema>;

const closingDaySchema = z.object({
  Id: z.number(),
  Jurisdiction: jurisdiction,
  Date: z.string(),
  Name: z.string(),
});
export const closingDayResponse = closingDaySchema;
export type ClosingDayView = z.infer<typeof closingDaySchema>;

/** GET /closing-days?From=&To=: the days between, both included (a year at most). */
export const closingDaysQuery = z
  .object({ From: day, To: day })
  .strict()
  .refine((q) => q.To >= q.From, { path: ['To'], message: 'must not be before From' });
export const closingDaysResponse = z.object({ ClosingDays: z.array(closingDaySchema) });

/** GET /calendar?From=&Weeks=: the dated sailings of each route from From's week. */
export const calendarQuery = z
  .object({
    From: day.optional(),
    Weeks: z.coerce
      .number({ error: 'must be a whole number' })
      .int('must be a whole number')
      .min(1, 'must be between 1 and 12')
      .max(12, 'must be between 1 and 12')
      .default(4),
  })
  .strict();

const sailingSchema = z.object({
  Island: island,
  Date: z.string(),
  Status: z.enum(['scheduled', ...EXCEPTION_KINDS]),
  Reason: z.string(),
  /** ISO instants. */
  CutOffAt: z.string(),
  DepartsAt: z.string(),
  ArrivesAt: z.string(),
  Capacity: z.number(),
});
export type SailingView = z.infer<typeof sailingSchema>;

export const calendarResponse = z.object({
  /** yyyy-MM-dd: the Monday the calendar starts, and the Sunday it ends. */
  From: z.string(),
  To: z.string(),
  Sailings: z.array(sailingSchema),
  Exceptions: z.array(exceptionSchema),
  ClosingDays: z.array(closingDaySchema),
});
export type CalendarView = z.infer<typeof calendarResponse>;

/** GET /public/sailings/promise?Island=&State=&HoldReason= */
export const promiseQuery = z
  .object({
    Island: island,
    State: z
      .enum(['booked', 'at-depot', 'held'], { error: 'must be one of booked, at-depot, held' })
      .default('booked'),
    HoldReason: z
      .enum(HOLD_REASONS, { error: `must be one of ${HOLD_REASONS.join(', ')}` })
      .optional(),
  })
  .strict()
  .superRefine((q, ctx) => {
    if (q.State === 'held' && !q.HoldReason) {
      ctx.addIssue({
        code: 'custom',
        path: ['HoldReason'],
        message: 'is required for a held parcel',
      });
    }
    if (q.State !== 'held' && q.HoldReason) {
      ctx.addIssue({ code: 'custom', path: ['HoldReason'], message: 'is only for a held parcel' });
    }
  });
export type PromiseQuery = z.infer<typeof promiseQuery>;

export const promiseResponse = z.object({
  Island: island,
  /** False when no sailing with room leaves within the timetable's reach. */
  Known: z.boolean(),
  /** ISO instant: the cut-off the parcel (or the end of its hold) must meet. */
  By: z.string().nullable(),
  /** yyyy-MM-dd: the first and last day at the door. */
  Earliest: z.string().nullable(),
  Latest: z.string().nullable(),
  Sailings: z.array(sailingSchema),
  /** The sentence a customer reads. */
  Words: z.string(),
});
export type PromiseView = z.infer<typeof promiseResponse>;

/** GET /public/sailings/book-by?Island=&Target=: the last moment for a day (Christmas Eve). */
export const bookByQuery = z.object({ Island: island, Target: day }).strict();
export const bookByResponse = z.object({
  Island: island,
  Target: z.string(),
  /** ISO instant, or null when it is too late or out of the timetable's reach. */
  By: z.string().nullable(),
  Words: z.string(),
});

export const SAILING_MESSAGES = {
  noSuchException: 'There is no such exception.',
  noSuchClosingDay: 'There is no such closing day.',
  exceptionTaken: 'The route already has an exception on that day: change that one.',
  closingDayTaken: 'That day is already a closing day there.',
  noRegularSailing: 'has no sailing of the route that day',
} as const;
