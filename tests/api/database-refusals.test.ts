import pg from 'pg';
import { sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { isDatabaseUnavailable, TRANSACTION_ATTEMPTS } from '../../src/server/db/client';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE_MESSAGE,
} from '../../src/server/lib/errors';
import { newRegistration } from '../support/registration';
import { useTestApp } from '../support/app';
import { waitFor } from '../support/wait';

// What the database's refusals answer (decision 0046): a class of SQLSTATEs is "try again in a
// moment" (503 with Retry-After), and a transaction PostgreSQL ended as a serialization failure
// or a deadlock is run again.

const ctx = useTestApp();

const conflict = (code: string) =>
  new Error('Failed query', { cause: Object.assign(new Error(`conflict ${code}`), { code }) });

describe('a transaction PostgreSQL asks to run again', () => {
  test.each(['40001', '40P01'])('%s: run again, and its work is done once', async (code) => {
    let runs = 0;
    const result = await ctx.database.db.transaction(async (tx) => {
      runs++;
      await tx.execute(sql`select 1`);
      if (runs === 1) throw conflict(code);
      return 'done';
    });
    expect(result).toBe('done');
    expect(runs).toBe(2);
  });

  test('a conflict that keeps coming is given up after its attempts, and answers 503', async () => {
    let runs = 0;
    const failing = ctx.database.db.transaction(async () => {
      runs++;
      throw conflict('40001');
    });
    const error = await failing.catch((err: unknown) => err);
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(runs).toBe(TRANSACTION_ATTEMPTS);
  });

  test('an error of ours is not run again', async () => {
    let runs = 0;
    const failing = ctx.database.db.transaction(async () => {
      runs++;
      throw conflict('23505');
    });
    await expect(failing).rejects.toThrow('Failed query');
    expect(runs).toBe(1);
  });
});

// A primary turned standby answers every write 25006; only PostgreSQL can be made read-only.
const postgresOnly = process.env.DATABASE_URL ? describe : () => undefined;
postgresOnly('a database that has become read-only (a failover in progress)', () => {
  test('a write answers 503 with Retry-After, not 500', async () => {
    const url = (ctx.database as { url?: string }).url!;
    const name = new URL(url).pathname.slice(1);
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    try {
      await admin.query(`alter database "${name}" set default_transaction_read_only = on`);
      // Every connection made from now on is read-only; the pool's old ones are ended.
      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1',
        [name],
      );
      await waitFor(async () => (await ctx.app.inject('/readyz')).statusCode === 200, {
        what: 'reads to work again',
      });
      const res = await ctx.post('/public/auth/register', newRegistration());
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
      expect(res.json()).toEqual({ statusCode: 503, message: DATABASE_UNAVAILABLE_MESSAGE });
    } finally {
      await admin.query(`alter database "${name}" reset default_transaction_read_only`);
      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1',
        [name],
      );
      await admin.end();
    }
  });
});
