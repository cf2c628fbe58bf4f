import { createRequire } from 'node:module';
import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import { isDatabaseUnavailable, type Database } from '../db/client';
import type { Clock } from './clock';
import { jobFailures } from './metrics';

/**
 * The two statements pg-boss sends without waiting for them (a worker's job completed, or
 * failed): pg-boss neither awaits nor catches them, so one that fails because the database went
 * away would be an unhandled rejection, which ends the node. From pg-boss's own plans, in its
 * default schema.
 */
const plans = createRequire(import.meta.url)('pg-boss/src/plans') as {
  completeJobs(schema: string): string;
  failJobsById(schema: string): string;
};
const UNAWAITED = new Set([plans.completeJobs('pgboss'), plans.failJobsById('pgboss')]);

/**
 * Background jobs on pg-boss, in the application's own database (PGlite or PostgreSQL): a job
 * survives a restart and a failing one is retried with exponential backoff, so an e-mail queued
 * while the mail server is down is sent once it is back. Any node may work any job; a node with
 * WORKERS=0 only queues them. A worker that found a job looks for the next at once: it waits
 * for its polling interval only when its queue is empty.
 *
 * A connection the database ends fails the statement on it, and pg-boss's pool is the
 * application's (db/client.ts), so its connections are handled as every other: dropped and
 * replaced. pg-boss's own unawaited statements are caught below.
 *
 * PGlite has one connection: never `send` from inside a database transaction (the job insert
 * would wait for the transaction, which waits for it). E-mail does not go through here: a use
 * case queues it in its own transaction with `queueMail` (lib/mail.ts).
 */

export interface QueueOptions {
  /** Attempts after the first failure. */
  retryLimit: number;
  /** Seconds before the first retry; doubled (with jitter) for each further one. */
  retryDelay: number;
  /** A job still running after this long is failed (and retried). */
  expireInSeconds: number;
}

export interface JobsOptions {
  /** Run workers in this process (WORKERS). */
  workers: boolean;
  /** How often an idle worker looks for new jobs; pg-boss allows 0.5 and more. */
  pollingIntervalSeconds?: number;
  /** The app's clock, which each job runs in (lib/clock.ts `appNow`). */
  clock?: Clock;
}

export type JobHandler<T> = (data: T, job: { id: string }) => Promise<void>;

export class Jobs {
  private readonly boss: PgBoss;
  private readonly workerIds = new Map<string, string>();
  private readonly queues = new Set<string>();
  private readonly polling: number;
  /** Queries pg-boss has under way; stop() waits for them so the database can close after. */
  private inFlight = 0;
  private stopped = false;
  /** Set when stop() begins: no worker is woken to fetch again from then on. */
  private stopping = false;
  /** Handlers running now; a finished one is followed by pg-boss's completion query. */
  private handling = 0;

  constructor(
    database: Database,
    private readonly log: FastifyBaseLogger,
    private readonly options: JobsOptions,
  ) {
    this.polling = options.pollingIntervalSeconds ?? 2;
    this.boss = new PgBoss({
      db: {
        executeSql: async (text, values) => {
          if (this.stopped) throw new Error('the job queue is stopped');
          this.inFlight += 1;
          try {
            return await database.executeSql(text, values);
          } catch (err) {
            // The job stays active and is retried after it expires (handlers are idempotent:
            // a job may always run again after a crash).
            if (!UNAWAITED.has(text) || !isDatabaseUnavailable(err)) throw err;
            this.log.warn({ err }, 'job completion not recorded: the database is unavailable');
            return { rows: [{ count: 0 }] };
          } finally {
            this.inFlight -= 1;
          }
        },
      },
      // Queue maintenance (archiving, expiry) and cron schedules run where jobs are worked.
      supervise: options.workers,
      schedule: options.workers,
      // Finished jobs (whose e-mails may hold one-time links) are archived after an hour and
      // deleted after a week.
      archiveCompletedAfterSeconds: 60 * 60,
      deleteAfterDays: 7,
    });
    this.boss.on('error', (err) => {
      if (!this.stopped) this.log.error({ err }, 'job queue error');
    });
  }

