import { apiRequest } from '../../../lib/api-client';

/** POST /public/auth/logout: ends the session on the server too (204). */
export const logout = () => apiRequest<null>('POST', '/public/auth/logout');
