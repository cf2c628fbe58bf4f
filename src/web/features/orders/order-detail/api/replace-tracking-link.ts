import type { TrackingLink } from '../../../../../shared/api/tracking';
import { apiRequest } from '../../../../lib/api-client';

/** POST /public/orders/{Id}/tracking: a new private tracking link; the old one stops working. */
export const replaceTrackingLink = (orderId: number) =>
  apiRequest<TrackingLink>('POST', `/public/orders/tracking/${orderId}`);
