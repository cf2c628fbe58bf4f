import type { ProfileUpdateInput, ProfileUpdateResponse } from '../../../../shared/api/auth';
import { apiRequest } from '../../../lib/api-client';
import { setAccessToken, setUser } from '../../../lib/session';

/**
 * PUT /public/members/update: answers with a new accessToken and the userData
 * (docs/requirements.md §7), which are stored as the session's.
 */
export async function updateProfile(payload: ProfileUpdateInput): Promise<void> {
  const { accessToken, userData } = await apiRequest<ProfileUpdateResponse>(
    'PUT',
    '/public/members/update',
    payload,
  );
  setAccessToken(accessToken);
  setUser(userData);
}
