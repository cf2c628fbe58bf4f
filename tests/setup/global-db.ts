import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { seededPglite } from '../support/database';

/**
 * With DATABASE_URL set (CI's second run), every test file gets a fresh PostgreSQL database
 * named after this run (tests/support/database.ts); this drops them all when the run ends.
 * Without it, each test file opens its own in-memory PGlite from a copy of one migrated and
 * seeded database made here once (FERRYBOX_PGLITE_TEMPLATE), removed when the run ends.
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
