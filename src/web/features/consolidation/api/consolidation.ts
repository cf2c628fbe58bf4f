import type {
  Consignment,
  ConsolidationEstimate,
  ConsolidationOverview,
} from '../../../../shared/api/consolidation';
import { apiRequest } from '../../../lib/api-client';

/** GET /public/consolidation: the bookings that could go together, and the consolidations. */
export const getConsolidation = () =>
  apiRequest<ConsolidationOverview>('GET', '/public/consolidation');

/** POST /public/consolidation/estimate: one crossing's price for the chosen bookings. */
export const estimateConsolidation = (OrderIds: number[]) =>
  apiRequest<ConsolidationEstimate>('POST', '/public/consolidation/estimate', { OrderIds });

/** POST /public/consolidation/create: asks to ship them together. */
export const requestConsolidation = (OrderIds: number[]) =>
  apiRequest<Consignment>('POST', '/public/consolidation/create', { OrderIds });

/** POST /public/consolidation/cancel/{Id}: until repacking starts. */
export const cancelConsolidation = (Id: number) =>
  apiRequest<Consignment>('POST', `/public/consolidation/cancel/${Id}`);

/** POST /public/consolidation/leaveout/{Id}: a late parcel's booking goes on its own. */
export const leaveOutOfConsolidation = (Id: number, OrderId: number) =>
  apiRequest<Consignment>('POST', `/public/consolidation/leaveout/${Id}`, { OrderId });
