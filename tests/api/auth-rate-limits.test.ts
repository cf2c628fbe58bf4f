import { describe, expect, test } from 'vitest';
import { eq, like } from 'drizzle-orm';
import { mailOutbox, rateLimits, sessions, userTokens } from '../../src/server/db/schema';
import { hashToken } from '../../src/server/lib/tokens';
import { cleanUp } from '../../src/server/modules/auth/maintenance';
import { RATE_LIMITS, RateLimiter } from '../../src/server/lib/rate-limit';
import { useTestApp } from '../support/app';
import { bearer, registerCustomer } from '../support/accounts';
import { newRegistration } from '../support/registration';

// Low limits so that the tests reach them in a few calls; the windows are the real ones.
const low = (ip: number, account?: number, windowSeconds = 900) => ({
  ip: { limit: ip, windowSeconds },
  ...(account === undefined ? {} : { account: { limit: account, windowSeconds } }),
});

const ctx = useTestApp(
  { RATE_LIMIT_SCALE: '1' },
  {
    rateLimits: {
      login: { ip: { limit: 6, windowSeconds: 900 }, accountIp: { limit: 3, windowSeconds: 900 } },
      register: low(4, 2, 3600),
      forgotPassword: low(5, 2, 3600),
      resetPassword: low(2, undefined, 3600),
      requestValidateEmail: low(20, 2, 3600),
      validatedEmail: low(2, undefined, 3600),
      profileUpdate: low(20, 2, 3600),
    },
  },
);

let ipCounter = 0;
/** Each test calls from its own address, so their per-IP counters do not mix. */
const newIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
const post = (url: string, payload: unknown, ip: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress: ip, headers });

function expectLimited(res: Awaited<ReturnType<typeof post>>, maxWaitSeconds: number) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({
    statusCode: 429,
    message: expect.stringMatching(/^Too many attempts\. Please try again in \d+ minutes?\.$/),
  });
  const wait = Number(res.headers['retry-after']);
  expect(wait).toBeGreaterThan(0);
  expect(wait).toBeLessThanOrEqual(maxWaitSeconds);
}

