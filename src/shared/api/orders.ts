import { z } from 'zod';
import { movedParcelSchema } from './sailing-plans';
import { ORDER_HISTORY_DEFAULTS, ORDER_SEARCH_MAX, ORDER_SORT_FIELDS } from '../order-history';
import { INVOICE_KINDS } from '../disputes';
import { storageClockSchema } from './storage-clock';
import { ISLANDS } from '../islands';
import { DETAILS_RULES, MAX_SIDE_CM, MAX_WEIGHT_KG, QUOTE_RULES } from '../booking-steps';
import { ORDER_STATUSES, VISIBLE_ORDER_STATUSES } from '../order-status';
import { MESSAGES } from '../validation/messages';
import { withRules } from '../validation/zod-rules';
import { cleanString } from '../validation/clean-text';
import { listingOptions, optionalBody } from './listing';
import { orderExtraSchema, productSchema } from './catalogue';

/**
 * The API contract of orders: POST /public/orders/createquote (decision 0009), the customer's order
 * history POST /public/orders and what needs them now GET /public/orders/summary (decision 0019).
 * Field rules are the booking forms' (src/shared/booking-steps.ts), never restated; sizes cross
 * the API in mm and grams, money in pounds.
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
    ItemDescription: withRules(cleanString({ lines: true }).trim(), DETAILS_RULES.ItemDescription),
    ItemValue: withRules(z.number({ error: MESSAGES.greaterThanZero }), DETAILS_RULES.ItemValue),
    Island: withRules(z.enum(ISLANDS, { error: MESSAGES.lookup }), DETAILS_RULES.Island),
    Notes: withRules(cleanString({ lines: true }).trim(), QUOTE_RULES.Notes).default(''),
  })
  .strict();
export type QuoteRequest = z.input<typeof quoteRequestSchema>;

/** An order as the customer sees it (docs/requirements.md §3 "Order"), the fields known so far. */
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
  Subtotal: z.number(),
  /** Its share of the checkout's discount. */
  Discount: z.number(),
  /** What was paid for it: Subtotal less Discount (docs/decisions/0033). */
  Total: z.number(),
  Created: z.string(),
});
export type CustomerOrder = z.infer<typeof customerOrderSchema>;

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
  /** `excess`: excess carriage from the depot's measure, which may be disputed (decision 0038). */
  Kind: z.enum(INVOICE_KINDS),
  Amount: z.number(),
  Status: z.enum(INVOICE_STATUSES),
  Created: z.string(),
  PaidAt: z.string().nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

/**
 * An order with what it links to, as docs/requirements.md §3 "Order" lists it (the order list
 * and an order's page answer it; docs/decisions/0047):
 * - Product: its price band as the catalogue lists it (POST /api/products), null without one;
 * - Extras: its chosen extras (selectedExtras, in that order) as the catalogue lists them, with
 *   their names and today's prices (what was charged is in Lines);
 * - Invoice: its invoice (OrderId is its Id): the oldest one still unpaid, otherwise the latest;
 *   null when it has none. Every invoice of an order on the page is in the answer's Invoices.
 */
export const linkedOrderSchema = customerOrderSchema.extend({
  Product: productSchema.nullable(),
  Extras: z.array(orderExtraSchema),
  Invoice: invoiceSchema.nullable(),
});
export type LinkedOrder = z.infer<typeof linkedOrderSchema>;

/**
 * GET /public/orders/invoices/{id}: the invoice, and the reference of its dispute while one is
 * open (it cannot be paid until staff decide; decision 0038).
 */
export const customerInvoiceSchema = invoiceSchema.extend({ DisputedIn: z.string().nullable() });
export type CustomerInvoice = z.infer<typeof customerInvoiceSchema>;

export { type OrderSortField } from '../order-history';

const orderHistoryBody = z
  .object({
    options: listingOptions(ORDER_SORT_FIELDS, ORDER_HISTORY_DEFAULTS),
    filter: z
      .object({
        /** One status; Cancelled orders are never shown, so it is not one to ask for. */
        Status: z
          .enum(VISIBLE_ORDER_STATUSES, {
            error: `must be one of ${VISIBLE_ORDER_STATUSES.join(', ')}`,
          })
          .optional(),
        /**
         * An order reference (`ORD-000042`: that order only) or part of one, or part of the
         * retailer's name; case does not matter. Blank means no search.
         */
        Search: cleanString()
          .trim()
          .max(ORDER_SEARCH_MAX, `must be at most ${ORDER_SEARCH_MAX} characters`)
          .optional(),
      })
      .strict()
      .prefault({}),
  })
  .strict();
/**
 * POST /public/orders: a page of the customer's order history. No body at all means all the
 * defaults (newest first, 20 a page, every status but Cancelled).
 */
export const orderHistoryRequest = optionalBody(orderHistoryBody);
export type OrderHistoryRequest = z.input<typeof orderHistoryBody>;
export type OrderHistoryQuery = z.output<typeof orderHistoryBody>;

/**
 * POST /public/orders: the customer's orders (docs/requirements.md §7: Orders and Invoices; each
 * order is linked to the invoices whose OrderId is its Id) a page at a time, Cancelled ones hidden.
 * Invoices are those of the orders on the page; `total` counts the orders that match.
 */
export const customerOrdersResponse = z.object({
  Orders: z.array(linkedOrderSchema),
  Invoices: z.array(invoiceSchema),
  total: z.number().int(),
  page: z.number().int(),
  itemsPerPage: z.number().int(),
});
export type CustomerOrders = z.infer<typeof customerOrdersResponse>;

/** How many of each kind the summary lists (`total` says how many there are). */
export const ORDER_SUMMARY_LIMIT = 5;

/** A parcel of the customer's at the depot without a booking, as My Account lists it. */
const unbookedParcelSchema = z.object({
  Id: z.number().int(),
  Received: z.string(),
  InboundTrackingNumber: z.string(),
  /** The person of the household it was addressed to; null: the account holder. */
  AddressedTo: z.string().nullable(),
  Storage: storageClockSchema,
});

const summaryPart = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int() });

/**
 * GET /public/orders/summary: what needs the customer now, for My Account. Each part holds up to
 * ORDER_SUMMARY_LIMIT items, newest first, and how many there are in all.
 * - QuotesToAnswer: quotes priced by the office (Quote Ready), to accept or decline.
 * - InvoicesToPay: unpaid invoices.
 * - AtDepot: parcels at the depot: received (Received at Depot), held for an invoice (Awaiting
 *   Payment, once received) or released by its payment and waiting for a sailing (Paid).
 * - Unbooked: parcels of theirs at the depot with no booking, the oldest first, each with its
 *   storage clock (decision 0037: free days, then a daily charge, then abandonment).
 */
export const orderSummaryResponse = z.object({
  QuotesToAnswer: summaryPart(customerOrderSchema),
  InvoicesToPay: summaryPart(invoiceSchema),
  AtDepot: summaryPart(customerOrderSchema),
  Unbooked: summaryPart(unbookedParcelSchema),
  /** Parcels moved to another sailing (a storm, a missed sailing): the new date and why (0049). */
  Moved: summaryPart(movedParcelSchema),
});
export type OrderSummary = z.infer<typeof orderSummaryResponse>;
