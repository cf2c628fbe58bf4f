import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { queueMail, type MailMessage } from '../../lib/mail';
import type { Site } from '../auth/emails';
import type { Tx } from '../orders/lifecycle';
import { withTrackUrl } from '../tracking/codes';

type To = { email: string; firstName: string };

/** Who to write to: a live account's address and first name; none for a deleted account. */
export async function recipient(tx: Tx, userId: number) {
  const [user] = await tx
    .select({ email: users.email, firstName: users.firstName, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, userId));
  return user?.email && !user.deletedAt
    ? { email: user.email, firstName: user.firstName ?? '' }
    : null;
}

/**
 * Queues a message about an order to the customer, when their account still has an address; the
 * order is given to `build` with its tracking link, which every order e-mail carries.
 */
export async function tell<O extends { id: number }>(
  tx: Tx,
  site: Site,
  customerId: number,
  order: O,
  build: (to: To, order: O & { trackUrl: string }) => MailMessage,
) {
  const to = await recipient(tx, customerId);
  if (to) await queueMail(tx, build(to, await withTrackUrl(tx, site, order)));
}
