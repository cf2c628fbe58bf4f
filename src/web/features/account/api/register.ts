import type { AccessToken } from '../../../../shared/api/auth';
import type { RegisterInput } from '../../../../shared/auth/schemas';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /public/auth/register: the body of the answer is the access token (docs/requirements.md §7).
 */
export const register = (payload: RegisterInput) =>
  apiRequest<AccessToken>('POST', '/public/auth/register', payload);
