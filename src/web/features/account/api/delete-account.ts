import type { DeleteAccountInput } from '../../../../shared/api/auth';
import { apiRequest } from '../../../lib/api-client';

/** DELETE /public/members/delete: deletes the logged-in customer's account (password asked again). */
export const deleteAccount = (body: DeleteAccountInput) =>
  apiRequest<unknown>('DELETE', '/public/members/delete', body);
