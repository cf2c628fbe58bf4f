import { z } from 'zod';

/**
 * GET /api/admin/operations (admins): the figures an operator watches, the same the metrics
 * endpoint gives Prometheus (docs/decisions/0032).
 */
export const operationsResponse = z.object({
  /** Jobs of each pg-boss queue: waiting to run (or to be retried), running, failed. */
  Queues: z.array(
    z.object({ Name: z.string(), Queued: z.number(), Active: z.number(), Failed: z.number() }),
  ),
  /** E-mails in the outbox not yet sent, and given up after their retries. */
  MailsWaiting: z.number(),
  MailsGivenUp: z.number(),
  /** Refunds asked of the payment provider and not yet settled. */
  RefundsPending: z.number(),
  /** When the last `npm run backup` finished (ISO), or null when none was recorded. */
  LastBackupAt: z.string().nullable(),
  /** The database: `postgres` (with its pool) or the embedded `pglite`. */
  Database: z.object({
    Kind: z.enum(['pglite', 'postgres']),
    Pool: z.object({ InUse: z.number(), Idle: z.number(), Waiting: z.number() }).nullable(),
  }),
});
export type OperationsFigures = z.infer<typeof operationsResponse>;
