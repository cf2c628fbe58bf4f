import { authOf } from '../../lib/auth';
import type { Actor } from '../../lib/actor';

/** What the depot's route files share: the staff member calling. */

export const staff = (request: Parameters<typeof authOf>[0]): Actor => ({
  type: 'staff',
  id: authOf(request).user.id,
});
