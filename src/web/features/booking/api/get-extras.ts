import type { ExtraList, ExtraListRequest } from '../../../../shared/api/catalogue';
import { apiRequest } from '../../../lib/api-client';
import { createResource } from '../../../lib/remote-resource';

const request: ExtraListRequest = { options: { sortBy: 'SortOrder', itemsPerPage: 100 } };

/**
 * Every order extra in SortOrder with its Enabled flag (docs/requirements.md §3 and §7): the
 * enabled ones are offered, the others are hidden extras, kept and still priced.
 */
export const getExtras = () => apiRequest<ExtraList>('POST', '/api/orderextras', request);

/** Fetched once per page load and shared, like the price bands (lib/remote-resource.ts). */
export const extrasResource = createResource(getExtras);
