import type { Address, AddressRequest } from '../../../shared/api/addresses';
import { apiRequest } from '../api-client';

/**
 * POST /public/addresses/create: saves a new address; errors go to the caller
 * (docs/requirements.md §8).
 */
export const createAddress = (address: AddressRequest) =>
  apiRequest<Address>('POST', '/public/addresses/create', address);
