import { z } from 'zod';
import { ORDER_EVENT_KINDS, ORDER_STATUSES } from '../order-status';
import { OFFICE_QUOTE_STATES } from '../office';
import { caseMessageSchema, orderCaseSchema } from './cases';
import { paymentSchema } from './checkout';
import { depotParcelSchema } from './depot';
import { multilineText, text } from './fields';
import { listResponse } from './listing';
import { customerOrderSchema, invoiceSchema } from './orders';

export { OFFICE_QUOTE_STATES, type OfficeQuoteState } from '../office';

/**
 * The office's API (decision 0016), under /api/admin, for the office and admin roles (the depot's
 * is /api/admin/depot). Money crosses it in pounds; lists page on the server and answer
 * `{ items, total, page, itemsPerPage }`.
 *
 * Today (`manage Order`): GET /today, the day's numbers and a chart of bookings.
 * Orders (`read Order`; actions `manage Order`, refunds `refund Order`):
 * - GET  /orders?reference=&customer=&retailer=&tracking=&status=&sortBy=&sortDesc=&page=&itemsPerPage=
 * - GET  /orders/{Id}: the order, its internal timeline (staff names, notes), payments with what
 *   was refunded, refunds, invoices, cases and its parcel (shelf, who received and dispatched it).
 * - POST /orders/{Id}/cancel `{ Reason }`: when the lifecycle allows it, with a refund of all that
 *   was paid for it; its unpaid invoices are voided.
 * - POST /orders/{Id}/refund `{ Amount, Reason }`: a partial refund.
 * - POST /orders/{Id}/invoices `{ Amount, Reason, Hold }`: an invoice for something extra.
 * - POST /orders/{Id}/notes `{ Note }`: a note on its timeline (staff only).
 * Quotes (`manage Quote`): GET /quotes?state=, POST /quotes/{Id}/price `{ Amount, Note }`.
 * Invoices (`manage Invoice`): GET /invoices?status=, POST /invoices/{Id}/void `{ Reason }`,
 * POST /invoices/{Id}/remind.
 * Cases (`manage Case`): GET /cases?status= (open first), GET /cases/{Id} (with what may be
 * refunded on its order), POST /cases/{Id}/reply `{ Message }`,
 * POST /cases/{Id}/resolve `{ Message, Refund }` (Refund in pounds, optional).
 * The invoices' contracts are in office-invoices.ts, the cases' in office-cases.ts.
 */

export const required = (max: number, message: string) => multilineText(max).min(1, message);

const whole = (min: number, max: number, fallback: number) =>
  z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(min, min === 1 && max === 100 ? 'must be between 1 and 100' : `must be ${min} or more`)
    .max(max, `must be between ${min} and ${max}`)
    .default(fallback);

/** `page` and `itemsPerPage` of a GET listing. */
export const paging = { page: whole(1, 1_000_000, 1), itemsPerPage: whole(1, 100, 20) };

/** A query string's true or false. */
const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default(fallback ? 'true' : 'false')
    .transform((v) => v === 'true');

/** Money the office types, in pounds: more than zero, at most two decimals. */
export const amountSchema = z
  .number({ error: 'must be an amount in pounds' })
  .min(0.01, 'must be at least £0.01')
  .max(100_000, 'must be at most £100,000.00')
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'must have at most 2 decimals');

export const personSchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  Reference: z.string(),
  Email: z.string().nullable(),
});

// --- orders -------------------------------------------------------------------------------------

export const OFFICE_ORDER_SORTS = ['Created', 'Reference', 'Status', 'Total'] as const;

export const officeOrdersQuery = z
  .object({
    /** An order reference (`ORD-000042`, `ord42`). */
    reference: text(40).optional(),
    /** A customer reference, part of an e-mail address, or part of a name. */
    customer: text(100).optional(),
    /** Part of the retailer's name. */
    retailer: text(100).optional(),
    /** A tracking number, inbound (the UK courier's) or outbound (the island carrier's). */
    tracking: text(60).optional(),
    /** One status, or several separated by commas. */
    status: z
      .string()
      .transform((v) => v.split(',').map((s) => s.trim()))
      .pipe(
        z.array(z.enum(ORDER_STATUSES, { error: `must be among ${ORDER_STATUSES.join(', ')}` })),
      )
      .optional(),
    sortBy: z
      .enum(OFFICE_ORDER_SORTS, { error: `must be one of ${OFFICE_ORDER_SORTS.join(', ')}` })
      .default('Created'),
    sortDesc: flag(true),
    ...paging,
  })
  .strict();
