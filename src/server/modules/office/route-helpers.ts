import { authOf } from '../../lib/auth';

/** What the office's route files share: the staff member calling. */
export const me = (request: Parameters<typeof authOf>[0]) => authOf(request).user.id;
