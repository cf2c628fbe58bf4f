import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/server/db/client';
import { seed } from '../../src/server/db/seed';

/**
 * A fresh, migrated and seeded database for one test file: in-memory PGlite by default, or a
 * new PostgreSQL database (dropped afterwards) when DATABASE_URL is set.
 */
export async function freshDatabase(): Promise<Database & { url?: string }> {
  const base = process.env.DATABASE_URL;
  if (!base) {
    // A copy of the run's migrated and seeded database (tests/setup/global-db.ts): opening one
    // is a third of the time of making a database and migrating it.
    const template = process.env.FERRYBOX_PGLITE_TEMPLATE;
    if (template) return openDatabase({ pgliteFrom: new Blob([fs.readFileSync(template)]) });
    return seededPglite();
  }
  // A copy of the run's migrated and seeded database (tests/setup/global-db.ts), or one made here.
  const template = process.env.FERRYBOX_PG_TEMPLATE;
  const scratch = await createScratchDatabase(
    base,
    process.env.FERRYBOX_TEST_RUN ?? 'ferrybox_t',
    template,
  );
  const database = await openDatabase({ url: scratch.url, poolSize: 4 });
  if (!template) {
    await database.migrate();
    await seed(database.db);
  }
  return {
    ...database,
    url: scratch.url,
    close: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}

/** A new in-memory PGlite, migrated and seeded. */
export async function seededPglite() {
  const database = await openDatabase({});
  await database.migrate();
  await seed(database.db);
  return database;
}

/**
 * Creates a PostgreSQL database beside the one `base` names, empty or a copy of `template`;
 * `drop()` removes it.
 */
export async function createScratchDatabase(base: string, prefix: string, template?: string) {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  await adminQuery(base, `create database "${name}"${template ? ` template "${template}"` : ''}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => adminQuery(base, `drop database if exists "${name}" with (force)`),
  };
}

async function adminQuery(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
