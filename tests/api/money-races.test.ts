// Every route that can take or give money, raced (decision 0046): for each route the route
// table marks MOVES_MONEY, ten identical requests at once; then the payment provider's records
// are compared with ours (tests/support/money-races.ts), and what the ten moved with what one
// request moves in a state of its own. PostgreSQL only: PGlite runs one transaction at a time,
// so a race there cannot fail.
import { afterEach, describe, expect, test } from 'vitest';
import { followUpRefunds } from '../../src/server/modules/payments/refund-follow-up';
import { useTestApp } from '../support/app';
import type { InjectResponse } from '../support/app';
import { atOnce } from '../support/money';
import { ADDITIVE, MONEY_RACES, moneyAgrees, moneyTotals } from '../support/money-races';

const ctx = useTestApp();
afterEach(() => ctx.app.clock.set(null));

const postgresOnly = process.env.DATABASE_URL ? describe : () => undefined;

/** What the requests moved: the money totals after them (refunds followed up) less before. */
async function moved(send: () => Promise<unknown>) {
  const before = await moneyTotals(ctx);
  await send();
  await followUpRefunds(ctx.app);
  const after = await moneyTotals(ctx);
  return Object.fromEntries(
    Object.entries(after).map(([k, v]) => [k, v - before[k as keyof typeof before]]),
  );
}

describe('each route that moves money, asked once (both databases)', () => {
  test.each(Object.keys(MONEY_RACES))(
    '%s: acts, and ours and the provider’s records agree',
    async (route) => {
      const res = await (await MONEY_RACES[route](ctx))();
      expect(res.statusCode, res.body.slice(0, 300)).toBeLessThan(400);
      await followUpRefunds(ctx.app);
      expect(await moneyAgrees(ctx)).toEqual([]);
    },
  );
});

postgresOnly('ten identical requests at once to each route that moves money', () => {
  test.each(Object.keys(MONEY_RACES))(
    '%s: moves what one request moves; ours and the provider’s records agree',
    async (route) => {
      // Asked once, in a state of its own: what one request moves.
      const one = await MONEY_RACES[route](ctx);
      const once = await moved(one);
      ctx.app.clock.set(null);
      const send = await MONEY_RACES[route](ctx);
      let answers: InjectResponse[] = [];
      const tenAtOnce = await moved(async () => {
        answers = await atOnce(10, send);
      });
      // The state was one where the route acts: at least one of them did.
      expect(
        answers.some((a) => a.statusCode < 400),
        answers.map((a) => `${a.statusCode} ${a.body.slice(0, 200)}`).join('\n'),
      ).toBe(true);
      // No request failed on our side (a refusal is a 4xx; a 502 is the provider's).
      expect(
        answers.filter((a) => a.statusCode >= 500 && a.statusCode !== 502).map((a) => a.body),
      ).toEqual([]);
      expect(await moneyAgrees(ctx)).toEqual([]);
      if (!ADDITIVE.has(route)) expect(tenAtOnce).toEqual(once);
    },
  );
});
