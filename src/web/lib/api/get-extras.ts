import type { ExtraList, ExtraListRequest } from '../../../shared/api/catalogue';
import { everyPage, EXTRAS_REQUEST } from '../../../shared/catalogue-requests';
import { apiRequest } from '../api-client';
import { createResource } from '../remote-resource';

/**
 * Every order extra in SortOrder with its Enabled flag (docs/requirements.md §3 and §7): the
 * enabled ones are offered, the others are hidden extras, kept and still priced. Asked for as the
 * requirements say, a page of 20 at a time (docs/decisions/0047).
 */
export const getExtras = () =>
  everyPage(EXTRAS_REQUEST, (body: ExtraListRequest) =>
    apiRequest<ExtraList>('POST', '/api/orderextras', body),
  );

/** Fetched once per page load and shared, like the price bands (lib/remote-resource.ts). */
export const extrasResource = createResource(getExtras);