export type OfficeOrdersQuery = z.input<typeof officeOrdersQuery>;

export const officeOrderSummarySchema = z.object({
  Id: z.number().int(),
  Reference: z.string(),
  Status: z.enum(ORDER_STATUSES),
  Customer: personSchema,
  Description: z.string(),
  RetailerName: z.string(),
  TrackingNumber: z.string(),
  Island: z.string(),
  Total: z.number(),
  Created: z.string(),
});
export type OfficeOrderSummary = z.infer<typeof officeOrderSummarySchema>;
export const officeOrdersResponse = listResponse(officeOrderSummarySchema);

export const refundSchema = z.object({
  Id: z.number().int(),
  PaymentId: z.number().int(),
  PaymentReference: z.string(),
  OrderId: z.number().int(),
  Amount: z.number(),
  Reason: z.string(),
  Status: z.enum(['pending', 'succeeded', 'failed']),
  /** Who made it (a staff member's name). */
  Staff: z.string().nullable(),
  Created: z.string(),
});
export type Refund = z.infer<typeof refundSchema>;

/** One entry of the order's internal timeline: a status change, a note, a refund. */
const officeEventSchema = z.object({
  Id: z.number().int(),
  At: z.string(),
  Kind: z.enum(ORDER_EVENT_KINDS),
  From: z.enum(ORDER_STATUSES).nullable(),
  To: z.enum(ORDER_STATUSES).nullable(),
  Note: z.string(),
  /** customer, staff, system or provider. */
  ActorType: z.string(),
  /** The staff member's (or customer's) name. */
  Actor: z.string().nullable(),
});

export const officeCaseSchema = orderCaseSchema.extend({
  OrderReference: z.string(),
  Customer: personSchema,
  Messages: z.array(caseMessageSchema.extend({ Staff: z.string().nullable() })),
  /**
   * A dispute not decided by its `Dispute.DecideBy`, at the app's clock (decision 0038): the
   * office's list flags it. False for missing items and for a decided dispute.
   */
  Overdue: z.boolean(),
});
export type OfficeCase = z.infer<typeof officeCaseSchema>;

export const officeOrderDetailResponse = z.object({
  Order: customerOrderSchema.extend({
    RetailerWebsite: z.string(),
    RetailerOrderNumber: z.string(),
    TrackingNumber: z.string(),
    ExpectedDeliveryDate: z.string().nullable(),
    DeliveryAddress: z.array(z.string()).nullable(),
    QuoteNote: z.string(),
    Updated: z.string(),
  }),
  Customer: personSchema,
  Events: z.array(officeEventSchema),
  /** Money taken for it, each with what was refunded of its share for this order. */
  Payments: z.array(
    paymentSchema.extend({
      OrderReferences: z.array(z.string()),
      /** What this payment took for this order (its share of a checkout). */
      PaidForOrder: z.number(),
      Refunded: z.number(),
    }),
  ),
  Refunds: z.array(refundSchema),
  Invoices: z.array(invoiceSchema),
  Cases: z.array(officeCaseSchema),
  /** Its parcel at the depot, with the names of who received and dispatched it. */
  Parcel: depotParcelSchema
    .extend({ ReceivedByName: z.string().nullable(), DispatchedByName: z.string().nullable() })
    .nullable(),
  /** What may be refunded now, over all its payments. */
  Refundable: z.number(),
  Actions: z.object({
    Cancel: z.boolean(),
    Refund: z.boolean(),
    Invoice: z.boolean(),
    Note: z.boolean(),
  }),
  /** The order's private tracking page (`/track/{code}`), as the customer's e-mails link it. */
  TrackingPath: z.string(),
});
export type OfficeOrderDetail = z.infer<typeof officeOrderDetailResponse>;

export const cancelOrderSchema = z
  .object({ Reason: required(500, 'Say why the order is cancelled') })
  .strict();
export const refundOrderSchema = z
  .object({ Amount: amountSchema, Reason: required(500, 'Say why the money is given back') })
  .strict();
