import { z } from 'zod';
import { ORDER_STATUSES } from '../order-status';
import { CASE_STATUSES } from './cases';
import { DISPUTE_DECISIONS } from '../disputes';
import { DEPOT_LIMITS, photoUploadSchema, positive } from './depot';
import { multilineText } from './fields';
import { listResponse } from './listing';
import { invoiceSchema } from './orders';
import { amountSchema, officeCaseSchema, paging, refundSchema, required } from './office';

/**
 * The office's cases (decision 0018): missing items and disputed invoices (decision 0038), under
 * /api/admin (`manage Case`), as src/server/modules/office/case-actions.ts acts on them. The rest
 * of the office's API is in office.ts.
 */

// --- cases ---------------------------------------------------------------------------------------

export const officeCasesQuery = z
  .object({
    status: z
      .enum(CASE_STATUSES, { error: `must be one of ${CASE_STATUSES.join(', ')}` })
      .optional(),
    ...paging,
  })
  .strict();
export const officeCasesResponse = listResponse(officeCaseSchema);

/** GET /cases/{Id}: a case with what may still be refunded on its order, and its refunds. */
export const officeCaseDetailResponse = z.object({
  Case: officeCaseSchema,
  OrderStatus: z.enum(ORDER_STATUSES),
  /** What may be refunded on the case's order now, in pounds. */
  Refundable: z.number(),
  Refunds: z.array(refundSchema),
  /**
   * A disputed invoice's evidence (decision 0038): the band booked beside the size and weight the
   * depot measured on arrival (and again, if re-measured), with the photos; null for missing
   * items.
   */
  Evidence: z
    .object({
      Invoice: invoiceSchema,
      /** The band booked (its box in mm, weight limit in grams); null for a priced booking. */
      Booked: z
        .object({
          Code: z.string(),
          Name: z.string(),
          Length: z.number().int(),
          Width: z.number().int(),
          Height: z.number().int(),
          MaxWeight: z.number().int(),
        })
        .nullable(),
      /** What was paid for carriage at checkout, pounds. */
      PaidForCarriage: z.number(),
      /** As measured on arrival: grams and mm. */
      Measured: z
        .object({
          Weight: z.number().int(),
          Length: z.number().int(),
          Width: z.number().int(),
          Height: z.number().int(),
        })
        .nullable(),
      /** GET /api/admin/depot/photos/{Id}: taken on arrival, or at the re-measure. */
      Photos: z.array(
        z.object({ Id: z.number().int(), Taken: z.string(), Remeasure: z.boolean() }),
      ),
      /** What the excess rule makes of the re-measure: the invoice it would be, pounds. */
      Suggested: z
        .object({ Amount: z.number(), Band: z.string().nullable(), Note: z.string() })
        .nullable(),
    })
    .nullable(),
});
export type OfficeCaseDetail = z.infer<typeof officeCaseDetailResponse>;

/** POST /cases/{Id}/remeasure: the disputed parcel measured again, with new photos. */
export const remeasureSchema = z
  .object({
    WeightKg: positive('kg', DEPOT_LIMITS.weightKg),
    LengthCm: positive('cm', DEPOT_LIMITS.sideCm),
    WidthCm: positive('cm', DEPOT_LIMITS.sideCm),
    HeightCm: positive('cm', DEPOT_LIMITS.sideCm),
    Photos: z
      .array(photoUploadSchema)
      .max(DEPOT_LIMITS.photos, `at most ${DEPOT_LIMITS.photos} photos`)
      .default([]),
  })
  .strict();
export type RemeasureRequest = z.input<typeof remeasureSchema>;

/** POST /cases/{Id}/decide: uphold, reduce (to Amount, pounds) or cancel the disputed invoice. */
export const decideDisputeSchema = z
  .object({
    Decision: z.enum(DISPUTE_DECISIONS, {
      error: `must be one of ${DISPUTE_DECISIONS.join(', ')}`,
    }),
    Amount: amountSchema.optional(),
    /** What the customer is told beside the decision (optional). */
    Message: multilineText(4000).default(''),
  })
  .strict();
export type DecideDisputeRequest = z.input<typeof decideDisputeSchema>;

export const caseReplySchema = z.object({ Message: required(4000, 'Write the reply') }).strict();
export const resolveCaseSchema = z
  .object({
    /** What the customer is told (optional: a standard sentence otherwise). */
    Message: multilineText(4000).default(''),
    /** Money given back on the case's order, in pounds. */
    Refund: amountSchema.optional(),
  })
  .strict();
