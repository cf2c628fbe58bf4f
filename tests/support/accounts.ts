import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { RegisterInput } from '../../src/shared/auth/schemas';
import { AUTH_MESSAGES } from '../../src/shared/api/auth';
import { users } from '../../src/server/db/schema';
import type { OutboxEntry } from '../../src/server/lib/mail';
import { readOutbox } from '../../src/server/lib/mail';
import type { InjectResponse, TestContext } from './app';
import { newRegistration } from './registration';
import { waitFor } from './wait';

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Registers a customer through the API; returns the token and what was sent. */
export async function registerCustomer(
  ctx: TestContext,
  overrides: Partial<RegisterInput> = {},
  { ip = '127.0.0.1' } = {},
) {
  const body = newRegistration(overrides);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/public/auth/register',
    payload: body,
    remoteAddress: ip,
  });
  if (res.statusCode !== 200) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const token = res.json() as string;
  return { token, email: body.Email, password: body.Password, body };
}

/**
 * Waits for an outbox message (the queue delivers it in the background): the first one the
 * filter matches, or the first sent to `to` (of that `kind`, when given).
 */
export function waitForMail(
  ctx: TestContext,
  match: ((e: OutboxEntry) => boolean) | { to: string; kind?: string },
  what = 'an e-mail',
): Promise<OutboxEntry> {
  const matches =
    typeof match === 'function'
      ? match
      : (e: OutboxEntry) =>
          e.to === match.to && (match.kind === undefined || e.kind === match.kind);
  return waitFor(async () => (await readOutbox(ctx.config.outboxDir)).find(matches), { what });
}

/** The token at the end of the link `${PUBLIC_URL}/{page}/{token}` in a message. */
export function linkToken(entry: OutboxEntry, page: 'validate-email' | 'reset-password'): string {
  const link = entry.links.find((l) => l.includes(`/${page}/`));
  if (!link) throw new Error(`no /${page}/ link in "${entry.subject}"`);
  return link.split(`/${page}/`)[1];
}

/** The accounts calls the tests make, and the users row behind them, for one app. */
export function accountCalls(ctx: TestContext) {
  const validateEmail = (token: unknown) => ctx.post('/public/auth/validated-email', { token });
  return {
    me: (token: string) => ctx.app.inject({ url: '/public/auth/me', headers: bearer(token) }),
    login: (email: string, password: string) => ctx.post('/public/auth/login', { email, password }),
    validateEmail,
    /** Opens the validation link of the welcome e-mail sent to `email`. */
    openWelcomeLink: async (email: string) =>
      validateEmail(
        linkToken(await waitForMail(ctx, { to: email, kind: 'welcome' }), 'validate-email'),
      ),
    /** The users row of an address, in any case. */
    userByEmail: async (email: string) =>
      (
        await ctx.database.db
          .select()
          .from(users)
          .where(sql`lower(${users.email}) = lower(${email})`)
      )[0],
  };
}

/** The answer to an e-mailed link that is unknown, used or expired: a 400 on token. */
export function expectInvalidToken(res: InjectResponse) {
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({
    statusCode: 400,
    message: AUTH_MESSAGES.tokenInvalid,
    errors: [{ field: 'token', error: AUTH_MESSAGES.tokenInvalid }],
  });
}
