import { useEffect } from 'react';
import type { BookingInput } from '../../../../shared/api/checkout';
import type { GstEstimateRequest, GstEstimateResult } from '../../../../shared/api/gst';
import { apiRequest } from '../../../lib/api-client';
import { useRequest } from '../../../lib/use-request';

/**
 * POST /public/orders/gst-estimate: island GST on these bookings together with the customer's
 * parcels not yet shipped, and the warning when combining them crosses the threshold.
 */
const estimate = (body: string) =>
  apiRequest<GstEstimateResult>('POST', '/public/orders/gst-estimate', JSON.parse(body));

/** The estimate for the basket's bookings, asked again whenever they change. */
export function useGstEstimate(bookings: readonly BookingInput[] | null) {
  const body =
    bookings && bookings.length > 0
      ? JSON.stringify({ Orders: [...bookings] } satisfies GstEstimateRequest)
      : null;
  const { data, mutate, reset } = useRequest(estimate);
  useEffect(() => {
    if (body) mutate(body);
    else reset();
  }, [body, mutate, reset]);
  return { data: body ? data : undefined };
}
