import { z } from 'zod';
import { STORAGE_PHASES, type StorageClock } from '../storage';

// The storage clock's answer, apart from the rules and its type (../storage.ts) that the customer's
// screens use without zod.

/** A parcel's clock as the customer's and the staff's screens show it (../storage.ts). */
export const storageClockSchema = z.object({
  /** Whole days since it arrived. */
  Days: z.number().int(),
  Phase: z.enum(STORAGE_PHASES),
  /** When the daily charge starts, and when it may be treated as abandoned (ISO 8601). */
  ChargesFrom: z.string(),
  AbandonableFrom: z.string(),
  /** Days charged so far, and their charge in pounds. */
  ChargedDays: z.number().int(),
  Charge: z.number(),
  /** The daily charge, in pounds. */
  ChargePerDay: z.number(),
}) satisfies z.ZodType<StorageClock>;
