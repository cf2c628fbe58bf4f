import type { AddressList, AddressListRequest } from '../../../shared/api/addresses';
import { apiRequest } from '../api-client';

/**
 * POST /public/addresses: a page of the customer's addresses (docs/requirements.md §7: items read).
 */
export const listAddresses = (request: AddressListRequest = {}) =>
  apiRequest<AddressList>('POST', '/public/addresses', request);
