import { once } from 'node:events';
import { createReadStream, createWriteStream, existsSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { finished } from 'node:stream/promises';
import zlib from 'node:zlib';
import { getTableName } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { Config } from '../config';
import { migrationsFolder, openDatabase, type Database, type SqlRunner } from './client';
import { discountCodes, orderExtras, products, seedLog, settings } from './schema';

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

const BACKUP_FORMAT = 'ferrybox-backup';
const FORMAT_VERSION = 1;
/** Rows fetched from a cursor, or inserted, at once; a batch of photos is cut at BATCH_BYTES. */
const BATCH_ROWS = 500;
const BATCH_BYTES = 8 * 1024 * 1024;

/** One applied migration: its tag (file name) and drizzle's hash of its SQL. */
export interface MigrationId {
  tag: string;
  hash: string;
}

interface Header {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  database: Database['kind'];
  /** The migrations the database had, in order: its schema version is the last one. */
  migrations: MigrationId[];
  /** What the file leaves out. */
  excludes: string;
}

interface TableLine {
  table: string;
  columns: string[];
  rows: number;
}

interface Trailer {
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

/** The tables the seed fills: a database holding only these holds no data of its own. */
const SEED_TABLES = new Set<string>(
  [products, orderExtras, settings, seedLog, discountCodes].map(getTableName),
);

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
const qualified = (table: string) => `public.${ident(table)}`;

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
async function tablesOf(query: SqlRunner): Promise<string[]> {
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
  const gzip = zlib.createGzip();
  const out = createWriteStream(partial);
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
        excludes: 'pg-boss job queue (schema pgboss)',
      };
      await write(header);
      const tables = await tablesOf(query);
      let total = 0;
      for (const table of tables) {
        const { columns, key } = await columnsOf(query, table);
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
class LineReader {
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
 * Whether a database holds data of its own: a row in any table but the seed's (a fresh install
 * that only ran `npm start` holds none).
 */
async function holdsData(query: SqlRunner): Promise<string | undefined> {
  for (const table of await tablesOf(query)) {
    if (SEED_TABLES.has(table)) continue;
    const { rows } = await query<{ found: boolean }>(
      `select exists (select 1 from ${qualified(table)}) as found`,
    );
    if (rows[0].found) return table;
  }
  return undefined;
}

/** Where the file's schema stands against this release's: refused when it is newer or foreign. */
function checkSchema(migrations: MigrationId[]): number {
  const known = knownMigrations();
  const foreign = migrations.findIndex((m, i) => known[i]?.hash !== m.hash);
  if (foreign >= 0) {
    throw new BackupRefused(
      migrations.length > known.length || foreign >= known.length
        ? `This backup is from a newer Ferrybox: its schema is at migration ${migrations.length} ` +
            `and this release knows ${known.length} (up to ${known.at(-1)?.tag}). Upgrade ` +
            'Ferrybox first, then restore.'
        : `This backup's migration ${foreign + 1} is not this release's ${known[foreign].tag}: ` +
            'it was not made by a Ferrybox of this line. Nothing was changed.',
    );
  }
  return migrations.length;
}

/** A copy of the first `count` migrations, to build the schema a backup was taken at. */
export async function migrationsUpTo(count: number): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ferrybox-migrations-'));
  const journal = JSON.parse(
    await fs.readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: { tag: string }[] };
  journal.entries = journal.entries.slice(0, count);
  await fs.mkdir(path.join(dir, 'meta'));
  await fs.writeFile(path.join(dir, 'meta', '_journal.json'), JSON.stringify(journal));
  for (const { tag } of journal.entries) {
    await fs.copyFile(path.join(migrationsFolder, `${tag}.sql`), path.join(dir, `${tag}.sql`));
  }
  return dir;
}

export interface RestoreSummary {
  tables: number;
  rows: number;
  /** The migration the backup was taken at, and the one the database is at now. */
  from: string;
  to: string;
}

/**
 * Replaces the database's contents with a backup's: refuses a file from a newer schema, and a
 * database that holds data unless `force`. Drops Ferrybox's tables (and pg-boss's queue), builds
 * the schema the backup was taken at, loads every row in one transaction (the foreign keys
 * dropped meanwhile and checked again when added back, as the tables refer to each other in a
 * cycle), sets the sequences, then migrates to this release's schema.
 */
export async function restoreFrom(
  database: Database,
  file: string,
  options: { force?: boolean } = {},
): Promise<RestoreSummary> {
  if (!existsSync(file)) throw new BackupRefused(`No such file: ${file}`);
  const reader = new LineReader(file);
  try {
    const header = await reader.json<Partial<Header>>().catch((err: unknown) => {
      throw err instanceof BackupRefused
        ? err
        : new BackupRefused(`${file} is not a Ferrybox backup (it is not gzip'd JSON lines).`);
    });
    if (header.format !== BACKUP_FORMAT || !Array.isArray(header.migrations)) {
      throw new BackupRefused(`${file} is not a Ferrybox backup.`);
    }
    if (header.version !== FORMAT_VERSION) {
      throw new BackupRefused(
        `This backup's format (${header.version}) is not one this release reads.`,
      );
    }
    const count = checkSchema(header.migrations);
    const occupied = await database.inTransaction('write', holdsData);
    if (occupied && !options.force) {
      throw new BackupRefused(
        `The database holds data (the table ${occupied} has rows) and a restore replaces ` +
          'everything in it. Run the restore again with --force to do that.',
      );
    }
    await database.inTransaction('write', async (query) => {
      for (const table of await tablesOf(query)) {
        await query(`drop table if exists ${qualified(table)} cascade`);
      }
      await query('drop schema if exists drizzle cascade');
      await query('drop schema if exists pgboss cascade');
    });
    const older = await migrationsUpTo(count);
    try {
      await database.migrate(older);
    } finally {
      await fs.rm(older, { recursive: true, force: true });
    }
    const loaded = await database.inTransaction('write', (query) => load(query, reader));
    await database.migrate();
    return {
      ...loaded,
      from: header.migrations.at(-1)?.tag ?? 'empty',
      to: knownMigrations().at(-1)!.tag,
    };
  } finally {
    await reader.close();
  }
}

/** Loads the tables and sequences of a backup into the schema built for it. */
async function load(query: SqlRunner, reader: LineReader) {
  const { rows: keys } = await query<{ table: string; name: string; definition: string }>(
    `select conrelid::regclass::text as table, conname as name,
            pg_get_constraintdef(oid) as definition
     from pg_constraint where contype = 'f' and connamespace = 'public'::regnamespace`,
  );
  for (const k of keys) await query(`alter table ${k.table} drop constraint ${ident(k.name)}`);
  let tables = 0;
  let total = 0;
  for (;;) {
    const line = await reader.json<Partial<TableLine & Trailer>>();
    if (line.sequences) {
      if (line.tables !== tables || line.rows !== total) {
        throw new BackupRefused('The backup file does not add up: it is damaged.');
      }
      for (const s of line.sequences) {
        await query('select setval($1::regclass, $2::bigint, $3)', [
          qualified(s.name),
          s.value,
          s.called,
        ]);
      }
      break;
    }
    const { table, columns, rows } = line as TableLine;
    const list = columns.map(ident).join(', ');
    const insert = `insert into ${qualified(table)} (${list}) overriding system value
      select ${list} from json_populate_recordset(null::${qualified(table)}, $1::json)`;
    let batch: string[] = [];
    let size = 0;
    const flush = async () => {
      if (batch.length) await query(insert, [`[${batch.join(',')}]`]);
      batch = [];
      size = 0;
    };
    for (let i = 0; i < rows; i++) {
      const row = await reader.next();
      batch.push(row);
      size += row.length;
      if (batch.length >= BATCH_ROWS || size >= BATCH_BYTES) await flush();
    }
    await flush();
    tables += 1;
    total += rows;
  }
  for (const k of keys) {
    await query(`alter table ${k.table} add constraint ${ident(k.name)} ${k.definition}`);
  }
  return { tables, rows: total };
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
