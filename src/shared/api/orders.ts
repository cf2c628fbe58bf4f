import { z } from 'zod';
import { ISLANDS } from '../islands';
import { DETAILS_RULES, MAX_SIDE_CM, MAX_WEIGHT_KG, QUOTE_RULES } from '../booking-steps';
import { ORDER_STATUSES } from '../order-status';
import { MESSAGES } from '../validation/messages';
import { withRules } from '../validation/zod-rules';
import { cleanString } from '../validation/clean-text';

/**
 * The API contract of orders (issue 6 so far: POST /public/orders/createquote, and the
 * customer's list POST /public/orders). Field rules are the booking forms' (src/shared/
 * booking-steps.ts), never restated; sizes cross the API in mm and grams, money in pounds.
 */

const whole = (unit: string, max: number) =>
  z
    .number({ error: `must be a whole number of ${unit}` })
    .int(`must be a whole number of ${unit}`)
    .min(1, `must be between 1 and ${max} ${unit}`)
    .max(max, `must be between 1 and ${max} ${unit}`);

const millimetres = whole('millimetres', MAX_SIDE_CM * 10);

/** POST /public/orders/createquote: a parcel that fits no price band. */
export const quoteRequestSchema = z
  .object({
    size: z.object({ length: millimetres, width: millimetres, height: millimetres }).strict(),
    Weight: whole('grams', MAX_WEIGHT_KG * 1000),
    ItemDescription: withRules(cleanString().trim(), DETAILS_RULES.ItemDescription),
    ItemValue: withRules(z.number({ error: MESSAGES.greaterThanZero }), DETAILS_RULES.ItemValue),
    Island: withRules(z.enum(ISLANDS, { error: MESSAGES.lookup }), DETAILS_RULES.Island),
    Notes: withRules(cleanString().trim(), QUOTE_RULES.Notes).default(''),
  })
  .strict();
export type QuoteRequest = z.input<typeof quoteRequestSchema>;

/** An order as the customer sees it (SPEC section 3 "Order"), the fields known so far. */
export const customerOrderSchema = z.object({
  Id: z.number().int(),
  Reference: z.string(),
  StatusId_Name: z.enum(ORDER_STATUSES),
  ProductId: z.number().int().nullable(),
  BespokePrice: z.number().nullable(),
  QuotePrice: z.number().nullable(),
  size: z.object({ length: z.number(), width: z.number(), height: z.number() }).nullable(),
  Weight: z.number().int().nullable(),
  ItemDescription: z.string(),
  ItemValue: z.number(),
  ItemCount: z.number().int(),
  Island: z.string(),
  Notes: z.string(),
  selectedExtras: z.array(z.number().int()),
  RetailerName: z.string(),
  /** What was charged for it (empty until it is priced): the band or quote, then each extra. */
  Lines: z.array(z.object({ Name: z.string(), Amount: z.number() })),
  /** The sum of Lines, before any discount. */
  Total: z.number(),
  /** Its share of the checkout's discount. */
  Discount: z.number(),
  Created: z.string(),
});
export type CustomerOrder = z.infer<typeof customerOrderSchema>;

export const quoteResponseSchema = customerOrderSchema;

export const INVOICE_STATUSES = ['unpaid', 'paid', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** An invoice for something owed on an order (e.g. excess carriage), raised by staff. */
export const invoiceSchema = z.object({
  Id: z.number().int(),
  /** `INV-000001`. */
  Reference: z.string(),
  OrderId: z.number().int(),
  OrderReference: z.string(),
  Reason: z.string(),
  Amount: z.number(),
  Status: z.enum(INVOICE_STATUSES),
  Created: z.string(),
  PaidAt: z.string().nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

/** POST /public/orders: the customer's orders and invoices (SPEC section 7). */
export const customerOrdersResponse = z.object({
  Orders: z.array(customerOrderSchema),
  Invoices: z.array(invoiceSchema),
});
export type CustomerOrders = z.infer<typeof customerOrdersResponse>;
