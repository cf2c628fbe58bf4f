import { and, isNotNull, lt } from 'drizzle-orm';
import type { Uses } from '../../lib/uses';
import { mailOutbox, userTokens } from '../../db/schema';
import { deleteExpiredSessions } from '../../lib/auth';
import { deleteExpiredRateLimits } from '../../lib/rate-limit';

const CLEANUP_QUEUE = 'auth-cleanup';

/**
 * Deletes what has expired: sessions, rate-limit windows, links a day past their expiry, and
 * e-mails (which hold those links) a week after they were sent.
 */
export async function cleanUp(app: Uses<'database'>, now = new Date()) {
  const db = app.database.db;
  const sessions = await deleteExpiredSessions(db, now);
  const windows = await deleteExpiredRateLimits(db, now);
  const links = await db
    .delete(userTokens)
    .where(lt(userTokens.expiresAt, new Date(now.getTime() - 24 * 60 * 60 * 1000)))
    .returning({ id: userTokens.id });
  const mails = await db
    .delete(mailOutbox)
    .where(
      and(
        isNotNull(mailOutbox.sentAt),
        lt(mailOutbox.sentAt, new Date(now.getTime() - 7 * 24 * 60 * 60 * 1000)),
      ),
    )
    .returning({ id: mailOutbox.id });
  return { sessions, windows, links: links.length, mails: mails.length };
}

/** Runs the clean-up every hour on a worker node (pg-boss cron: one node runs each tick). */
export async function scheduleCleanUp(app: Uses<'database' | 'jobs' | 'log'>) {
  await app.jobs.every(CLEANUP_QUEUE, '17 * * * *', async () => {
    const removed = await cleanUp(app);
    app.log.info({ removed }, 'expired sessions, links and rate-limit windows removed');
  });
}
