import type { Profile } from '../../../../shared/api/auth';
import { apiRequest } from '../../../lib/api-client';

/** GET /public/members: the logged-in customer's profile (docs/requirements.md §7). */
export const getProfile = () => apiRequest<Profile>('GET', '/public/members');
