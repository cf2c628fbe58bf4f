import type { Ok } from '../../../../shared/api/auth';
import { apiRequest } from '../../../lib/api-client';

/** POST /public/auth/request-validate-email: e-mails a new validation link (bearer). */
export const requestValidateEmail = () =>
  apiRequest<Ok>('POST', '/public/auth/request-validate-email');
