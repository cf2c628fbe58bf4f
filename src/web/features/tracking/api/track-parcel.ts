import type { TrackedParcel } from '../../../../shared/api/tracking';
import { apiRequest } from '../../../lib/api-client';

/** GET /public/track/{code}: the parcel's timeline for its private tracking link (no login). */
export const trackParcel = (code: string) =>
  apiRequest<TrackedParcel>('GET', `/public/track/${encodeURIComponent(code)}`);
