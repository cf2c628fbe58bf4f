import { z } from 'zod';
import { arrivalSchema } from './sailing-plans';
import { storageClockSchema } from './storage-clock';
import { orderCaseSchema } from './cases';
import { retailerReturnSchema } from './returns';
import { paymentSchema } from './checkout';
import { pathId } from './listing';
import { itemLineResponse } from './item-lines';
import { invoiceSchema, linkedOrderSchema } from './orders';
import { TIMELINE_KINDS } from '../order-timeline';

/**
 * The order's page in My Account (decision 0020):
 * - GET /public/orders/{Id}: the customer's own order with what was booked, its price lines,
 *   payments, invoices, missing-items cases and a timeline built from its events, oldest first.
 * - GET /public/orders/{Id}/photos/{PhotoId}: a photo the depot took of its parcel.
 * Another customer's order or photo is a 404, like an unknown one. Staff names and the depot's
 * internal notes (shelf, staff note) are never part of it.
 */

export const orderIdParams = z.object({ Id: pathId }).strict();
export const parcelPhotoParams = z.object({ Id: pathId, PhotoId: pathId }).strict();

const parcelPhotoSchema = z.object({
  Id: z.number().int(),
  /** GET /public/orders/{Id}/photos/{PhotoId}: needs the customer's bearer token. */
  Url: z.string(),
  Width: z.number().int(),
  Height: z.number().int(),
});
export type ParcelPhoto = z.infer<typeof parcelPhotoSchema>;

export const timelineEntrySchema = z.object({
  Kind: z.enum(TIMELINE_KINDS),
  /** When it happened (ISO 8601). */
  At: z.string(),
  /** The parcel as measured at the depot (received). */
  Parcel: z
    .object({
      /** Grams. */
      Weight: z.number().int().nullable(),
      /** Millimetres. */
      size: z.object({ length: z.number(), width: z.number(), height: z.number() }).nullable(),
      Photos: z.array(parcelPhotoSchema),
    })
    .optional(),
  /** The sailing it left the UK on (dispatched). */
  Dispatch: z
    .object({
      Carrier: z.string(),
      TrackingNumber: z.string(),
      /** The carrier's page for this parcel, or null when there is none. */
      TrackingUrl: z.string().nullable(),
      /** yyyy-MM-dd: the date of export. */
      SailingDate: z.string(),
    })
    .optional(),
  /** The carrier taking it back to the retailer and its tracking number (returned). */
  Return: z.object({ Carrier: z.string(), TrackingNumber: z.string() }).optional(),
  /** The money given back (refunded), in pounds. */
  Amount: z.number().optional(),
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

/** GET /public/orders/{Id}. */
export const orderDetailResponse = z.object({
  Order: linkedOrderSchema.extend({
    RetailerWebsite: z.string(),
    RetailerOrderNumber: z.string(),
    /** The delivery address as it was at checkout, a line each; null before checkout. */
    DeliveryAddress: z.array(z.string()).nullable(),
    /** What the retailer charged to deliver to our depot, pounds (decision 0040). */
    RetailerDeliveryCharge: z.number(),
    /** The goods line by line, as given at booking or corrected by the depot (decision 0040). */
    ItemLines: z.array(itemLineResponse),
    /** The date of the customer's order with the retailer, yyyy-MM-dd; null: not given. */
    RetailerOrderDate: z.string().nullable(),
    /**
     * The last day the goods may leave the UK for the retailer to zero-rate the sale (3 months
     * from the retailer's order date, a setting: src/shared/customs.ts); null without that date.
     */
    LeaveBy: z.string().nullable(),
  }),
  /**
   * The goods have not left yet and their leave-by date is near (within the warning days) or
   * past: the page says so prominently.
   */
  LeaveBySoon: z.boolean(),
  /** Money taken for it: its checkout's payment (which may cover other orders) and invoices'. */
  Payments: z.array(paymentSchema.extend({ OrderReferences: z.array(z.string()) })),
  Invoices: z.array(
    invoiceSchema.extend({
      /** Until when the customer may dispute it (decision 0038); null: it may not be disputed now. */
      DisputeUntil: z.string().nullable(),
      /** The case of its dispute, if it was disputed. */
      CaseId: z.number().int().nullable(),
    }),
  ),
  /** Money given back on it, in pounds: the refunds the payment provider made (0 for none). */
  Refunded: z.number(),
  Cases: z.array(orderCaseSchema),
  /** The parcel has left the UK: its export certificate can be downloaded. */
  CertificateAvailable: z.boolean(),
  /** Missing items may be reported (the order is Shipped or Delivered). */
  CanReportMissingItems: z.boolean(),
  /**
   * The storage clock of its parcel while it waits at the depot for the customer (held for an
   * invoice: decision 0037); null otherwise.
   */
  Storage: storageClockSchema.nullable(),
  Timeline: z.array(timelineEntrySchema),
  /** Its return to the retailer (decision 0039), once asked; null otherwise. */
  Return: retailerReturnSchema.nullable(),
  /** A return to the retailer may be asked now (the parcel is at the depot, not sailed). */
  CanAskReturn: z.boolean(),
  /** What a label we buy for the return costs (the catalogue's price), pounds. */
  ReturnLabelPrice: z.number(),
  /** The order's private tracking page (`/track/{code}`), which works without a login. */
  TrackingPath: z.string(),
  /**
   * When it reaches the door: the sailing it is planned on, the days, the sentence, and why it
   * moved (docs/decisions/0049); null once it has sailed or the order is over.
   */
  Arrival: arrivalSchema.nullable(),
});
export type OrderDetail = z.infer<typeof orderDetailResponse>;
