import { fileURLToPath } from 'node:url';
import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';
import type { DbTimeouts } from '../config';
import { statementTimeouts } from '../lib/metrics';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A database handle or an open transaction: anything drizzle can query with. */
export type Tx = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute' | '$with' | 'with'>;

/** Plain SQL on one connection (backup and restore's statements, in their transaction). */
export type SqlRunner = <R = Record<string, unknown>>(
  text: string,
  values?: unknown[],
) => Promise<{ rows: R[] }>;

/** One database handle for the whole process: PGlite (embedded) or PostgreSQL (DATABASE_URL). */
export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Runs the SQL migrations kept in the repo (or those of `folder`, a copy of part of them: a
   * restore builds an older schema); safe to call from several nodes at once.
   */
  migrate(folder?: string): Promise<void>;
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  /**
   * Plain SQL for libraries that bring their own (the pg-boss job queue): with values one
   * parameterised statement, without them a script of several statements (the last result).
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /**
   * PostgreSQL only: called with each connection the database or the network broke (the pool
   * has already dropped it and opens another when one is needed); the app logs them.
   */
  onConnectionError?(listener: (err: Error) => void): void;
  /**
   * Runs `work` in one transaction on one connection (backup and restore): `snapshot` is a
   * read-only REPEATABLE READ transaction, one consistent view while other connections write.
   */
  inTransaction<T>(mode: 'snapshot' | 'write', work: (query: SqlRunner) => Promise<T>): Promise<T>;
  /** PostgreSQL only: the pool's connections and the queries waiting for one (metrics). */
  poolStats?(): { total: number; idle: number; waiting: number };
  /** PGlite only: its data folder as one file, to open copies from (`pgliteFrom`). */
  dump?(): Promise<Blob>;
  close(): Promise<void>;
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
/** Any fixed number: the advisory lock that serialises migrations across nodes. */
const MIGRATION_LOCK = 727_274_001;

export interface DatabaseOptions {
  /** postgres:// URL; when absent PGlite is used. */
  url?: string;
  /** PGlite's folder; undefined keeps the database in memory. */
  pgliteDir?: string;
  /** A PGlite data folder dumped by `dumpDataDir()` to start from (the tests' migrated copy). */
  pgliteFrom?: Blob;
  /** Connection pool size for PostgreSQL. */
  poolSize?: number;
  /** PostgreSQL timeouts and keepalive (DB_*_MS); the defaults are the configuration's. */
  timeouts?: Partial<DbTimeouts>;
}

const DEFAULT_DB_TIMEOUTS: DbTimeouts = {
  connectMs: 5_000,
  statementMs: 15_000,
  idleMs: 30_000,
  keepAliveMs: 10_000,
};

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const timeouts = { ...DEFAULT_DB_TIMEOUTS, ...options.timeouts };
    return openPostgres(options.url, options.poolSize ?? 10, timeouts);
  }
  return openPglite(options.pgliteDir, options.pgliteFrom);
}

/**
 * Makes a folder and everything in it readable and writable by this user only (folders 0700,
 * files 0600). PGlite's file system writes its files world-writable, whatever the umask
 * (decision 0046): its folder closed to others keeps the ones it makes later out of reach too.
 */
async function ownerOnly(dir: string): Promise<void> {
  await fs.chmod(dir, 0o700);
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const at = path.join(dir, entry.name);
    if (entry.isDirectory()) await ownerOnly(at);
    else if (entry.isFile()) await fs.chmod(at, 0o600);
  }
}

