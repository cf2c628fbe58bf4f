import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { insertRows } from '../../src/server/db/prepared';
import { settings } from '../../src/server/db/schema';
import { freshDatabase } from '../support/database';

// Statements of one transaction started together (a Promise.all over `tx`, as the depot's lists
// do) each get their own answer, and pg is never asked to queue them itself: pg 8 warns that
// it will stop doing so, and pg 9 refuses (src/server/db/client.ts queues them instead).

let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(async () => {
  await database.close();
});

test('five statements started together in a transaction answer in turn, without a pg warning', async () => {
  const warnings: string[] = [];
  const onWarning = (w: Error) => warnings.push(`${w.name}: ${w.message}`);
  process.on('warning', onWarning);
  try {
    const answers = await database.db.transaction((tx) =>
      Promise.all(
        [1, 2, 3, 4, 5].map((n) =>
          tx.execute(sql`select ${n}::int as n, pg_sleep(0.01) is null as slept`),
        ),
      ),
    );
    expect(answers.map((a) => (a as { rows: { n: number }[] }).rows[0].n)).toEqual([1, 2, 3, 4, 5]);
    // pg emits its warning on a later tick
    await new Promise((resolve) => setImmediate(resolve));
  } finally {
    process.off('warning', onWarning);
  }
  expect(warnings.filter((w) => /already executing a query/.test(w))).toEqual([]);
});

// Statements built once (src/server/db/prepared.ts) run on the connection of the handle they are
// given: inside a transaction, on the transaction's own, so they commit or roll back with it.
test('rows inserted in one statement are written as given, and a rollback takes them back', async () => {
  const rows = ['NULL', 'say "hi"', 'back\\slash, {braces}', '', 'Gorey 🦀'].map((value, i) => ({
    category: 'Statements',
    name: `row ${i}`,
    value,
    public: i % 2 === 0,
  }));
  const written = () =>
    database.db
      .select({
        category: settings.category,
        name: settings.name,
        value: settings.value,
        public: settings.public,
      })
      .from(settings)
      .where(eq(settings.category, 'Statements'))
      .orderBy(asc(settings.id));
  await expect(
    database.db.transaction(async (tx) => {
      await insertRows(tx, settings, rows);
      throw new Error('changed our mind');
    }),
  ).rejects.toThrow('changed our mind');
  expect(await written()).toEqual([]);
  await database.db.transaction((tx) => insertRows(tx, settings, rows));
  expect(await written()).toEqual(rows);
});
