import { z } from 'zod';
import { CARRIER_IDS } from '../carriers';
import { CONSIGNMENT_STATUSES } from '../consolidation';
import { ORDER_STATUSES } from '../order-status';
import { DEPOT_LIMITS, measuredFields } from './depot';
import { recordId, text } from './fields';
import { invoiceSchema } from './orders';

/**
 * Consolidation (docs/decisions/0041). Money in pounds, sizes in mm, weights in grams.
 *
 * The customer's calls, under /public/consolidation (their own bookings only):
 * - GET  /: the bookings that could go together (by island) and their consolidations.
 * - POST /estimate: the price of one crossing for the chosen bookings, less what was paid, plus
 *   the repacking charge.
 * - POST /create: asks for it. POST /cancel/{Id}: cancels it until repacking starts.
 * - POST /leaveout/{Id}: a late parcel's booking goes on its own; the rest go without it.
 *
 * The depot's and office's, under /api/admin:
 * - GET  /depot/consignments?state=open|dispatched|cancelled, GET /depot/consignments/{Id}.
 * - POST /depot/consignments/{Id}/repack, /measure, /dispatch.
 * - POST /consignments/{Id}/reverse: the office reverses the difference (refund or invoice).
 */

const id = recordId();

export const consolidationChoiceSchema = z
  .object({
    OrderIds: z
      .array(id, { error: 'Choose the bookings to ship together' })
      .min(2, 'Choose two or more bookings to ship together.')
      .max(50, 'at most 50 bookings at once')
      .refine((ids) => new Set(ids).size === ids.length, 'A booking is chosen twice.'),
  })
  .strict();

const bandSchema = z.object({ Id: z.number().int(), Code: z.string(), Name: z.string() });

export const consolidationEstimateSchema = z.object({
  /** The band of one crossing for the combined box. */
  Band: bandSchema,
  Crossing: z.number(),
  Repacking: z.number(),
  Paid: z.number(),
  /** Crossing + Repacking − Paid: below 0 comes back to the customer, above 0 is invoiced. */
  Difference: z.number(),
});
export type ConsolidationEstimate = z.infer<typeof consolidationEstimateSchema>;

const consolidationBookingSchema = z.object({
  OrderId: z.number().int(),
  Reference: z.string(),
  Status: z.enum(ORDER_STATUSES),
  Island: z.string(),
  Description: z.string(),
  RetailerName: z.string(),
  Band: z.string().nullable(),
  /** Paid for its carriage. */
  Paid: z.number(),
  /** Its parcel is at the depot. */
  Arrived: z.boolean(),
  /** Its parcel is late (the MissingParcelDays setting): the customer may let the rest go. */
  Late: z.boolean(),
  /** It was left out (went on its own) after its parcel was late. */
  LeftOut: z.boolean(),
});
export type ConsolidationBooking = z.infer<typeof consolidationBookingSchema>;

export const consignmentSchema = z.object({
  Id: z.number().int(),
  Reference: z.string(),
  Status: z.enum(CONSIGNMENT_STATUSES),
  Island: z.string(),
  Requested: z.string(),
  Bookings: z.array(consolidationBookingSchema),
  /** The estimate when it was asked for. */
  Estimate: consolidationEstimateSchema.nullable(),
  /** The repacked box as measured (grams and mm), once measured. */
  Box: z
    .object({
      Weight: z.number().int(),
      Length: z.number().int(),
      Width: z.number().int(),
      Height: z.number().int(),
    })
    .nullable(),
  /** The price of the measured box, once measured. */
  Final: consolidationEstimateSchema.nullable(),
  Carrier: z.enum(CARRIER_IDS).nullable(),
  TrackingNumber: z.string(),
  TrackingUrl: z.string().nullable(),
  Dispatched: z.string().nullable(),
  /** Given back through the payment provider for the difference (succeeded so far). */
  Refunded: z.number(),
  /** Still waiting for the provider's answer. */
  RefundPending: z.number(),
  Invoice: invoiceSchema.nullable(),
  Reversed: z.string().nullable(),
  CanCancel: z.boolean(),
  Cancelled: z.string().nullable(),
});
export type Consignment = z.infer<typeof consignmentSchema>;

export const consolidationOverviewResponse = z.object({
  /** Bookings that could go together, by island (two or more each). */
  Eligible: z.array(
    z.object({ Island: z.string(), Bookings: z.array(consolidationBookingSchema) }),
  ),
  Consolidations: z.array(consignmentSchema),
  /** The catalogue's repacking charge. */
  Repacking: z.number(),
  MissingParcelDays: z.number().int(),
});
export type ConsolidationOverview = z.infer<typeof consolidationOverviewResponse>;

export const leaveOutSchema = z.object({ OrderId: id }).strict();

// --- the depot ---------------------------------------------------------------------------------

const CONSIGNMENT_LISTS = ['open', 'dispatched', 'cancelled'] as const;

export const consignmentsQuery = z
  .object({
    state: z
      .enum(CONSIGNMENT_LISTS, { error: `must be one of ${CONSIGNMENT_LISTS.join(', ')}` })
      .default('open'),
    page: z.coerce
      .number({ error: 'must be a whole number' })
      .int('must be a whole number')
      .min(1, 'must be 1 or more')
      .default(1),
    itemsPerPage: z.coerce
      .number({ error: 'must be a whole number' })
      .int('must be a whole number')
      .min(1, 'must be between 1 and 100')
      .max(100, 'must be between 1 and 100')
      .default(50),
  })
  .strict();

export const staffConsignmentSchema = consignmentSchema.extend({
  Customer: z.object({ Id: z.number().int(), Name: z.string(), Reference: z.string() }),
  /** Bookings whose parcel is in, and those still awaited. */
  Arrived: z.number().int(),
  Awaited: z.number().int(),
  /** A parcel is late: the customer was asked whether the rest should go without it. */
  LateAsked: z.string().nullable(),
});
export type StaffConsignment = z.infer<typeof staffConsignmentSchema>;

export const consignmentsResponse = z.object({
  items: z.array(staffConsignmentSchema),
  total: z.number().int(),
  page: z.number().int(),
  itemsPerPage: z.number().int(),
});

export const measureBoxSchema = z.object(measuredFields).strict();
export type MeasureBoxRequest = z.input<typeof measureBoxSchema>;

export const dispatchConsignmentSchema = z
  .object({
    SailingDate: z.iso.date('must be a date (yyyy-MM-dd)'),
    Carrier: z.enum(CARRIER_IDS, { error: `must be one of ${CARRIER_IDS.join(', ')}` }),
    TrackingNumber: text(DEPOT_LIMITS.trackingNumber).min(1, 'Enter the tracking number'),
  })
  .strict();
export type DispatchConsignmentRequest = z.input<typeof dispatchConsignmentSchema>;

export const reverseSchema = z
  .object({ Reason: text(500).min(1, 'Enter the reason for the reversal') })
  .strict();