async function openPglite(dir: string | undefined, from: Blob | undefined): Promise<Database> {
  if (dir) await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  const client = await PGlite.create({ dataDir: dir, loadDataDir: from });
  if (dir) await ownerOnly(dir);
  const db = drizzlePglite({ client, schema });
  return {
    db: retryConflicts(db as unknown as Db),
    kind: 'pglite',
    migrate: (folder = migrationsFolder) => migratePglite(db, { migrationsFolder: folder }),
    ping: async () => {
      await client.query('select 1');
    },
    executeSql: async (text, values) => {
      if (values?.length) return client.query(text, values);
      const results = await client.exec(text);
      return results.at(-1) ?? { rows: [] };
    },
    inTransaction: (mode, work) =>
      client.transaction(async (tx) => {
        if (mode === 'snapshot') {
          await tx.query('set transaction isolation level repeatable read, read only');
        }
        return work(<R>(text: string, values?: unknown[]) => tx.query<R>(text, values));
      }),
    dump: () => client.dumpDataDir('none'),
    close: async () => {
      await client.close();
      if (dir) await ownerOnly(dir);
    },
  };
}

/**
 * A pool that cannot hang the node: a connection must be made within `connectMs` (a server that
 * accepts and never answers fails the start instead of hanging it), every statement is cut by the
 * server after `statementMs` and given up by the client a second later (a network that swallows
 * packets), a connection whose statement was given up is destroyed rather than reused, idle
 * connections close after `idleMs`, and TCP keepalive probes a silent peer after `keepAliveMs`.
 * A pool emptied by an outage refills by itself once the database answers again.
 */
async function openPostgres(url: string, max: number, t: DbTimeouts): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: t.connectMs,
    idleTimeoutMillis: t.idleMs,
    keepAlive: t.keepAliveMs > 0,
    keepAliveInitialDelayMillis: t.keepAliveMs,
    ...(t.statementMs > 0
      ? { statement_timeout: t.statementMs, query_timeout: t.statementMs + 1_000 }
      : {}),
  });
  let onConnectionError: (err: Error) => void = () => undefined;
  // An idle client that loses its connection is removed by the pool, which then emits this.
  pool.on('error', (err) => onConnectionError(err));
  // A checked-out client (a transaction, or a query in flight) emits 'error' too, and the pool
  // listens only while it is idle: without a listener of our own a connection PostgreSQL ends
  // (a restart, a failover, pg_terminate_backend, a pooler recycling it) would end the node.
  // The client is given back to the pool as broken, which closes it and opens a new one on
  // demand; the holder's own release afterwards does nothing, and its next statement (the
  // rollback) fails, so the request it served fails with 503 (isDatabaseUnavailable).
  const checkedOut = new WeakSet<pg.PoolClient>();
  pool.on('acquire', (client) => checkedOut.add(client));
  pool.on('release', (_err, client) => checkedOut.delete(client));
  pool.on('connect', (client) => {
    client.on('error', (err) => {
      if (!checkedOut.has(client)) return; // idle: the pool's own listener removes it
      onConnectionError(err);
      const release = client.release;
      client.release = () => undefined;
      release(err);
    });
    // A statement given up by the client may still be on the wire: that connection is done for.
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    // Statements of one transaction started together (a Promise.all over `tx`) run one after the
    // other, as PostgreSQL runs them on one connection anyway: queued here rather than in pg's own
    // queue, which pg 8 deprecates and pg 9 removes. Calls with a callback or a stream (the pool's
    // own single statements, cursors) go straight through.
    let previous: Promise<unknown> = Promise.resolve();
    (client as { query: unknown }).query = (...args: unknown[]) => {
      const streamed =
        typeof args.at(-1) === 'function' ||
        typeof (args[0] as { submit?: unknown } | null)?.submit === 'function';
      if (streamed) return query(...args);
      const result = previous.then(() => query(...args));
      previous = result.catch((err: unknown) => {
        const timedOut = err instanceof Error && err.message === 'Query read timeout';
        if (timedOut || (err as { code?: string } | null)?.code === '57014') {
          statementTimeouts.inc();
        }
        if (timedOut) {
          (
            client as unknown as { connection: { stream: { destroy(): void } } }
          ).connection.stream.destroy();
        }
      });
      return result;
    };
  });
  const db = drizzlePg({ client: pool, schema });
  return {
    db: retryConflicts(db as unknown as Db),
    kind: 'postgres',
    migrate: async (folder = migrationsFolder) => {
      const conn = await pool.connect();
      try {
        // Waiting for another node's migrations is no stuck statement.
        await conn.query('set statement_timeout = 0');
        const lock = {
          text: 'select pg_advisory_lock($1)',
          values: [MIGRATION_LOCK],
          query_timeout: 10 * 60_000,
        };
        await conn.query(lock);
        await migratePg(drizzlePg({ client: conn, schema }), { migrationsFolder: folder });
      } finally {
        await conn.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
        conn.release();
      }
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    executeSql: (text, values) => pool.query(text, values?.length ? values : undefined),
    onConnectionError: (listener) => {
      onConnectionError = listener;
    },
    inTransaction: async (mode, work) => {
      const conn = await pool.connect();
      try {
        await conn.query(
          mode === 'snapshot' ? 'begin isolation level repeatable read, read only' : 'begin',
        );
        const result = await work(async <R>(text: string, values?: unknown[]) => {
          const { rows } = await conn.query(text, values);
          return { rows: rows as R[] };
        });
        await conn.query('commit');
        return result;
      } catch (err) {
        await conn.query('rollback').catch(() => undefined);
        throw err;
      } finally {
        conn.release();
      }
    },
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    close: () => pool.end(),
  };
}

