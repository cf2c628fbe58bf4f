import type { Ok, ValidatedEmailInput } from '../../../../shared/api/auth';
import { apiRequest } from '../../../lib/api-client';

/** POST /public/auth/validated-email: confirms the address from the `/validate-email/{token}` link. */
export const validateEmail = (payload: ValidatedEmailInput) =>
  apiRequest<Ok>('POST', '/public/auth/validated-email', payload);
