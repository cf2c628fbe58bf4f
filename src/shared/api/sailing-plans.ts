import { z } from 'zod';
import { ISLANDS } from '../islands';

/**
 * What the sailings' plan answers (docs/decisions/0049): a parcel's arrival as the tracking page,
 * the order page and My Account show it, with the sailing it takes and why it moved; the office's
 * backlog per route; the on-time rate.
 */

/** A parcel's arrival: the promise stored for it (or, before it has one, asked now). */
export const arrivalSchema = z.object({
  Earliest: z.string().nullable(),
  Latest: z.string().nullable(),
  Words: z.string(),
  /** `yyyy-MM-dd`: the sailing from Portsmouth it is planned on; null when none within reach. */
  Sailing: z.string().nullable(),
  /** Why it is not on the sailing it was first given: the sailing, what happened, the reason. */
  Moved: z
    .object({
      From: z.string(),
      By: z.enum(['cancelled', 'changed', 'missed']),
      Reason: z.string(),
    })
    .nullable(),
});
export type ArrivalView = z.infer<typeof arrivalSchema>;

/** An order whose parcel was moved to another sailing, for My Account's "what needs you now". */
export const movedParcelSchema = z.object({
  Id: z.number(),
  Reference: z.string(),
  Arrival: arrivalSchema,
});

const backlogParcelSchema = z.object({
  OrderId: z.number(),
  Reference: z.string(),
  Island: z.string(),
  State: z.enum(['booked', 'at-depot', 'held']),
  WeightGrams: z.number().nullable(),
  VolumeCm3: z.number().nullable(),
  Earliest: z.string().nullable(),
  Latest: z.string().nullable(),
});

const backlogSailingSchema = z.object({
  Date: z.string(),
  Status: z.string(),
  Reason: z.string(),
  CutOffAt: z.string(),
  DepartsAt: z.string(),
  Capacity: z.number(),
  /** Parcels ready at the depot planned on it (they take its room). */
  Planned: z.number(),
  WeightGrams: z.number(),
  VolumeCm3: z.number(),
  /** Every parcel planned on it: ready ones, then booked and held ones (promised, not counted). */
  Parcels: z.array(backlogParcelSchema),
});

/** GET /api/admin/sailings/backlog: each route's waiting parcels against its sailings. */
export const backlogResponse = z.object({
  Routes: z.array(
    z.object({
      Island: z.enum(ISLANDS),
      Capacity: z.number(),
      /** Parcels waiting (planned and ready at the depot), their weight and size. */
      Waiting: z.number(),
      WeightGrams: z.number(),
      VolumeCm3: z.number(),
      /** Open parcels with no sailing within the timetable's reach. */
      Unplanned: z.number(),
      Sailings: z.array(backlogSailingSchema),
    }),
  ),
});
export type Backlog = z.infer<typeof backlogResponse>;

/** GET /api/admin/sailings/on-time. */
export const onTimeQuery = z
  .object({
    Weeks: z.coerce
      .number({ error: 'must be a whole number' })
      .int('must be a whole number')
      .min(1, 'must be between 1 and 52')
      .max(52, 'must be between 1 and 52')
      .default(8),
  })
  .strict();

export const onTimeResponse = z.object({
  From: z.string(),
  Weeks: z.array(
    z.object({
      Week: z.string(),
      /** null: every route together. */
      Island: z.string().nullable(),
      Delivered: z.number(),
      OnTime: z.number(),
      /** OnTime / Delivered, 0 to 1. */
      Rate: z.number(),
    }),
  ),
  Late: z.array(
    z.object({
      Reference: z.string(),
      Island: z.string(),
      Promised: z.string(),
      Delivered: z.string(),
      Reason: z.string(),
    }),
  ),
});
