import type { BookingInput } from '../../../../shared/api/checkout';
import type { GstEstimateRequest, GstEstimateResult } from '../../../../shared/api/gst';
import { apiRequest } from '../../../lib/api-client';
import { useAsked, type Asked, type Asking } from '../use-asked';

/** What the checkout sends its action to estimate the island GST of its bookings. */
export type GstSubmission = Asking<'estimate-gst'>;

/** The action's answer: the estimate, or null when it could not be made (nothing is shown). */
export interface GstAnswer extends Asked {
  estimate: GstEstimateResult | null;
}

/**
 * POST /public/orders/gst-estimate: island GST on these bookings together with the customer's
 * parcels not yet shipped, and the warning when combining them crosses the threshold (the part of
 * the checkout's clientAction that asks for it).
 */
export async function estimateGst({ asked }: GstSubmission): Promise<GstAnswer> {
  const estimate = await apiRequest<GstEstimateResult>(
    'POST',
    '/public/orders/gst-estimate',
    JSON.parse(asked) as GstEstimateRequest,
  ).catch(() => null);
  return { asked, estimate };
}

/** The estimate for the basket's bookings, asked on arrival and again whenever they change. */
export function useGstEstimate(bookings: readonly BookingInput[] | null) {
  const request: GstEstimateRequest | null =
    bookings && bookings.length > 0 ? { Orders: [...bookings] } : null;
  return useAsked<GstAnswer>('estimate-gst', request).answer?.estimate ?? null;
}
