import { z } from 'zod';
import { discountCode } from './fields';

/**
 * GET /public/promotions/{Code}: where the discount code a promotion page names stands now, for
 * anyone (docs/decisions/0033). Only the codes the built site's pages promote are answered (any
 * other is a 404, so the call tells nobody which other codes exist). The code's terms come only
 * while it can be used: before its first day, after its last, or once the office has disabled it,
 * the answer says so and no more.
 */

const PROMOTION_STATES = ['upcoming', 'active', 'ended', 'unavailable'] as const;

export const promotionParams = z
  .object({
    Code: discountCode(),
  })
  .strict();

export const promotionSchema = z.object({
  Code: z.string(),
  State: z.enum(PROMOTION_STATES),
  /** While active: what it takes off (`10% off`, `£5.00 off`), else null. */
  Discount: z.string().nullable(),
  /** While active: its first and last day (`yyyy-MM-dd`, UK), else null (none: no limit). */
  From: z.string().nullable(),
  To: z.string().nullable(),
});
export type Promotion = z.infer<typeof promotionSchema>;
