import { once } from 'node:events';
import { createReadStream, createWriteStream, existsSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import readline from 'node:readline';
import { finished } from 'node:stream/promises';
import zlib from 'node:zlib';
import { getTableName } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { Config } from '../config';
import { migrationsFolder, openDatabase, type Database, type SqlRunner } from './client';
import {
  closingDays,
  discountCodes,
  orderExtras,
  products,
  sailingDepartures,
  sailingRoutes,
  seedLog,
  settings,
} from './schema';

/**
 * Backup and restore of the whole database in one file, in plain SQL over the application's own
 * driver (no pg_dump), the same on PGlite and PostgreSQL (docs/decisions/0032).
 *
 * The file is gzip'd JSON lines: a header (format, when, the migrations the database had, so
 * its schema version), then for each table of the `public` schema a line naming it, its columns
 * and its row count followed by its rows, one JSON object each as PostgreSQL's `to_json` wrote it
 * (bytea as `\x…` hex, numbers as their digits: nothing passes through JavaScript's numbers),
 * then the sequences' values and a closing line. The rows are read through a cursor inside one
 * read-only REPEATABLE READ transaction, so the file is one consistent view of a database that
 * goes on serving, and neither side holds more than a batch in memory.
 *
 * pg-boss's schema (its queued jobs) is not in the file: see the decision.
 */

export const BACKUP_FORMAT = 'ferrybox-backup';
export const FORMAT_VERSION = 1;
/** Rows fetched from a cursor, or inserted, at once; a batch of photos is cut at BATCH_BYTES. */
export const BATCH_ROWS = 500;
export const BATCH_BYTES = 8 * 1024 * 1024;

/** One applied migration: its tag (file name) and drizzle's hash of its SQL. */
export interface MigrationId {
  tag: string;
  hash: string;
}

export interface Header {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  database: Database['kind'];
  /** The migrations the database had, in order: its schema version is the last one. */
  migrations: MigrationId[];
  /** What the file leaves out. */
  excludes: string;
}

export interface TableLine {
  table: string;
  columns: string[];
  rows: number;
}

export interface Trailer {
  sequences: { name: string; value: string; called: boolean }[];
  tables: number;
  rows: number;
}

export interface BackupSummary {
  file: string;
  tables: number;
  rows: number;
  bytes: number;
  schema: string;
}

/** A refusal meant for the operator (the command prints it and exits 2), not a crash. */
export class BackupRefused extends Error {}

/**
 * Tables whose rows are live keys (decision 0046): log-in sessions, the one-time tokens of
 * password resets, e-mail validations and staff invitations, and the e-mail outbox, whose
 * messages carry those links. A backup holds their columns and none of their rows, and a restore
 * loads none (a file made before this rule still carries them): a restored site sends no e-mail
 * again, and every session and link of the backup's day is dead. Everyone logs in again; a staff
 * invitation still pending is sent again.
 */
export const LIVE_KEY_TABLES = new Set(['sessions', 'user_tokens', 'mail_outbox']);

/**
 * The folder a backup is written to: made this user's only (0700) when it is new; one that
 * others may read or enter is refused, as the file would be listed and reachable there.
 */
async function privateFolder(file: string) {
  const dir = path.dirname(file);
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  const { mode } = await fs.stat(dir);
  if ((mode & 0o077) !== 0) {
    throw new BackupRefused(
      `${dir} can be read or entered by other users (mode ${(mode & 0o777).toString(8)}): ` +
        "a backup holds every customer's data. Write it to a folder only you can open " +
        `(chmod 700 ${dir}, or a new folder), then run this again.`,
    );
  }
}

/** The tables the seed fills: a database holding only these holds no data of its own. */
export const SEED_TABLES = new Set<string>(
  [
    products,
    orderExtras,
    settings,
    seedLog,
    discountCodes,
    sailingRoutes,
    sailingDepartures,
    closingDays,
  ].map(getTableName),
);

export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
export const qualified = (table: string) => `public.${ident(table)}`;

/** This release's migrations, in order. */
export function knownMigrations(folder = migrationsFolder): MigrationId[] {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const files = readMigrationFiles({ migrationsFolder: folder });
  return journal.entries.map((entry, i) => ({ tag: entry.tag, hash: files[i].hash }));
}

/** The migrations a database has had (none for an empty one), in order. */
async function appliedMigrations(query: SqlRunner): Promise<MigrationId[]> {
  const { rows: exists } = await query<{ found: boolean }>(
    "select to_regclass('drizzle.__drizzle_migrations') is not null as found",
  );
  if (!exists[0].found) return [];
  const { rows } = await query<{ hash: string }>(
    'select hash from drizzle.__drizzle_migrations order by created_at, id',
  );
  const known = new Map(knownMigrations().map((m) => [m.hash, m.tag]));
  return rows.map((r) => ({ hash: r.hash, tag: known.get(r.hash) ?? 'unknown' }));
}

/** The tables of the public schema, by name. */
export async function tablesOf(query: SqlRunner): Promise<string[]> {
  const { rows } = await query<{ name: string }>(
    `select relname as name from pg_class
     where relnamespace = 'public'::regnamespace and relkind in ('r', 'p') order by relname`,
  );
  return rows.map((r) => r.name);
}

/** A table's stored columns (not generated ones), in order, and its primary key's. */
async function columnsOf(query: SqlRunner, table: string) {
  const { rows } = await query<{ name: string; key: number | null }>(
    `select a.attname as name, array_position(i.indkey::int2[], a.attnum) as key
     from pg_attribute a
     left join pg_index i on i.indrelid = a.attrelid and i.indisprimary
     where a.attrelid = $1::regclass and a.attnum > 0 and not a.attisdropped
       and a.attgenerated = ''
     order by a.attnum`,
    [qualified(table)],
  );
  const key = rows
    .filter((r) => r.key !== null)
    .sort((a, b) => Number(a.key) - Number(b.key))
    .map((r) => r.name);
  return { columns: rows.map((r) => r.name), key };
}

/** The sequences of the public schema (the serial ids) and where each stands. */
async function sequencesOf(query: SqlRunner): Promise<Trailer['sequences']> {
  const { rows } = await query<{ name: string }>(
    "select relname as name from pg_class where relnamespace = 'public'::regnamespace and relkind = 'S' order by relname",
  );
  const sequences: Trailer['sequences'] = [];
  for (const { name } of rows) {
    const { rows: at } = await query<{ value: string; called: boolean }>(
      `select last_value::text as value, is_called as called from ${qualified(name)}`,
    );
    sequences.push({ name, ...at[0] });
  }
  return sequences;
}

/**
 * Writes the whole database to `file` (gzip'd JSON lines, see above) from one consistent
 * snapshot, then records the backup in `backup_runs` (when the database has that table). The
 * file appears under its name only once complete.
 */
export async function backupTo(database: Database, file: string): Promise<BackupSummary> {
  const partial = `${file}.partial`;
  await privateFolder(file);
  const gzip = zlib.createGzip();
  // This user's only (0600): the file holds every customer's data.
  const out = createWriteStream(partial, { mode: 0o600 });
  gzip.pipe(out);
  const write = async (value: unknown) => {
    if (!gzip.write(`${typeof value === 'string' ? value : JSON.stringify(value)}\n`)) {
      await once(gzip, 'drain');
    }
  };
  let summary: Omit<BackupSummary, 'bytes' | 'file'>;
  try {
    summary = await database.inTransaction('snapshot', async (query) => {
      const migrations = await appliedMigrations(query);
      const header: Header = {
        format: BACKUP_FORMAT,
        version: FORMAT_VERSION,
        createdAt: new Date().toISOString(),
        database: database.kind,
        migrations,
        excludes: `pg-boss job queue (schema pgboss); the rows of ${[...LIVE_KEY_TABLES].join(', ')} (live keys)`,
      };
      await write(header);
      const tables = await tablesOf(query);
      let total = 0;
      for (const table of tables) {
        const { columns, key } = await columnsOf(query, table);
        if (LIVE_KEY_TABLES.has(table)) {
          await write({ table, columns, rows: 0 } satisfies TableLine);
          continue;
        }
        const { rows: counted } = await query<{ n: string }>(
          `select count(*)::text as n from ${qualified(table)}`,
        );
        const line: TableLine = { table, columns, rows: Number(counted[0].n) };
        await write(line);
        const list = columns.map(ident).join(', ');
        const order = key.length ? ` order by ${key.map(ident).join(', ')}` : '';
        await query(
          `declare backup_rows no scroll cursor for
           select to_json(r)::text as row from (select ${list} from ${qualified(table)}${order}) r`,
        );
        for (;;) {
          const { rows } = await query<{ row: string }>(
            `fetch forward ${BATCH_ROWS} from backup_rows`,
          );
          for (const r of rows) await write(r.row);
          if (rows.length < BATCH_ROWS) break;
        }
        await query('close backup_rows');
        total += line.rows;
      }
      const trailer: Trailer = {
        sequences: await sequencesOf(query),
        tables: tables.length,
        rows: total,
      };
      await write(trailer);
      return { tables: tables.length, rows: total, schema: migrations.at(-1)?.tag ?? 'empty' };
    });
    gzip.end();
    await finished(out);
    await fs.chmod(partial, 0o600);
    await fs.rename(partial, file);
  } catch (err) {
    gzip.destroy();
    out.destroy();
    await fs.rm(partial, { force: true });
    throw err;
  }
  const { size } = await fs.stat(file);
  // A database of an older schema (backed up before an upgrade) has no record of backups.
  const { rows } = await database.executeSql(
    "select to_regclass('public.backup_runs') is not null as found",
  );
  if ((rows[0] as { found: boolean }).found) {
    await database.executeSql('insert into backup_runs (rows, bytes) values ($1, $2)', [
      summary.rows,
      size,
    ]);
  }
  return { ...summary, file, bytes: size };
}

/** Reads a backup's lines one at a time. */
export class LineReader {
  private readonly lines: AsyncIterator<string>;
  constructor(file: string) {
    const input = createReadStream(file).pipe(zlib.createGunzip());
    this.lines = readline.createInterface({ input, crlfDelay: Infinity })[Symbol.asyncIterator]();
  }
  async next(): Promise<string> {
    const { value, done } = await this.lines.next();
    if (done) throw new BackupRefused('The backup file ends early: it is incomplete.');
    return value;
  }
  async json<T>(): Promise<T> {
    return JSON.parse(await this.next()) as T;
  }
  async close() {
    await this.lines.return?.();
  }
}

/**
 * Opens the configured database for `npm run backup` / `restore`, with no statement timeout (a
 * restore's checks of every foreign key take what they take). The embedded database opens in one
 * process only: refused while `npm start` (or anything else) has it open.
 */
export async function openForMaintenance(config: Config): Promise<Database> {
  if (!config.databaseUrl && existsSync(path.join(config.pgliteDir!, 'postmaster.pid'))) {
    throw new BackupRefused(
      `The embedded database in ${config.pgliteDir} is open in another process: stop ` +
        '`npm start` first (PGlite opens in one process only). If no Ferrybox is running, it ' +
        'was stopped without closing the database: start it and stop it once (Ctrl+C), then ' +
        'run this again.',
    );
  }
  return openDatabase({
    url: config.databaseUrl,
    pgliteDir: config.pgliteDir,
    poolSize: 2,
    timeouts: { ...config.dbTimeouts, statementMs: 0 },
  });
}
