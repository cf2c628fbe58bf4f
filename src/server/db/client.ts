import { fileURLToPath } from 'node:url';
import fs from 'node:fs/promises';
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

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** One database handle for the whole process: PGlite (embedded) or PostgreSQL (DATABASE_URL). */
export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs the SQL migrations kept in the repo; safe to call from several nodes at once. */
  migrate(): Promise<void>;
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  /**
   * Plain SQL for libraries that bring their own (the pg-boss job queue): with values one
   * parameterised statement, without them a script of several statements (the last result).
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /** PGlite only: its data folder as one file, to open copies from (`pgliteFrom`). */
  dump?(): Promise<Blob>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
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

export const DEFAULT_DB_TIMEOUTS: DbTimeouts = {
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

async function openPglite(dir: string | undefined, from: Blob | undefined): Promise<Database> {
  if (dir) await fs.mkdir(dir, { recursive: true });
  const client = await PGlite.create({ dataDir: dir, loadDataDir: from });
  const db = drizzlePglite({ client, schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    ping: async () => {
      await client.query('select 1');
    },
    executeSql: async (text, values) => {
      if (values?.length) return client.query(text, values);
      const results = await client.exec(text);
      return results.at(-1) ?? { rows: [] };
    },
    dump: () => client.dumpDataDir('none'),
    close: () => client.close(),
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
  // An idle client that loses its connection must not take the process down.
  pool.on('error', () => undefined);
  // A statement given up by the client may still be on the wire: that connection is done for.
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      const result = query(...args);
      if (result instanceof Promise) {
        result.catch((err: unknown) => {
          if (err instanceof Error && err.message === 'Query read timeout') {
            (
              client as unknown as { connection: { stream: { destroy(): void } } }
            ).connection.stream.destroy();
          }
        });
      }
      return result;
    };
  });
  const db = drizzlePg({ client: pool, schema });
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    migrate: async () => {
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
        await migratePg(drizzlePg({ client: conn, schema }), { migrationsFolder });
      } finally {
        await conn.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
        conn.release();
      }
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    executeSql: (text, values) => pool.query(text, values?.length ? values : undefined),
    close: () => pool.end(),
  };
}
