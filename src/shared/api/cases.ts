import { z } from 'zod';
import { CASE_KINDS, DISPUTE_MESSAGE_RULES, DISPUTE_OUTCOMES } from '../disputes';
import { MISSING_DESCRIPTION_RULES } from '../missing-items';
import { cleanString } from '../validation/clean-text';
import { withRules } from '../validation/zod-rules';

/**
 * Missing-items cases (decision 0020): POST /public/orders/missing/{Id} opens one on a dispatched
 * or delivered order. A case has its own status beside the order's (decision 0012): Open when the
 * customer reports, Answered when the office has replied, Resolved when it is closed (decision
 * 0018).
 */

export const CASE_STATUSES = ['Open', 'Answered', 'Resolved'] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];

/** POST /public/orders/missing/{Id}: what is missing, in the customer's words. */
export const missingItemsRequest = z
  .object({
    Description: withRules(cleanString({ lines: true }).trim(), MISSING_DESCRIPTION_RULES),
  })
  .strict();
export type MissingItemsRequest = z.input<typeof missingItemsRequest>;

/** POST /public/orders/dispute/{Id} (an invoice's id): why the customer disputes it. */
export const disputeRequest = z
  .object({
    Message: withRules(cleanString({ lines: true }).trim(), DISPUTE_MESSAGE_RULES),
  })
  .strict();
export type DisputeRequest = z.input<typeof disputeRequest>;

export const caseMessageSchema = z.object({
  /** `customer` or `staff`. */
  From: z.enum(['customer', 'staff']),
  Body: z.string(),
  At: z.string(),
});

export const orderCaseSchema = z.object({
  Id: z.number().int(),
  /** `CASE-000001`. */
  Reference: z.string(),
  OrderId: z.number().int(),
  Status: z.enum(CASE_STATUSES),
  Description: z.string(),
  Messages: z.array(caseMessageSchema),
  Created: z.string(),
  Updated: z.string(),
  /** `missing-items`, or `dispute` of an excess-carriage invoice (decision 0038). */
  Kind: z.enum(CASE_KINDS),
  /** A dispute's invoice and where it stands; null for missing items. */
  Dispute: z
    .object({
      InvoiceId: z.number().int(),
      InvoiceReference: z.string(),
      /** The staff's decision, once made: `upheld`, `reduced` or `cancelled`. */
      Outcome: z.enum(DISPUTE_OUTCOMES).nullable(),
      /** By when staff should decide it (the `DisputeDecideDays` setting); null once decided. */
      DecideBy: z.string().nullable(),
      /** What the invoice came to after the decision, pounds (0 when cancelled). */
      Amount: z.number().nullable(),
      /** The staff's re-measure (grams, mm), if they measured again. */
      Remeasured: z
        .object({
          Weight: z.number().int(),
          Length: z.number().int(),
          Width: z.number().int(),
          Height: z.number().int(),
          At: z.string(),
        })
        .nullable(),
    })
    .nullable(),
});
export type OrderCase = z.infer<typeof orderCaseSchema>;
