import { z } from 'zod';
import { pathId } from '../../../shared/api/listing';
import { authOf } from '../../lib/auth';
import type { Actor } from '../orders/lifecycle';

/** What the depot's route files share: the id in the path, and the staff member calling. */

export const idParams = z.object({ Id: pathId }).strict();

export const staff = (request: Parameters<typeof authOf>[0]): Actor => ({
  type: 'staff',
  id: authOf(request).user.id,
});
