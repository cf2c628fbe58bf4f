import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Database } from '../../src/server/db/client';
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
