import { z } from 'zod';
import {
  DETAILS_RULES,
  MAX_DELIVERIES,
  MAX_SIDE_CM,
  MAX_WEIGHT_KG,
  RETAILER_DELIVERY_RULES,
  retailerRules,
} from '../booking-steps';
import { isDeclarableValue, MAX_ITEM_COUNT } from '../goods-value';
import { itemLinesMismatch } from '../item-lines-value';
import { toPence } from '../money';
import { itemLinesSchema } from './item-lines';
import { ISLANDS } from '../islands';
import { MESSAGES } from '../validation/messages';
import { withRules } from '../validation/zod-rules';
import { cleanString } from '../validation/clean-text';
import { discountCode as discountCodeField, MAX_ID } from './fields';
import { customerOrderSchema } from './orders';
import {
  CHECKOUT_MESSAGES,
  IDEMPOTENCY_KEY_PATTERN,
  MAX_BOOKINGS_PER_CHECKOUT,
  PAYMENT_FAILURES,
  PAYMENT_STATUSES,
} from '../checkout-messages';

// The words and lists live in a module without zod, so the screens can use them without it.
export {
  CHECKOUT_MESSAGES,
  PAYMENT_FAILURE_MESSAGES,
  PAYMENT_FAILURES,
  PAYMENT_STATUSES,
  type PaymentFailure,
} from '../checkout-messages';

/**
 * The API contract of checkout and payment (decision 0012):
 * - POST /public/orders/checkdiscount: `{ Code, Orders }` gives the discount on those bookings, or
 *   a 400 on `Code` saying why it cannot be used.
 * - POST /public/orders/create (header `Idempotency-Key`): the basket's bookings, the chosen
 *   addresses and an optional code. The server prices every booking again from the catalogue
 *   (prices the browser sends are ignored), creates the orders in Awaiting Payment and one
 *   payment for their total, and answers 201 with both. The same key again answers the same
 *   orders and payment (200), never a second set.
 * - GET /public/payment/{Reference}: a payment of the customer's and its orders; a pending one is
 *   first checked with the payment provider.
 * - GET /public/orders/invoices/{id}: one of the customer's invoices.
 * - POST /public/payment/additional/{Id}: starts paying an unpaid invoice (or answers the payment
 *   already started for it).
 * Money crosses the API in pounds; everything is computed in pence on the server.
 */

const RETAILER = retailerRules({ MultipleDeliveries: false });
/** A field of the booking form, checked with the form's rules (one line unless `lines`). */
const textField = (rules: Parameters<typeof withRules>[1], { lines = false } = {}) =>
  withRules(
    cleanString({ lines })
      .nullish()
      .transform((v) => (v ?? '').trim()),
    rules,
  );
const millimetres = z
  .number({ error: 'must be a whole number of millimetres' })
  .int('must be a whole number of millimetres')
  .min(1, `must be between 1 and ${MAX_SIDE_CM * 10} millimetres`)
  .max(MAX_SIDE_CM * 10, `must be between 1 and ${MAX_SIDE_CM * 10} millimetres`);
const id = (what: string) =>
  z
    .number({ error: `must be the Id of ${what}` })
    .int(`must be the Id of ${what}`)
    .min(1, `must be the Id of ${what}`)
    .max(MAX_ID, `must be the Id of ${what}`);

/**
 * One booking of the basket, as the browser keeps it (src/shared/local-order.ts). Fields the
 * server does not take (a price the browser kept, a total) are dropped, never used.
 */
