import { z } from 'zod';
import { CHECKOUT_MESSAGES, MAX_BOOKINGS_PER_CHECKOUT } from '../checkout-messages';
import { bookingSchema } from './checkout';

/**
 * POST /public/orders/gst-estimate (docs/decisions/0035): before paying, the island GST
 * the customer may be asked for. The basket's bookings are valued with the customer's parcels
 * already booked to the same island and not yet shipped (they may well leave on the same
 * sailing, and parcels dispatched to one customer on one sailing are valued together), by the
 * one rule of src/shared/gst.ts. One answer per island that charges GST; an island whose GST is
 * off (the Bailiwick of Guernsey today) is not listed. Money in pounds.
 */
export const gstEstimateRequest = z
  .object({
    Orders: z
      .array(bookingSchema, { error: 'must be a list of bookings' })
      .min(1, CHECKOUT_MESSAGES.emptyBasket)
      .max(MAX_BOOKINGS_PER_CHECKOUT, CHECKOUT_MESSAGES.tooManyBookings),
  })
  .strict();
export type GstEstimateRequest = z.input<typeof gstEstimateRequest>;

export const islandGstEstimateSchema = z.object({
  Island: z.string(),
  /** The island's rate in percent (5 for 5%) and threshold in pounds. */
  Percent: z.number(),
  Threshold: z.number(),
  /** The bookings of the request to this island (their LocalId, or their index when none). */
  Bookings: z.array(z.number().int()),
  /** The customer's orders to this island not yet shipped, valued with them. */
  Waiting: z.array(z.string()),
  /** Goods, retailer delivery and carriage of them all. */
  Value: z.number(),
  Liable: z.boolean(),
  /** The estimated GST on them together. */
  Gst: z.number(),
  /** The GST if each reached the island on its own. */
  GstAlone: z.number(),
  /** Together they reach the threshold, though one of them alone would not. */
  CombiningCrossesThreshold: z.boolean(),
  /** What to tell the customer, in words; null when there is nothing to warn about. */
  Warning: z.string().nullable(),
});

export const gstEstimateResponse = z.object({ Islands: z.array(islandGstEstimateSchema) });
export type GstEstimateResult = z.infer<typeof gstEstimateResponse>;
