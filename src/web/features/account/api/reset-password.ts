import type { Ok, ResetPasswordInput } from '../../../../shared/api/auth';
import { apiRequest } from '../../../lib/api-client';

/** POST /public/auth/reset-password: sets the new password from the e-mailed link's token. */
export const resetPassword = (payload: ResetPasswordInput) =>
  apiRequest<Ok>('POST', '/public/auth/reset-password', payload);
