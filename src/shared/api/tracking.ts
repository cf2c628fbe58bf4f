import { z } from 'zod';
import { ORDER_STATUSES } from '../order-status';
import { timelineEntrySchema } from './order-detail';
import { pathId } from './listing';
import { arrivalSchema } from './sailing-plans';
import { publicCode, publicCodeParams } from './public-codes';

export { TRACKING_MESSAGES } from '../tracking';

/**
 * Following an order's parcel without logging in (docs/decisions/0036):
 * - GET /public/track/{code}: anyone holding the order's private code (every order e-mail
 *   carries the link) sees the customer's first name, the island, the status and the parcel's
 *   timeline, with the carrier's tracking link once it has sailed; nothing else. A wrong or
 *   replaced code is a 404. Rate limited per address like the certificate check.
 * - POST /public/orders/tracking/{Id}: the customer replaces their order's code (the old link
 *   stops working); POST /api/admin/orders/{Id}/tracking: the office does.
 */

export const trackingCode = publicCode('is not a tracking code');
export const trackParcelParams = publicCodeParams;
export const trackingOrderParams = z.object({ Id: pathId }).strict();

/** A timeline entry as the public page tells it: what and when, and the sailing once it left. */
const publicTimelineEntrySchema = timelineEntrySchema.pick({
  Kind: true,
  At: true,
  Dispatch: true,
});

/** GET /public/track/{code}. */
export const trackedParcelSchema = z.object({
  FirstName: z.string(),
  Island: z.string(),
  StatusId_Name: z.enum(ORDER_STATUSES),
  /** Oldest first; no money, photos or measurements. */
  Timeline: z.array(publicTimelineEntrySchema),
  /**
   * When it reaches the door, by the timetable (docs/decisions/0048): the first and last day and
   * the sentence; the sailing it is planned on and why it moved (docs/decisions/0049); null once
   * it has sailed or the order is over.
   */
  Arrival: arrivalSchema.nullable(),
});
export type TrackedParcel = z.infer<typeof trackedParcelSchema>;

/** The order's tracking link, for its owner and the office: the path of the public page. */
export const trackingLinkSchema = z.object({ TrackingPath: z.string() });
export type TrackingLink = z.infer<typeof trackingLinkSchema>;
