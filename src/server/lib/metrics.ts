import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's Prometheus figures (docs/decisions/0032), scraped at GET /metrics
 * (modules/operations/routes.ts). Counters are incremented where each event happens, one place
 * per event; the gauges of what waits in the database (job queues, e-mails, refunds, the last
 * backup) and of the connection pool are set from `operationsFigures` at each scrape. Every
 * node counts its own events: Prometheus sums the nodes.
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry });

const registers = [registry];

export const httpRequests = new Counter({
  name: 'ferrybox_http_requests_total',
  help: 'Requests answered, by route pattern, method and status',
  labelNames: ['method', 'route', 'status'] as const,
  registers,
});

export const httpDuration = new Histogram({
  name: 'ferrybox_http_request_duration_seconds',
  help: 'Time to answer a request, by route pattern, method and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers,
});

export const statementTimeouts = new Counter({
  name: 'ferrybox_db_statement_timeouts_total',
  help: 'Statements cut by statement_timeout or given up by the client (DB_STATEMENT_TIMEOUT_MS)',
  registers,
});

export const jobFailures = new Counter({
  name: 'ferrybox_job_failures_total',
  help: 'Job attempts that failed (to be retried, or given up), by queue',
  labelNames: ['queue'] as const,
  registers,
});

export const emails = new Counter({
  name: 'ferrybox_emails_total',
  help: 'E-mails sent, attempts failed (retried later) and given up, by this node',
  labelNames: ['outcome'] as const,
  registers,
});

export const passwordHashes = new Counter({
  name: 'ferrybox_password_hashes_total',
  help: 'Passwords hashed (a new one) and verified (a login, a re-authentication), by this node',
  labelNames: ['kind'] as const,
  registers,
});

export const passwordWorkWait = new Histogram({
  name: 'ferrybox_password_work_wait_seconds',
  help: 'Time a password hash or check waited for its turn (lib/passwords.ts bounds how many run)',
  buckets: [0.001, 0.005, 0.025, 0.1, 0.25, 0.5, 1, 2],
  registers,
});

export const passwordWorkRefused = new Counter({
  name: 'ferrybox_password_work_refused_total',
  help: 'Logins and registrations answered 503 because the queue of passwords to check was full',
  registers,
});

export const checkouts = new Counter({
  name: 'ferrybox_checkouts_total',
  help: 'Checkouts created, paid (booked from the provider) and expired (left unpaid)',
  labelNames: ['outcome'] as const,
  registers,
});

export const webhookFailures = new Counter({
  name: 'ferrybox_webhook_failures_total',
  help: 'Payment provider webhooks refused (bad signature) or failed (an error: the provider retries)',
  labelNames: ['provider', 'reason'] as const,
  registers,
});

// --- set at each scrape ---------------------------------------------------------------------

export const poolConnections = new Gauge({
  name: 'ferrybox_db_pool_connections',
  help: 'PostgreSQL pool connections, in use or idle',
  labelNames: ['state'] as const,
  registers,
});

export const poolWaiting = new Gauge({
  name: 'ferrybox_db_pool_waiting',
  help: 'Queries waiting for a free pool connection',
  registers,
});

export const queueJobs = new Gauge({
  name: 'ferrybox_job_queue_jobs',
  help: 'Jobs in the queue (pg-boss), by queue and state: queued, active or failed',
  labelNames: ['queue', 'state'] as const,
  registers,
});

export const emailsWaiting = new Gauge({
  name: 'ferrybox_emails_waiting',
  help: 'E-mails in the outbox not yet sent (and not given up)',
  registers,
});

export const emailsGivenUp = new Gauge({
  name: 'ferrybox_emails_given_up',
  help: 'E-mails in the outbox given up after their retries',
  registers,
});

export const refundsPending = new Gauge({
  name: 'ferrybox_refunds_pending',
  help: 'Refunds asked of the payment provider and not yet settled',
  registers,
});

export const lastBackup = new Gauge({
  name: 'ferrybox_last_backup_timestamp_seconds',
  help: 'When the last npm run backup finished (Unix time; 0: never)',
  registers,
});
