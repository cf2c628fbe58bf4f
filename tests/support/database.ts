import { randomBytes } from 'node:crypto';
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
    const database = await openDatabase({});
    await database.migrate();
    await seed(database.db);
    return database;
  }
  const scratch = await createScratchDatabase(base, process.env.FERRYBOX_TEST_RUN ?? 'ferrybox_t');
  const database = await openDatabase({ url: scratch.url, poolSize: 4 });
  await database.migrate();
  await seed(database.db);
  return {
    ...database,
    url: scratch.url,
    close: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}

/** Creates an empty PostgreSQL database beside the one `base` names; `drop()` removes it. */
export async function createScratchDatabase(base: string, prefix: string) {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  await adminQuery(base, `create database "${name}"`);
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
