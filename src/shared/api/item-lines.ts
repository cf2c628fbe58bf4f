import { z } from 'zod';
import { DETAILS_RULES } from '../booking-steps';
import { ITEM_LINE_MESSAGES, ITEM_LINE_RULES, normaliseCommodityCode } from '../item-lines';
import { ITEM_LINE_LIMITS } from '../item-lines-value';
import { MESSAGES } from '../validation/messages';
import { withRules } from '../validation/zod-rules';
import { pathId } from './listing';
import { text } from './fields';

/**
 * Item lines on the API (decision 0040; rules in src/shared/item-lines.ts): the booking's
 * `ItemLines` (POST /public/orders/create), the order's page (GET /public/orders/{Id}) and the
 * depot's corrections at receipt:
 * - GET /api/admin/depot/orders/{Id}/item-lines: an order's lines, its declared value and
 *   whether they add up.
 * - PUT /api/admin/depot/orders/{Id}/item-lines: the lines as they now are (all of them, in
 *   order) and, optionally, the declared value as the retailer's invoice shows it; the lines must
 *   add up to the declared value. Each change is in the audit log.
 */

const itemLineSchema = z
  .object({
    Description: withRules(text(ITEM_LINE_LIMITS.description), ITEM_LINE_RULES.Description),
    Quantity: withRules(
      z.number({ error: MESSAGES.positiveWholeNumber }),
      ITEM_LINE_RULES.Quantity,
    ),
    ValueEach: withRules(z.number({ error: MESSAGES.greaterThanZero }), ITEM_LINE_RULES.ValueEach),
    Origin: withRules(text(10), ITEM_LINE_RULES.Origin).transform((v) => v.toUpperCase()),
    CommodityCode: withRules(text(20).default(''), ITEM_LINE_RULES.CommodityCode).transform(
      normaliseCommodityCode,
    ),
  })
  .strict();
export type ItemLineInput = z.input<typeof itemLineSchema>;

export const itemLinesSchema = z
  .array(itemLineSchema, { error: 'must be a list of item lines' })
  .max(ITEM_LINE_LIMITS.lines, ITEM_LINE_MESSAGES.tooMany);

/** A stored line as answered: the values given, and what the line is worth. */
export const itemLineResponse = z.object({
  Description: z.string(),
  Quantity: z.number().int(),
  ValueEach: z.number(),
  Origin: z.string(),
  CommodityCode: z.string(),
  /** Quantity times ValueEach, in pounds. */
  Total: z.number(),
});
export type ItemLineView = z.infer<typeof itemLineResponse>;

export const orderItemLinesParams = z.object({ Id: pathId }).strict();

/** PUT /api/admin/depot/orders/{Id}/item-lines. */
export const updateItemLinesSchema = z
  .object({
    ItemLines: itemLinesSchema.min(1, 'Enter at least one item line'),
    /** The declared value corrected from the retailer's invoice, pounds; absent: unchanged. */
    ItemValue: withRules(
      z.number({ error: MESSAGES.greaterThanZero }),
      DETAILS_RULES.ItemValue,
    ).optional(),
  })
  .strict();
export type UpdateItemLines = z.input<typeof updateItemLinesSchema>;

/** The answer of both depot calls. */
export const orderItemLinesResponse = z.object({
  OrderId: z.number().int(),
  Reference: z.string(),
  ItemDescription: z.string(),
  /** The declared value of the goods, pounds. */
  ItemValue: z.number(),
  ItemLines: z.array(itemLineResponse),
  /** The lines' total, pounds. */
  LinesTotal: z.number(),
  /** Why the lines do not fit the declared value, or null (no lines, or they add up). */
  Mismatch: z.string().nullable(),
});
export type OrderItemLines = z.infer<typeof orderItemLinesResponse>;
