import { eq } from 'drizzle-orm';
import { users } from '../db/schema';
import type { Tx } from '../db/client';

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
