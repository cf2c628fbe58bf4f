import type { ForgottenPasswordPayload } from '../../../../shared/auth/schemas';
import { apiRequest } from '../../../lib/api-client';

/** POST /public/auth/forgot-password: the outcome is ignored (docs/requirements.md §7). */
export const forgotPassword = (payload: ForgottenPasswordPayload) =>
  apiRequest<unknown>('POST', '/public/auth/forgot-password', payload);