describe('rate limits (429 with Retry-After)', () => {
  test('login: a stranger’s wrong passwords never lock the owner out', async () => {
    const owner = newIp();
    const { email, password } = await registerCustomer(ctx, {}, { ip: owner });
    const stranger = newIp();
    for (let i = 0; i < 11; i++) {
      const res = await post('/public/auth/login', { email, password: 'Wrong-1234' }, stranger);
      expect(res.statusCode).toBe(i < 3 ? 401 : 429);
    }
    // the stranger's address is refused for this account, even with the right password...
    expectLimited(
      await post('/public/auth/login', { email: email.toUpperCase(), password }, stranger),
      900,
    );
    // ...while the owner, from their own address, logs in at once
    const ok = await post('/public/auth/login', { email, password }, owner);
    expect(ok.statusCode).toBe(200);
    // a second stranger gets their own three tries, no more
    const other = newIp();
    for (let i = 0; i < 3; i++) {
      const res = await post('/public/auth/login', { email, password: 'Wrong-5678' }, other);
      expect(res.statusCode).toBe(401);
    }
    expectLimited(await post('/public/auth/login', { email, password: 'Wrong-5678' }, other), 900);
  });

  test('windows slide: a burst across a window’s edge gets no more than the limit', async () => {
    const limiter = new RateLimiter(ctx.database.db, {
      overrides: { login: { ip: { limit: 5, windowSeconds: 60 } } },
    });
    const caller = { ip: newIp() };
    const edge = Math.ceil(Date.now() / 60_000) * 60_000 + 60_000;
    const allowed: boolean[] = [];
    for (let i = 0; i < 5; i++) {
      allowed.push((await limiter.consume('login', caller, new Date(edge - 1000))) === 0);
    }
    for (let i = 0; i < 5; i++) {
      allowed.push((await limiter.consume('login', caller, new Date(edge + 1000))) === 0);
    }
    // fixed windows let all ten through; a sliding window lets five
    expect(allowed.filter(Boolean)).toHaveLength(5);
    // once the burst has slid out of the window, requests are allowed again
    expect(await limiter.consume('login', caller, new Date(edge + 90_000))).toBe(0);
  });

  test('login: per address, whatever the account', async () => {
    const ip = newIp();
    for (let i = 0; i < 6; i++) {
      const res = await post(
        '/public/auth/login',
        { email: `guess${i}@example.je`, password: 'x' },
        ip,
      );
      expect(res.statusCode).toBe(401);
    }
    expectLimited(
      await post('/public/auth/login', { email: 'guess9@example.je', password: 'x' }, ip),
      900,
    );
    const elsewhere = await post(
      '/public/auth/login',
      { email: 'guess9@example.je', password: 'x' },
      newIp(),
    );
    expect(elsewhere.statusCode).toBe(401);
  });

  test('register: per address and per e-mail', async () => {
    const ip = newIp();
    const body = newRegistration();
    // the same e-mail twice is allowed (the second is "already registered"), the third is not
    expect((await post('/public/auth/register', body, ip)).statusCode).toBe(200);
    expect((await post('/public/auth/register', body, newIp())).statusCode).toBe(400);
    expectLimited(await post('/public/auth/register', body, newIp()), 3600);
    // four from one address, then no more
    for (let i = 0; i < 3; i++) {
      expect((await post('/public/auth/register', newRegistration(), ip)).statusCode).toBe(200);
    }
    expectLimited(await post('/public/auth/register', newRegistration(), ip), 3600);
  });

  test('forgot-password: per e-mail and per address, registered or not', async () => {
    const email = 'someone@example.je';
    expect((await post('/public/auth/forgot-password', { email }, newIp())).statusCode).toBe(200);
    expect((await post('/public/auth/forgot-password', { email }, newIp())).statusCode).toBe(200);
    expectLimited(await post('/public/auth/forgot-password', { email }, newIp()), 3600);
    const ip = newIp();
    for (let i = 0; i < 5; i++) {
      const res = await post('/public/auth/forgot-password', { email: `p${i}@example.je` }, ip);
      expect(res.statusCode).toBe(200);
    }
    expectLimited(await post('/public/auth/forgot-password', { email: 'p9@example.je' }, ip), 3600);
  });

  test('reset-password and validated-email: per address', async () => {
    const ip = newIp();
    const reset = {
      token: 'A'.repeat(43),
      Password: 'St-Ouen-2026!',
      ConfirmPassword: 'St-Ouen-2026!',
    };
    expect((await post('/public/auth/reset-password', reset, ip)).statusCode).toBe(400);
    expect((await post('/public/auth/reset-password', reset, ip)).statusCode).toBe(400);
    expectLimited(await post('/public/auth/reset-password', reset, ip), 3600);

    const token = { token: 'B'.repeat(43) };
    expect((await post('/public/auth/validated-email', token, ip)).statusCode).toBe(400);
    expect((await post('/public/auth/validated-email', token, ip)).statusCode).toBe(400);
    expectLimited(await post('/public/auth/validated-email', token, ip), 3600);
  });

  test('request-validate-email: per account', async () => {
    const { token } = await registerCustomer(ctx, {}, { ip: newIp() });
    const call = () =>
      post('/public/auth/request-validate-email', undefined, newIp(), bearer(token));
    expect((await call()).statusCode).toBe(200);
    expect((await call()).statusCode).toBe(200);
    expectLimited(await call(), 3600);
  });

  test('profile updates: per account', async () => {
    const { token: first, email } = await registerCustomer(ctx, {}, { ip: newIp() });
    const body = { FirstName: 'A', LastName: 'B', Email: email, Country: 'Sark' };
    let token = first;
    for (let i = 0; i < 2; i++) {
      const res = await ctx.app.inject({
        method: 'PUT',
        url: '/public/members/update',
        headers: bearer(token),
        payload: body,
      });
      expect(res.statusCode).toBe(200);
      token = res.json().accessToken;
    }
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/public/members/update',
      headers: bearer(token),
      payload: body,
    });
    expectLimited(res, 3600);
  });

  test('counters live in PostgreSQL under hashed account keys, never a plain address', async () => {
    const email = 'counted@example.je';
    await post('/public/auth/forgot-password', { email }, '10.9.9.9');
    const rows = await ctx.database.db
      .select()
      .from(rateLimits)
      .where(like(rateLimits.key, 'forgotPassword:%'));
    expect(rows.some((r) => r.key === 'forgotPassword:ip:10.9.9.9')).toBe(true);
    expect(rows.some((r) => r.key.includes(email))).toBe(false);
    expect(rows.every((r) => /^forgotPassword:(ip:[\d.]+|acct:[0-9a-f]{32})$/.test(r.key))).toBe(
      true,
    );
  });

  test('two limiters over one database (two nodes) share the counters', async () => {
    const node1 = new RateLimiter(ctx.database.db, { overrides: { login: low(2, 100) } });
    const node2 = new RateLimiter(ctx.database.db, { overrides: { login: low(2, 100) } });
    const caller = { ip: '192.0.2.77' };
    expect(await node1.consume('login', caller)).toBe(0);
    expect(await node2.consume('login', caller)).toBe(0);
    expect(await node1.consume('login', caller)).toBeGreaterThan(0);
  });

  test('the real limits are in one place and the scale multiplies them', async () => {
    expect(RATE_LIMITS.login.accountIp).toEqual({ limit: 10, windowSeconds: 900 });
    const scaled = new RateLimiter(ctx.database.db, { scale: 0.1 });
    const caller = { ip: '192.0.2.88', account: 'scaled@example.je' };
    expect(await scaled.consume('login', caller)).toBe(0); // 10 × 0.1 = 1 allowed
    expect(await scaled.consume('login', caller)).toBeGreaterThan(0);
  });

  test('the hourly clean-up deletes expired sessions, windows and links', async () => {
    const { token } = await registerCustomer(ctx, {}, { ip: newIp() });
    const db = ctx.database.db;
    const past = new Date(Date.now() - 2 * 24 * 3600 * 1000);
    await db
      .update(sessions)
      .set({ expiresAt: past })
      .where(eq(sessions.tokenHash, hashToken(token)));
    await db.insert(rateLimits).values({ key: 'old:ip:1', windowStart: past, expiresAt: past });
    const [link] = await db.select().from(userTokens).limit(1);
    await db.update(userTokens).set({ expiresAt: past }).where(eq(userTokens.id, link.id));
    const weekAgo = new Date(Date.now() - 8 * 24 * 3600 * 1000);
    const [mail] = await db
      .insert(mailOutbox)
      .values({
        kind: 'welcome',
        message: { to: 'a@example.je', subject: 's', html: '', text: '', kind: 'welcome' },
        sentAt: weekAgo,
      })
      .returning();

    const removed = await cleanUp(ctx.app);
    expect(removed.mails).toBeGreaterThanOrEqual(1);
    expect(await db.$count(mailOutbox, eq(mailOutbox.id, mail.id))).toBe(0);
    expect(removed.sessions).toBeGreaterThanOrEqual(1);
    expect(removed.windows).toBeGreaterThanOrEqual(1);
    expect(removed.links).toBeGreaterThanOrEqual(1);
    expect(await db.$count(sessions, eq(sessions.tokenHash, hashToken(token)))).toBe(0);
    expect(await db.$count(rateLimits, eq(rateLimits.key, 'old:ip:1'))).toBe(0);
    expect(await db.$count(userTokens, eq(userTokens.id, link.id))).toBe(0);
  });
});
