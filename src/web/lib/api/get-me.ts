import type { UserData } from '../../../shared/api/auth';
import { apiRequest } from '../api-client';

/** GET /public/auth/me: the user data with its Ability list (docs/requirements.md §7). */
export const getMe = () => apiRequest<UserData>('GET', '/public/auth/me');
