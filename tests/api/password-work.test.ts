import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PASSWORDS_BUSY_MESSAGE } from '../../src/server/lib/passwords';
import { createTestApp, type TestContext } from '../support/app';
import { registerCustomer } from '../support/accounts';
import { newRegistration } from '../support/registration';
import type { RegisterInput } from '../../src/shared/auth/schemas';

// Password hashing waits in a bounded line (docs/decisions/0053): with one hash at a time and
// two waiting, a burst of logins is answered by the first three at least (more when one ends
// before the burst has all arrived) and told to retry by the rest, at once, with Retry-After;
// nothing fails with a 500 and nothing waits without end.
const ctx = {} as TestContext;
beforeAll(async () => {
  Object.assign(
    ctx,
    await createTestApp({ PASSWORD_HASHES_AT_ONCE: '1', PASSWORD_HASH_QUEUE: '2' }),
  );
}, 180_000);
afterAll(() => ctx.close?.());

describe('a burst of logins', () => {
  test('the first are checked, the rest answered 503 with Retry-After at once', async () => {
    const customer = await registerCustomer(ctx);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        ctx.app.inject({
          method: 'POST',
          url: '/public/auth/login',
          payload: { email: customer.email, password: customer.password },
          remoteAddress: `203.0.113.${i + 1}`,
        }),
      ),
    );
    const count = (status: number) => answers.filter((a) => a.statusCode === status).length;
    expect(count(200)).toBeGreaterThanOrEqual(3);
    expect(count(503)).toBeGreaterThanOrEqual(1);
    expect(count(200) + count(503)).toBe(20);
    for (const busy of answers.filter((a) => a.statusCode === 503)) {
      expect(busy.headers['retry-after']).toBe('1');
      expect(busy.json()).toEqual({ statusCode: 503, message: PASSWORDS_BUSY_MESSAGE });
    }
    // Once the line has moved, the same login goes through.
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/public/auth/login',
      payload: { email: customer.email, password: customer.password },
      remoteAddress: '203.0.113.99',
    });
    expect(again.statusCode).toBe(200);
  });

  test('a registration waits in the same line, and one refused loses nothing', async () => {
    const bodies = Array.from({ length: 20 }, () => newRegistration());
    const register = (body: RegisterInput, ip: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/public/auth/register',
        payload: body,
        remoteAddress: ip,
      });
    const answers = await Promise.all(
      bodies.map((body, i) => register(body, `198.51.100.${i + 1}`)),
    );
    const refused = bodies.filter((_, i) => answers[i].statusCode === 503);
    expect(answers.length - refused.length).toBeGreaterThanOrEqual(3);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 503)).toBe(true);
    // The address of a refused registration is free: the same form sent again registers it.
    const retried = await register(refused[0], '198.51.100.99');
    expect(retried.statusCode, retried.body).toBe(200);
  });
});
