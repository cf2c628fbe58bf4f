import type { Address, AddressRequest } from '../../../shared/api/addresses';
import { apiRequest } from '../api-client';

/** PUT /public/addresses/{Id}: saves the changed address and answers it. */
export const updateAddress = ({ Id, address }: { Id: number; address: AddressRequest }) =>
  apiRequest<Address>('PUT', `/public/addresses/${Id}`, address);
