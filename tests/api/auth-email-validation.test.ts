import { describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { userTokens } from '../../src/server/db/schema';
import { readOutbox } from '../../src/server/lib/mail';
import { hashToken } from '../../src/server/lib/tokens';
import { useTestApp } from '../support/app';
import {
  accountCalls,
  bearer,
  expectInvalidToken,
  linkToken,
  registerCustomer,
  waitForMail,
} from '../support/accounts';

const ctx = useTestApp();
const { me, validateEmail: validate, openWelcomeLink, userByEmail } = accountCalls(ctx);
const validated = async (session: string) => (await me(session)).json().EmailValidated;

describe('the welcome e-mail’s validation link', () => {
  test('validates the address once; the link lasts 48 hours and is stored hashed', async () => {
    const { token: session, email } = await registerCustomer(ctx);
    const welcome = await waitForMail(ctx, { to: email, kind: 'welcome' });
    const link = welcome.links.find((l) => l.includes('/validate-email/'))!;
    expect(link).toMatch(/^http:\/\/localhost:3000\/validate-email\/[\w-]{43}$/);
    const token = linkToken(welcome, 'validate-email');
    const [row] = await ctx.database.db
      .select()
      .from(userTokens)
      .where(eq(userTokens.tokenHash, hashToken(token)));
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(48 * 3600 * 1000);
    expect(row.email).toBe(email);

    expect(await validated(session)).toBe(false);
    const res = await validate(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await validated(session)).toBe(true);

    expectInvalidToken(await validate(token));
  });

  test('works without a session (opened on another device)', async () => {
    const { token: session, email } = await registerCustomer(ctx);
    await ctx.post('/public/auth/logout', undefined, bearer(session));
    expect((await openWelcomeLink(email)).statusCode).toBe(200);
    expect((await userByEmail(email)).emailValidatedAt).toBeInstanceOf(Date);
  });

  test('an expired or unknown link is a 400 on token', async () => {
    const { email } = await registerCustomer(ctx);
    const welcome = await waitForMail(ctx, { to: email, kind: 'welcome' });
    const token = linkToken(welcome, 'validate-email');
    await ctx.database.db
      .update(userTokens)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(userTokens.tokenHash, hashToken(token)));
    for (const t of [token, 'B'.repeat(43)]) expectInvalidToken(await validate(t));
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
    expect((await ctx.post('/public/auth/request-validate-email')).statusCode).toBe(401);
    const bad = await ctx.post(
      '/public/auth/request-validate-email',
      undefined,
      bearer('x'.repeat(43)),
    );
    expect(bad.statusCode).toBe(401);
    expect(bad.json().message).toBe('Please log in.');
  });

  test('e-mails a new link, which validates the address', async () => {
    const { token: session, email } = await registerCustomer(ctx, { FirstName: 'Nell' });
    await waitForMail(ctx, { to: email, kind: 'welcome' });
    const res = await ctx.post('/public/auth/request-validate-email', undefined, {
      ...bearer(session),
      'content-type': 'application/json',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const mail = await waitForMail(ctx, { to: email, kind: 'validate-email' });
    expect(mail.subject).toBe('Please confirm your email address for Ferrybox');
    expect(mail.text).toMatch(/^Hello Nell,/);
    expect((await validate(linkToken(mail, 'validate-email'))).statusCode).toBe(200);
    expect(await validated(session)).toBe(true);
  });

  test('sends nothing once the address is validated', async () => {
    const { token: session, email } = await registerCustomer(ctx);
    expect((await openWelcomeLink(email)).statusCode).toBe(200);
    const res = await ctx.post('/public/auth/request-validate-email', undefined, bearer(session));
    expect(res.statusCode).toBe(200);
    const user = await userByEmail(email);
    const links = await ctx.database.db.$count(userTokens, eq(userTokens.userId, user.id));
    expect(links).toBe(1); // only the welcome link
    const mails = (await readOutbox(ctx.config.outboxDir)).filter((m) => m.to === email);
    expect(mails.map((m) => m.kind)).toEqual(['welcome']);
  });
});
