import { apiRequest } from '../../../lib/api-client';

/** DELETE /public/members/delete: deletes the logged-in customer's account. */
export const deleteAccount = () => apiRequest<unknown>('DELETE', '/public/members/delete');