/**
 * Whether a SQLSTATE says the database cannot take work now, by its class rather than a list of
 * codes (decision 0046): class 08 (the connection), 53 (out of resources: connections, memory,
 * disk), 57 (the operator or the server: a shutdown, a restart, a cancelled statement), 55000
 * (a server not in the state to accept the session, as a standby or a starting server answers a
 * connection) and 25006 (a read-only transaction: a primary turned standby after a failover).
 * Serialization failures and deadlocks (`isRetryableConflict`) count too once their retries
 * are spent.
 */
function isUnavailableState(code: string): boolean {
  return (
    /^(08|53|57)/.test(code) || code === '55000' || code === '25006' || isRetryableConflict(code)
  );
}

/** 40001 serialization_failure and 40P01 deadlock_detected: run the transaction again. */
const isRetryableConflict = (code: string) => code === '40001' || code === '40P01';

/** How many times a transaction runs in all when PostgreSQL asks for it to be run again. */
export const TRANSACTION_ATTEMPTS = 3;

const sqlState = (error: unknown): string | undefined => {
  for (let err = error, depth = 0; err instanceof Error && depth < 5; depth++) {
    const code = (err as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    err = err.cause;
  }
  return undefined;
};

/**
 * Gives `db.transaction` its retries: a transaction PostgreSQL ended as a serialization failure
 * or a deadlock is rolled back whole, so running it again is safe (nothing of it was written;
 * side effects leave after the commit, decision 0030). A short random pause first lets the
 * other transaction finish.
 */
function retryConflicts(db: Db): Db {
  const transaction = db.transaction.bind(db);
  const retrying: typeof db.transaction = async (work, config) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await transaction(work, config);
      } catch (err) {
        const code = sqlState(err);
        if (!code || !isRetryableConflict(code) || attempt >= TRANSACTION_ATTEMPTS) throw err;
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
      }
    }
  };
  db.transaction = retrying;
  return db;
}

const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** node-postgres's and PGlite's own errors for a connection that broke or never came. */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'is not queryable',
  'PGlite is closed',
  // the pool already ended (the node is shutting down): another node, or this one restarted, can
  // answer the retry
  'Cannot use a pool after calling end on the pool',
];

/**
 * Whether an error (or one it wraps: drizzle wraps the driver's) says the database could not be
 * reached or dropped the connection, rather than refusing the statement: worth a retry, so the
 * API answers 503 with Retry-After (lib/errors.ts).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let err = error, depth = 0; err instanceof Error && depth < 5; depth++) {
    const code = (err as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (/^[0-9A-Z]{5}$/.test(code) && isUnavailableState(code)) return true;
      if (UNAVAILABLE_SOCKET_CODES.has(code)) return true;
    }
    if (UNAVAILABLE_MESSAGES.some((m) => err instanceof Error && err.message.includes(m))) {
      return true;
    }
    err = err.cause;
  }
  return false;
}