export const raiseInvoiceSchema = z
  .object({
    Amount: amountSchema,
    Reason: text(200).min(1, 'Say what the invoice is for').min(3, 'must be at least 3 characters'),
    /** Hold a parcel received at the depot until the invoice is paid. */
    Hold: z.boolean().default(false),
  })
  .strict();
export const orderNoteSchema = z.object({ Note: required(2000, 'Write the note') }).strict();

// --- quotes --------------------------------------------------------------------------------------

export const officeQuotesQuery = z
  .object({
    state: z.enum(OFFICE_QUOTE_STATES, {
      error: `must be one of ${OFFICE_QUOTE_STATES.join(', ')}`,
    }),
    ...paging,
  })
  .strict();

export const officeQuoteSchema = z.object({
  Id: z.number().int(),
  Reference: z.string(),
  Status: z.enum(ORDER_STATUSES),
  Customer: personSchema,
  ItemDescription: z.string(),
  ItemValue: z.number(),
  size: z.object({ length: z.number(), width: z.number(), height: z.number() }).nullable(),
  Weight: z.number().int().nullable(),
  Island: z.string(),
  Notes: z.string(),
  QuotePrice: z.number().nullable(),
  QuoteNote: z.string(),
  QuotedAt: z.string().nullable(),
  Created: z.string(),
});
export const officeQuotesResponse = listResponse(officeQuoteSchema);

export const priceQuoteSchema = z
  .object({ Amount: amountSchema, Note: multilineText(2000).default('') })
  .strict();

export const OFFICE_MESSAGES = {
  noSuchOrder: 'This order was not found.',
  noSuchInvoice: 'This invoice was not found.',
  noSuchCase: 'This case was not found.',
  notCancellable: (status: string) => `This order is ${status}: it can no longer be cancelled.`,
  checkoutPending: (reference: string) =>
    `This order waits for its checkout payment ${reference}: it is cancelled by itself if not paid within 24 hours.`,
  noInvoiceNow: (status: string) => `An invoice cannot be raised on an order that is ${status}.`,
  holdNeedsParcel: 'Only an order received at the depot can be held for an invoice.',
  notUnpaid: (status: string) =>
    `This invoice is ${status}: only an unpaid invoice can be changed.`,
  justPaid: 'This invoice was paid a moment ago, so it was not voided.',
  caseResolved: 'This case is resolved.',
  cancelledRefundFailed: (amount: string) =>
    `The order is cancelled, but the payment provider did not refund ${amount}. Please refund it again from the order.`,
} as const;

// --- today ---------------------------------------------------------------------------------------

/** How many days the Today chart shows, today included. */
export const TODAY_CHART_DAYS = 30;

/**
 * GET /api/admin/today (`manage Order`): the numbers that start the office's working day, days
 * in Europe/London (`yyyy-MM-dd`), money in pounds.
 */
export const officeTodayResponse = z.object({
  /** Today in London. */
  Date: z.string(),
  /** Parcels the depot received since midnight. */
  ReceivedToday: z.number().int(),
  /** Parcels on the depot's shelves: ready to leave, held for payment, or not matched yet. */
  AtDepot: z.number().int(),
  /** Of those, ready to leave on a sailing. */
  ReadyToLeave: z.number().int(),
  /** Of those, held until an invoice or a quote is paid. */
  HeldForPayment: z.number().int(),
  /** Quote requests not priced yet. */
  QuotesWaiting: z.number().int(),
  /** Disputes not decided within the days staff have (`Invoices/DisputeDecideDays`). */
  DisputesOverdue: z.number().int(),
  UnpaidInvoices: z.number().int(),
  /** What the unpaid invoices come to. */
  UnpaidAmount: z.number(),
  /** Monday of this week. */
  WeekStart: z.string(),
  /** Orders booked and paid since Monday. */
  BookingsThisWeek: z.number().int(),
  /** What this week's bookings came to, plus invoices paid this week, less refunds made. */
  RevenueThisWeek: z.number(),
  /** Orders booked and paid each day, the last TODAY_CHART_DAYS days, oldest first (0 included). */
  BookingsPerDay: z.array(z.object({ Date: z.string(), Bookings: z.number().int() })),
});
export type OfficeToday = z.infer<typeof officeTodayResponse>;
