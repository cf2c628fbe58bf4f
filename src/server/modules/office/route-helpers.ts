import { z } from 'zod';
import { pathId } from '../../../shared/api/listing';
import { authOf } from '../../lib/auth';

/** What the office's route files share: the id in the path, and the staff member calling. */

export const params = z.object({ Id: pathId }).strict();
export const me = (request: Parameters<typeof authOf>[0]) => authOf(request).user.id;
