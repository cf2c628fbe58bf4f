import { z } from 'zod';
import { CARRIER_IDS } from '../carriers';
import { DEPOT_LIMITS } from './depot';
import { recordId } from './fields';
import { islandGstEstimateSchema } from './gst';

/**
 * POST /api/admin/depot/dispatch/gst (docs/decisions/0035 and 0040): before the depot
 * records a sailing, the island GST of the chosen parcels, customer by customer and island by
 * island: parcels dispatched to one customer on the same sailing (the date and the carrier) reach
 * the island together and are valued together, with those of theirs that already left on it (a
 * consolidated box's bookings among them), by the one rule of src/shared/gst.ts. Islands whose GST
 * is off are not listed. Money in pounds.
 */
export const sailingGstRequest = z
  .object({
    /** The sailing's date, yyyy-MM-dd. */
    SailingDate: z.iso.date('must be a date (yyyy-MM-dd)'),
    /** The carrier, once chosen: parcels that already left on its sailing of that day count too. */
    Carrier: z.enum(CARRIER_IDS, { error: `must be one of ${CARRIER_IDS.join(', ')}` }).optional(),
    OrderIds: z
      .array(recordId())
      .min(1, 'Choose at least one parcel')
      .max(DEPOT_LIMITS.batch, `at most ${DEPOT_LIMITS.batch} parcels at once`),
  })
  .strict();
export type SailingGstRequest = z.input<typeof sailingGstRequest>;

const sailingGstSchema = islandGstEstimateSchema.omit({ Bookings: true, Waiting: true }).extend({
  CustomerId: z.number().int(),
  Customer: z.string(),
  /** The chosen orders of this customer to this island. */
  Orders: z.array(z.string()),
  /** Their orders to this island that already left on this sailing, valued with them. */
  OnSailing: z.array(z.string()),
});
export type SailingGst = z.infer<typeof sailingGstSchema>;

export const sailingGstResponse = z.object({ Customers: z.array(sailingGstSchema) });
