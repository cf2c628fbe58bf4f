import { count, isNotNull, isNull, and, eq, max } from 'drizzle-orm';
import type { Uses } from '../../lib/uses';
import type { OperationsFigures } from '../../../shared/api/operations';
import { backupRuns, mailOutbox, refunds } from '../../db/schema';
import {
  emailsGivenUp,
  emailsWaiting,
  lastBackup,
  poolConnections,
  poolWaiting,
  queueJobs,
  refundsPending,
} from '../../lib/metrics';

/** pg-boss's job states, as the figures group them. */
const JOB_STATES = {
  created: 'Queued',
  retry: 'Queued',
  active: 'Active',
  failed: 'Failed',
} as const;

/**
 * What waits in the database (job queues, e-mails, refunds), the last backup and the pool: read
 * once for the back office's health screen and for each scrape of /metrics, whose gauges it sets.
 */
export async function operationsFigures(
  app: Uses<'database' | 'jobs'>,
): Promise<OperationsFigures> {
  const db = app.database.db;
  const [jobs, [waiting], [givenUp], [pending], [backup]] = await Promise.all([
    app.database.executeSql(
      `select name, state, count(*)::int as n from pgboss.job
       where state in ('created', 'retry', 'active', 'failed') group by name, state`,
    ) as Promise<{ rows: { name: string; state: keyof typeof JOB_STATES; n: number }[] }>,
    db
      .select({ n: count() })
      .from(mailOutbox)
      .where(and(isNull(mailOutbox.sentAt), isNull(mailOutbox.failedAt))),
    db.select({ n: count() }).from(mailOutbox).where(isNotNull(mailOutbox.failedAt)),
    db.select({ n: count() }).from(refunds).where(eq(refunds.status, 'pending')),
    db.select({ at: max(backupRuns.finishedAt) }).from(backupRuns),
  ]);
  const queues = new Map<string, OperationsFigures['Queues'][number]>();
  for (const name of app.jobs.queueNames) {
    queues.set(name, { Name: name, Queued: 0, Active: 0, Failed: 0 });
  }
  for (const row of jobs.rows) {
    const queue = queues.get(row.name) ?? { Name: row.name, Queued: 0, Active: 0, Failed: 0 };
    queue[JOB_STATES[row.state]] += row.n;
    queues.set(row.name, queue);
  }
  const pool = app.database.poolStats?.();
  const figures: OperationsFigures = {
    Queues: [...queues.values()].sort((a, b) => a.Name.localeCompare(b.Name)),
    MailsWaiting: waiting.n,
    MailsGivenUp: givenUp.n,
    RefundsPending: pending.n,
    LastBackupAt: backup.at ? new Date(backup.at).toISOString() : null,
    Database: {
      Kind: app.database.kind,
      Pool: pool ? { InUse: pool.total - pool.idle, Idle: pool.idle, Waiting: pool.waiting } : null,
    },
  };
  for (const q of figures.Queues) {
    queueJobs.set({ queue: q.Name, state: 'queued' }, q.Queued);
    queueJobs.set({ queue: q.Name, state: 'active' }, q.Active);
    queueJobs.set({ queue: q.Name, state: 'failed' }, q.Failed);
  }
  emailsWaiting.set(figures.MailsWaiting);
  emailsGivenUp.set(figures.MailsGivenUp);
  refundsPending.set(figures.RefundsPending);
  lastBackup.set(backup.at ? new Date(backup.at).getTime() / 1000 : 0);
  if (figures.Database.Pool) {
    poolConnections.set({ state: 'in_use' }, figures.Database.Pool.InUse);
    poolConnections.set({ state: 'idle' }, figures.Database.Pool.Idle);
    poolWaiting.set(figures.Database.Pool.Waiting);
  }
  return figures;
}
