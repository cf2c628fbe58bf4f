import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { AUTH_MESSAGES } from '../../src/shared/api/auth';
import { userTokens, users } from '../../src/server/db/schema';
import { readOutbox } from '../../src/server/lib/mail';
import { hashToken } from '../../src/server/lib/tokens';
import { createTestApp, type TestContext } from '../support/app';
import { bearer, linkToken, registerCustomer, waitForMail } from '../support/accounts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const post = (url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const me = async (token: string) =>
  (await ctx.app.inject({ url: '/public/auth/me', headers: bearer(token) })).json();
const validate = (token: unknown) => post('/public/auth/validated-email', { token });

describe('the welcome e-mail’s validation link', () => {
  test('validates the address once; the link lasts 48 hours and is stored hashed', async () => {
    const { token: session, email } = await registerCustomer(ctx);
    const welcome = await waitForMail(ctx, (m) => m.to === email && m.kind === 'welcome');
    const link = welcome.links.find((l) => l.includes('/validate-email/'))!;
    expect(link).toMatch(/^http:\/\/localhost:3000\/validate-email\/[\w-]{43}$/);
    const token = linkToken(welcome, 'validate-email');
    const [row] = await ctx.database.db
      .select()
      .from(userTokens)
      .where(eq(userTokens.tokenHash, hashToken(token)));
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(48 * 3600 * 1000);
    expect(row.email).toBe(email);

    expect((await me(session)).EmailValidated).toBe(false);
    const res = await validate(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await me(session)).EmailValidated).toBe(true);

    const reused = await validate(token);
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({
      statusCode: 400,
      message: AUTH_MESSAGES.tokenInvalid,
      errors: [{ field: 'token', error: AUTH_MESSAGES.tokenInvalid }],
    });
  });

  test('works without a session (opened on another device)', async () => {
    const { token: session, email } = await registerCustomer(ctx);
    const welcome = await waitForMail(ctx, (m) => m.to === email && m.kind === 'welcome');
    await post('/public/auth/logout', undefined, bearer(session));
    expect((await validate(linkToken(welcome, 'validate-email'))).statusCode).toBe(200);
    const [user] = await ctx.database.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email})`);
    expect(user.emailValidatedAt).toBeInstanceOf(Date);
  });

  test('an expired or unknown link is a 400 on token', async () => {
    const { email } = await registerCustomer(ctx);
    const welcome = await waitForMail(ctx, (m) => m.to === email && m.kind === 'welcome');
    const token = linkToken(welcome, 'validate-email');
    await ctx.database.db
      .update(userTokens)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(userTokens.tokenHash, hashToken(token)));
    for (const t of [token, 'B'.repeat(43)]) {
      const res = await validate(t);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ field: 'token', error: AUTH_MESSAGES.tokenInvalid }]);
    }
  });

  test('the token is required, a string, and bounded', async () => {
    for (const token of [undefined, '', '   ', 12, null, 'x'.repeat(201)]) {
      const res = await validate(token);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].field).toBe('token');
    }
  });
});

describe('POST /public/auth/request-validate-email', () => {
  test('needs a session', async () => {
    expect((await post('/public/auth/request-validate-email')).statusCode).toBe(401);
    const bad = await post(
      '/public/auth/request-validate-email',
      undefined,
      bearer('x'.repeat(43)),
    );
    expect(bad.statusCode).toBe(401);
    expect(bad.json().message).toBe('Please log in.');
  });

  test('e-mails a new link, which validates the address', async () => {
    const { token: session, email } = await registerCustomer(ctx, { FirstName: 'Nell' });
    await waitForMail(ctx, (m) => m.to === email && m.kind === 'welcome');
    const res = await post('/public/auth/request-validate-email', undefined, {
      ...bearer(session),
      'content-type': 'application/json',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const mail = await waitForMail(ctx, (m) => m.to === email && m.kind === 'validate-email');
    expect(mail.subject).toBe('Please confirm your email address for Ferrybox');
    expect(mail.text).toMatch(/^Hello Nell,/);
    expect((await validate(linkToken(mail, 'validate-email'))).statusCode).toBe(200);
    expect((await me(session)).EmailValidated).toBe(true);
  });

  test('sends nothing once the address is validated', async () => {
    const { token: session, email } = await registerCustomer(ctx);
    const welcome = await waitForMail(ctx, (m) => m.to === email && m.kind === 'welcome');
    await validate(linkToken(welcome, 'validate-email'));
    const res = await post('/public/auth/request-validate-email', undefined, bearer(session));
    expect(res.statusCode).toBe(200);
    const [user] = await ctx.database.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email})`);
    const links = await ctx.database.db.$count(userTokens, eq(userTokens.userId, user.id));
    expect(links).toBe(1); // only the welcome link
    const mails = (await readOutbox(ctx.config.outboxDir)).filter((m) => m.to === email);
    expect(mails.map((m) => m.kind)).toEqual(['welcome']);
  });
});
