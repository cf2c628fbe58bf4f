import { describe, expect, test } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { sessions, userTokens, users } from '../../src/server/db/schema';
import { readOutbox } from '../../src/server/lib/mail';
import { hashToken } from '../../src/server/lib/tokens';
import { useTestApp } from '../support/app';
import {
  accountCalls,
  expectInvalidToken,
  linkToken,
  registerCustomer,
  waitForMail,
} from '../support/accounts';
import { waitFor } from '../support/wait';

const ctx = useTestApp({ PUBLIC_URL: 'https://ferrybox.test' });
const { me, login, userByEmail } = accountCalls(ctx);
const NEW_PASSWORD = 'St-Aubin-Bay-2026';
/** Sends the reset form: the link's token and a new password, confirmed unless told otherwise. */
const reset = (token: unknown, Password = NEW_PASSWORD, ConfirmPassword = Password) =>
  ctx.post('/public/auth/reset-password', { token, Password, ConfirmPassword });

/** Asks for a reset and returns the token from the e-mailed link. */
async function requestReset(email: string): Promise<string> {
  const before = new Set((await readOutbox(ctx.config.outboxDir)).map((m) => m.id));
  const res = await ctx.post('/public/auth/forgot-password', { email });
  expect(res.statusCode).toBe(200);
  const mail = await waitForMail(
    ctx,
    (m) => m.kind === 'password-reset' && m.to === email && !before.has(m.id),
  );
  return linkToken(mail, 'reset-password');
}

describe('POST /public/auth/forgot-password', () => {
  test('e-mails a reset link valid for an hour, stored only as a hash', async () => {
    const { email } = await registerCustomer(ctx, { FirstName: 'Lucy' });
    const res = await ctx.post('/public/auth/forgot-password', { email: email.toUpperCase() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const mail = await waitForMail(ctx, { to: email, kind: 'password-reset' });
    expect(mail.subject).toBe('Reset your Ferrybox password');
    expect(mail.text).toMatch(/^Hello Lucy,/);
    const link = mail.links.find((l) => l.includes('/reset-password/'))!;
    expect(link).toMatch(/^https:\/\/ferrybox\.test\/reset-password\/[\w-]{43}$/);
    expect(mail.html).toContain(link);

    const token = linkToken(mail, 'reset-password');
    const [row] = await ctx.database.db
      .select()
      .from(userTokens)
      .where(eq(userTokens.tokenHash, hashToken(token)));
    expect(row.purpose).toBe('reset-password');
    expect(row.usedAt).toBeNull();
    const lifetime = row.expiresAt.getTime() - row.createdAt.getTime();
    expect(lifetime).toBe(60 * 60 * 1000);
    expect(await ctx.database.db.$count(userTokens, eq(userTokens.tokenHash, token))).toBe(0);
  });

  test('answers the same for an unknown address, and sends nothing', async () => {
    const res = await ctx.post('/public/auth/forgot-password', { email: 'nobody@example.je' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    // the request is handled by a job: wait until the queue has finished it
    await waitFor(async () => {
      const { rows } = await ctx.database.executeSql(
        `select count(*)::int as n from pgboss.job
         where name = 'password-reset-request' and state <> 'completed'`,
      );
      return (rows[0] as { n: number }).n === 0;
    });
    const mails = await readOutbox(ctx.config.outboxDir);
    expect(mails.filter((m) => m.to === 'nobody@example.je')).toEqual([]);
  });

  test('needs an e-mail', async () => {
    for (const body of [{}, { email: '' }, { email: 7 }, { email: `${'a'.repeat(255)}@x.je` }]) {
      const res = await ctx.post('/public/auth/forgot-password', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].field).toBe('email');
    }
  });
});

describe('POST /public/auth/reset-password', () => {
  test('sets the new password, ends every session, and works only once', async () => {
    const { email, password, token: session1 } = await registerCustomer(ctx);
    const session2 = (await login(email, password)).json() as string;
    const token = await requestReset(email);

    const res = await reset(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });

    expect((await me(session1)).statusCode).toBe(401);
    expect((await me(session2)).statusCode).toBe(401);
    const user = await userByEmail(email);
    expect(await ctx.database.db.$count(sessions, eq(sessions.userId, user.id))).toBe(0);
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    // the link proved the customer reads that mailbox
    expect(user.emailValidatedAt).toBeInstanceOf(Date);

    expect((await login(email, password)).statusCode).toBe(401);
    expect((await login(email, NEW_PASSWORD)).statusCode).toBe(200);

    expectInvalidToken(await reset(token, 'Another-Password-9'));
  });

  test('a reset voids the other reset links of that customer', async () => {
    const { email } = await registerCustomer(ctx);
    const first = await requestReset(email);
    const second = await requestReset(email);
    expect((await reset(second)).statusCode).toBe(200);
    expectInvalidToken(await reset(first));
  });

  test('an expired link is refused and leaves the password as it was', async () => {
    const { email, password } = await registerCustomer(ctx);
    const token = await requestReset(email);
    await ctx.database.db
      .update(userTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(userTokens.tokenHash, hashToken(token)));
    expectInvalidToken(await reset(token));
    expect((await login(email, password)).statusCode).toBe(200);
  });

  test('an unknown token, or a validation link used as a reset link, is refused', async () => {
    const { email } = await registerCustomer(ctx);
    const welcome = await waitForMail(ctx, { to: email, kind: 'welcome' });
    for (const token of ['A'.repeat(43), linkToken(welcome, 'validate-email')]) {
      expectInvalidToken(await reset(token));
    }
  });

  test('a link sent before the e-mail address changed is refused', async () => {
    const { email } = await registerCustomer(ctx);
    const token = await requestReset(email);
    await ctx.database.db
      .update(users)
      .set({ email: `moved.${Date.now()}@example.je` })
      .where(sql`lower(${users.email}) = lower(${email})`);
    expect((await reset(token)).statusCode).toBe(400);
  });

  test('a bad new password is refused without using up the link', async () => {
    const { email } = await registerCustomer(ctx);
    const token = await requestReset(email);
    const cases: [unknown, unknown, string, string][] = [
      ['short', 'short', 'Password', 'This field must be at least 8 characters'],
      ['password', 'password', 'Password', 'This password is too common, please choose another'],
      [
        NEW_PASSWORD,
        'different-1',
        'ConfirmPassword',
        'The Confirm Password field confirmation does not match',
      ],
      [NEW_PASSWORD, undefined, 'ConfirmPassword', 'This field is required'],
      [12345678, 12345678, 'Password', 'This field is required'],
    ];
    for (const [password, confirmation, field, error] of cases) {
      const res = await ctx.post('/public/auth/reset-password', {
        token,
        Password: password,
        ConfirmPassword: confirmation,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toContainEqual({ field, error });
    }
    const [row] = await ctx.database.db
      .select()
      .from(userTokens)
      .where(
        and(eq(userTokens.tokenHash, hashToken(token)), eq(userTokens.purpose, 'reset-password')),
      );
    expect(row.usedAt).toBeNull();
  });

  test('the token is required and bounded', async () => {
    for (const token of [undefined, '', 42, 'x'.repeat(201)]) {
      const res = await reset(token);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].field).toBe('token');
    }
  });
});
