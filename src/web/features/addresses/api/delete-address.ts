import type { Ok } from '../../../../shared/api/auth';
import { apiRequest } from '../../../lib/api-client';
import { forgetChosenAddress } from '../../../lib/chosen-addresses';

/**
 * DELETE /public/addresses/{Id}: deletes an address, and a choice of it for the checkout; errors go
 * to the caller (docs/requirements.md §8).
 */
export async function deleteAddress(Id: number) {
  const ok = await apiRequest<Ok>('DELETE', `/public/addresses/${Id}`);
  forgetChosenAddress(Id);
  return ok;
}
