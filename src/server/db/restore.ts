import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { migrationsFolder, type Database, type SqlRunner } from './client';
import {
  BACKUP_FORMAT,
  BackupRefused,
  BATCH_BYTES,
  BATCH_ROWS,
  FORMAT_VERSION,
  ident,
  knownMigrations,
  LineReader,
  LIVE_KEY_TABLES,
  qualified,
  SEED_TABLES,
  tablesOf,
  type Header,
  type MigrationId,
  type TableLine,
  type Trailer,
} from './backup';

/**
 * Restoring a backup file made by ./backup.ts (docs/decisions/0032): refused into a database that
 * holds data of its own, or from a schema this release does not know; otherwise the schema is
 * built at the backup's migration, the rows loaded in batches, the sequences set, every foreign
 * key checked, and the later migrations applied.
 */

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
    const loads = !LIVE_KEY_TABLES.has(table);
    for (let i = 0; i < rows; i++) {
      const row = await reader.next();
      if (!loads) continue; // a file made before LIVE_KEY_TABLES: its live keys stay dead
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