  get workersEnabled(): boolean {
    return this.options.workers;
  }

  /** The queues defined in this process (the operations figures list each, empty or not). */
  get queueNames(): string[] {
    return [...this.queues];
  }

  /** Creates pg-boss's tables on first use (under an advisory lock, so nodes may race). */
  async start(): Promise<void> {
    await this.boss.start();
  }

  /**
   * Declares a queue with its retry policy and, when this node runs workers, its handler.
   * Safe on every start and from several nodes: existing queues get the current policy.
   */
  async define<T extends object>(
    name: string,
    queue: QueueOptions,
    handler: JobHandler<T>,
    /** Jobs of this queue worked at once by this node (default 1). */
    concurrency = 1,
  ): Promise<void> {
    const options = { ...queue, retryBackoff: true };
    await this.boss.createQueue(name, { name, ...options });
    await this.boss.updateQueue(name, { name, ...options });
    this.queues.add(name);
    if (!this.options.workers) return;
    const ids: string[] = [];
    for (let i = 0; i < concurrency; i++) {
      const worker: { id?: string } = {};
      worker.id = await this.boss.work<T>(
        name,
        { batchSize: 1, pollingIntervalSeconds: this.polling },
        async (jobs) => {
          // there may be more: fetch again as soon as this one is done, not after the interval
          if (worker.id && !this.stopping) this.boss.notifyWorker(worker.id);
          this.handling += 1;
          try {
            for (const job of jobs) {
              try {
                const work = () => handler(job.data, { id: job.id });
                await (this.options.clock ? this.options.clock.run(work) : work());
              } catch (err) {
                this.log.warn({ err, queue: name, jobId: job.id }, 'job failed, will retry');
                jobFailures.inc({ queue: name });
                throw err;
              }
            }
          } finally {
            this.handling -= 1;
          }
        },
      );
      ids.push(worker.id);
    }
    this.workerIds.set(name, ids[0]);
  }

  /**
   * A sweep on a cron schedule (UTC): its own queue, whose job one worker node runs at each tick
   * (`sweep` reads the app's clock itself). A failed sweep is tried again a minute later, twice
   * unless `retryLimit` says otherwise, and given ten minutes.
   */
  async every(
    name: string,
    cron: string,
    sweep: () => Promise<void>,
    { retryLimit = 2 }: { retryLimit?: number } = {},
  ): Promise<void> {
    await this.define(name, { retryLimit, retryDelay: 60, expireInSeconds: 10 * 60 }, sweep);
    await this.schedule(name, cron);
  }

  /** Runs the queue's job on a cron schedule (UTC), on nodes that run workers. */
  private async schedule(name: string, cron: string): Promise<void> {
    if (this.options.workers) await this.boss.schedule(name, cron, {}, { tz: 'UTC' });
  }

  /** Queues a job; a worker in this process is woken at once instead of at its next poll. */
  async send<T extends object>(name: string, data: T): Promise<string> {
    const id = await this.boss.send(name, data);
    if (!id) throw new Error(`job not queued on ${name}`);
    const worker = this.workerIds.get(name);
    if (worker) this.boss.notifyWorker(worker);
    return id;
  }

  /** A job's state (created, retry, active, completed, failed...), for tests and diagnostics. */
  async state(name: string, id: string): Promise<{ state: string; retryCount: number } | null> {
    const job = await this.boss.getJobById(name, id);
    return job ? { state: job.state, retryCount: job.retryCount } : null;
  }

  /** Stops fetching, waits (a few seconds at most) for jobs and queries in progress. */
  async stop(): Promise<void> {
    this.stopping = true;
    await this.boss.stop({ graceful: true, wait: true, timeout: 5_000 });
    // pg-boss may resolve stop() while a worker is still in its handler, whose completion query
    // follows: wait for both (a few seconds at most) before refusing queries, so none fails
    // unhandled and none reaches a closed database.
    const deadline = Date.now() + 5_000;
    const settled = async () => {
      while ((this.handling > 0 || this.inFlight > 0) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    };
    await settled();
    await new Promise((resolve) => setTimeout(resolve, 0));
    await settled();
    this.stopped = true;
  }
}
