import type { AccessToken } from '../../../../shared/api/auth';
import type { LoginPayload } from '../../../../shared/auth/schemas';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /public/auth/login: the body of the answer is the access token (docs/requirements.md §7).
 */
export const login = (payload: LoginPayload) =>
  apiRequest<AccessToken>('POST', '/public/auth/login', payload);