export const bookingSchema = z
  .object({
    /** The browser's own id of the booking (`ORDER-{id}`), echoed back to match the answer. */
    LocalId: z.number().int().min(1).optional(),
    ProductId: id('a price band'),
    size: z
      .object({ length: millimetres, width: millimetres, height: millimetres })
      .strict()
      .nullish(),
    Weight: z
      .number({ error: 'must be a whole number of grams' })
      .int('must be a whole number of grams')
      .min(1, `must be between 1 and ${MAX_WEIGHT_KG * 1000} grams`)
      .max(MAX_WEIGHT_KG * 1000, `must be between 1 and ${MAX_WEIGHT_KG * 1000} grams`)
      .nullish(),
    RetailerName: textField(RETAILER.RetailerName),
    RetailerWebsite: textField(RETAILER.RetailerWebsite),
    RetailerOrderNumber: textField(RETAILER.RetailerOrderNumber),
    ExpectedDeliveryDate: textField(RETAILER.ExpectedDeliveryDate),
    TrackingNumber: textField(RETAILER.TrackingNumber),
    DeliveryCount: z
      .number({ error: MESSAGES.positiveWholeNumber })
      .int(MESSAGES.positiveWholeNumber)
      .min(1, MESSAGES.atLeast(1))
      .max(MAX_DELIVERIES, MESSAGES.lessThan(MAX_DELIVERIES + 1))
      .nullish()
      .transform((v) => v ?? 1),
    /** When the booking terms were accepted (ISO time): a booking without it is not finished. */
    TermsAcceptedAt: cleanString()
      .min(1, MESSAGES.required)
      .max(40, MESSAGES.date)
      .refine((v) => !Number.isNaN(Date.parse(v)), MESSAGES.date),
    // the parcel's contents, in a text area
    ItemDescription: textField(DETAILS_RULES.ItemDescription, { lines: true }),
    ItemValue: withRules(z.number({ error: MESSAGES.greaterThanZero }), DETAILS_RULES.ItemValue),
    ItemCount: withRules(
      z.number({ error: MESSAGES.positiveWholeNumber }),
      DETAILS_RULES.ItemCount,
    ),
    Island: withRules(z.enum(ISLANDS, { error: MESSAGES.lookup }), DETAILS_RULES.Island),
    selectedExtras: z
      .array(id('an extra'), { error: 'must be a list of extra Ids' })
      .max(20, 'must have 20 extras at most')
      .default([]),
    /**
     * The goods line by line (decision 0040), optional at booking: the depot completes them at
     * receipt. When given, they add up to ItemValue.
     */
    ItemLines: itemLinesSchema.default([]),
    /** The date of the order with the retailer, yyyy-MM-dd ('' or absent: not given). */
    RetailerOrderDate: textField(DETAILS_RULES.RetailerOrderDate).optional(),
    /** What the retailer charged to deliver to our depot, pounds (0 or absent: nothing). */
    RetailerDeliveryCharge: withRules(
      z.number({ error: 'must be an amount in pounds' }),
      RETAILER_DELIVERY_RULES,
    )
      .nullish()
      .transform((v) => v ?? 0),
  })
  .superRefine((booking, ctx) => {
    // Refinements run even when a field has failed: add up only what can be added up.
    if (!isDeclarableValue(booking.ItemValue)) return;
    const countable = (l: { Quantity: number; ValueEach: number }) =>
      Number.isSafeInteger(l.Quantity) &&
      l.Quantity <= MAX_ITEM_COUNT &&
      isDeclarableValue(l.ValueEach);
    if (!booking.ItemLines.every(countable)) return;
    const mismatch = itemLinesMismatch(booking.ItemLines, toPence(booking.ItemValue));
    if (mismatch) ctx.addIssue({ code: 'custom', path: ['ItemLines'], message: mismatch });
  });
export type BookingInput = z.input<typeof bookingSchema>;
export type Booking = z.output<typeof bookingSchema>;

const discountCode = discountCodeField();

const bookings = z
  .array(bookingSchema, { error: 'must be a list of bookings' })
  .min(1, CHECKOUT_MESSAGES.emptyBasket)
  .max(MAX_BOOKINGS_PER_CHECKOUT, CHECKOUT_MESSAGES.tooManyBookings);

/** POST /public/orders/checkdiscount. */
export const checkDiscountRequest = z.object({ Code: discountCode, Orders: bookings }).strict();
export type CheckDiscountRequest = z.input<typeof checkDiscountRequest>;

export const checkDiscountResponse = z.object({
  Code: z.string(),
  /** `10% off`, `£5.00 off`. */
  Description: z.string(),
  Subtotal: z.number(),
  Discount: z.number(),
  Total: z.number(),
});
export type CheckDiscountResult = z.infer<typeof checkDiscountResponse>;

/** POST /public/orders/create. */
export const checkoutRequest = z
  .object({
    Orders: bookings,
    DeliveryAddressId: id('one of your delivery addresses'),
    BillingAddressId: id('one of your addresses'),
    DiscountCode: discountCode.nullish(),
    TermsAccepted: z.literal(true, { error: MESSAGES.required }),
  })
  .strict();
export type CheckoutRequest = z.input<typeof checkoutRequest>;

/** The `Idempotency-Key` header of POST /public/orders/create: one per checkout attempt. */
const idempotencyKeySchema = z
  .string({ error: MESSAGES.required })
  .regex(IDEMPOTENCY_KEY_PATTERN, CHECKOUT_MESSAGES.idempotencyKey);
export const checkoutHeaders = z.object({ 'idempotency-key': idempotencyKeySchema });

/**
 * A payment (the local "Payment record" of docs/requirements.md §3 keeps its Reference and Amount).
 */
export const paymentSchema = z.object({
  Id: z.number().int(),
  /** `PAY-000001`. */
  Reference: z.string(),
  Kind: z.enum(['checkout', 'invoice']),
  Status: z.enum(PAYMENT_STATUSES),
  Provider: z.enum(['sandbox', 'stripe']),
  Subtotal: z.number(),
  Discount: z.number(),
  DiscountCode: z.string().nullable(),
  Amount: z.number(),
  /** Where to send the customer to pay, while the payment is pending. */
  CheckoutUrl: z.string().nullable(),
  /** Why the last attempt failed (the customer may try again while pending). */
  LastFailure: z.enum(PAYMENT_FAILURES).nullable(),
  InvoiceId: z.number().int().nullable(),
  Created: z.string(),
  PaidAt: z.string().nullable(),
});
export type Payment = z.infer<typeof paymentSchema>;

/** The answer of create, of a payment look-up and of starting an invoice's payment. */
export const checkoutResponse = z.object({
  Payment: paymentSchema,
  Orders: z.array(customerOrderSchema.extend({ LocalId: z.number().int().nullable() })),
});
export type CheckoutResult = z.infer<typeof checkoutResponse>;

export const referenceParams = z
  .object({ Reference: z.string().regex(/^[Pp][Aa][Yy]-\d{6,16}$/, 'must be a payment reference') })
  .strict();
