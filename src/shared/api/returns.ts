import { z } from 'zod';
import { RETURN_LIMITS, RETURN_MESSAGES, RETURN_STATES } from '../returns';
import { multilineText, recordId, text } from './fields';
import { invoiceSchema } from './orders';

/**
 * A return to the retailer (decision 0039; rules in src/shared/returns.ts).
 * Customer, for their own order (another customer's is a 404):
 * - POST /public/orders/return/{Id}: asks for it, with the retailer's label (`Label`, a PDF or an
 *   image in base64) or asking us for one (`BuyLabel: true`, invoiced at the catalogue's price).
 * - GET  /public/orders/returnlabel/{Id}: the label as stored.
 * Depot floor (staff, under /api/admin/depot):
 * - GET  /returns?state=open|returned: the returns, the oldest asked first.
 * - GET  /returns/{OrderId}/label: the label, to print.
 * - PUT  /returns/{OrderId}/label: staff attach the label they bought.
 * - POST /returns/{OrderId}/returned: sent back, with the carrier and its tracking number; the
 *   unused crossing is refunded once.
 */

const MAX_BASE64 = Math.ceil(RETURN_LIMITS.labelBytes / 3) * 4;
const DATA_URL = /^data:[a-z]+\/[a-z0-9+.-]+;base64,/i;

/** A label file as uploaded: base64 (or a data URL), its kind read from its bytes. */
const labelUploadSchema = z
  .object({
    FileName: text(RETURN_LIMITS.fileName).default(''),
    Data: z
      .string({ error: RETURN_MESSAGES.notBase64 })
      .transform((s) => s.replace(DATA_URL, ''))
      .pipe(
        z
          .string()
          .min(1, RETURN_MESSAGES.notBase64)
          .max(MAX_BASE64, RETURN_MESSAGES.labelTooLarge)
          .regex(/^[A-Za-z0-9+/]+={0,2}$/, RETURN_MESSAGES.notBase64),
      ),
  })
  .strict();

export const askReturnSchema = z
  .object({
    /** Why, for the depot (optional). */
    Reason: multilineText(RETURN_LIMITS.reason).default(''),
    Label: labelUploadSchema.optional(),
    BuyLabel: z.boolean({ error: 'must be true or false' }).default(false),
  })
  .strict()
  .refine((b) => (b.Label !== undefined) !== b.BuyLabel, {
    message: RETURN_MESSAGES.labelOrBuy,
    path: ['Label'],
  });
export type AskReturnRequest = z.input<typeof askReturnSchema>;

/** A return as the customer's order page shows it. */
export const retailerReturnSchema = z.object({
  OrderId: z.number().int(),
  State: z.enum(RETURN_STATES),
  Reason: z.string(),
  /** We buy the label (charged by `Invoice`); false: the customer uploaded the retailer's. */
  Bought: z.boolean(),
  Invoice: invoiceSchema.nullable(),
  /** The label's file name and type, once there is one. */
  Label: z.object({ FileName: z.string(), ContentType: z.string(), Url: z.string() }).nullable(),
  Carrier: z.string(),
  TrackingNumber: z.string(),
  /** The refund of the unused crossing, pounds, once returned. */
  Refund: z.number().nullable(),
  Asked: z.string(),
  Returned: z.string().nullable(),
  /** The customer may still withdraw it (src/shared/returns.ts `canWithdrawReturn`). */
  CanWithdraw: z.boolean(),
});
export type RetailerReturn = z.infer<typeof retailerReturnSchema>;

/** DELETE /public/orders/return/{Id}: withdrawn; what of a paid label is being refunded. */
export const withdrawReturnResponse = z.object({ Refunded: z.number() });
export type WithdrawReturnResponse = z.infer<typeof withdrawReturnResponse>;

// --- depot ---------------------------------------------------------------------------------------

const RETURN_LISTS = ['open', 'returned'] as const;

export const returnsQuerySchema = z
  .object({
    state: z
      .enum(RETURN_LISTS, { error: `must be one of ${RETURN_LISTS.join(', ')}` })
      .default('open'),
  })
  .strict();

export const returnOrderParams = z
  .object({
    OrderId: recordId({ inPath: true }),
  })
  .strict();

/** A return as the depot floor lists it. */
export const depotReturnSchema = retailerReturnSchema.extend({
  OrderReference: z.string(),
  OrderStatus: z.string(),
  Customer: z.object({ Id: z.number().int(), Name: z.string(), Reference: z.string() }),
  ParcelId: z.number().int(),
  Shelf: z.string(),
  RetailerName: z.string(),
  RetailerOrderNumber: z.string(),
  /** The staff member who marked it returned. */
  ReturnedBy: z.number().int().nullable(),
});
export type DepotReturn = z.infer<typeof depotReturnSchema>;

export const depotReturnsResponse = z.object({ items: z.array(depotReturnSchema) });

export const attachLabelSchema = z.object({ Label: labelUploadSchema }).strict();

export const markReturnedSchema = z
  .object({
    Carrier: text(RETURN_LIMITS.carrier).min(1, 'Enter the carrier'),
    TrackingNumber: text(RETURN_LIMITS.trackingNumber).min(1, 'Enter the tracking number'),
  })
  .strict();
export type MarkReturnedRequest = z.input<typeof markReturnedSchema>;
