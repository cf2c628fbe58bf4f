import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../src/server/db/client';
import { seed } from '../../src/server/db/seed';
import { createScratchDatabase, seededPglite } from '../support/database';

/**
 * Every API test file gets a fresh database made from one migrated and seeded database made here
 * once. Without DATABASE_URL, each file opens its own in-memory PGlite from a copy of it
 * (FERRYBOX_PGLITE_TEMPLATE), removed when the run ends. With it (CI's second run), each file's
 * PostgreSQL database is created from this run's template database (FERRYBOX_PG_TEMPLATE): a copy
 * of its files, about a tenth of the time of migrating and seeding a new one (3 to 5 s a file on
 * a 2-core machine); every database named after the run is dropped when it ends.
 */
export default async function setup() {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await seededPglite();
    const file = path.join(os.tmpdir(), `ferrybox-pglite-${process.pid}.tar`);
    fs.writeFileSync(file, Buffer.from(await (await database.dump!()).arrayBuffer()));
    await database.close();
    process.env.FERRYBOX_PGLITE_TEMPLATE = file;
    return () => fs.rmSync(file, { force: true });
  }
  const runId = `ferrybox_t${Date.now().toString(36)}${process.pid.toString(36)}`;
  process.env.FERRYBOX_TEST_RUN = runId;
  // Fail at once, with the driver's message, when the server does not answer.
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.end();
  const template = await createScratchDatabase(url, `${runId}_template`);
  const database = await openDatabase({ url: template.url, poolSize: 1 });
  await database.migrate();
  await seed(database.db);
  await database.close();
  process.env.FERRYBOX_PG_TEMPLATE = new URL(template.url).pathname.slice(1);
  return async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ datname: string }>(
        'select datname from pg_database where datname like $1',
        [`${runId}%`],
      );
      for (const { datname } of rows)
        await client.query(`drop database if exists "${datname}" with (force)`);
    } finally {
      await client.end();
    }
  };
}
