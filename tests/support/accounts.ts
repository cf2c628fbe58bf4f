import type { RegisterInput } from '../../src/shared/auth/schemas';
import type { OutboxEntry } from '../../src/server/lib/mail';
import { readOutbox } from '../../src/server/lib/mail';
import type { TestContext } from './app';
import { waitFor } from './wait';

let counter = 0;

/** A valid registration with a unique e-mail address; fields may be overridden. */
export function newRegistration(overrides: Partial<RegisterInput> = {}): RegisterInput {
  counter += 1;
  const password = 'Gorey-Harbour-77';
  return {
    Salutation: 'Ms.',
    FirstName: 'Ann',
    LastName: 'Le Brocq',
    Email: `ann.${counter}.${Date.now().toString(36)}@example.je`,
    Password: password,
    ConfirmPassword: password,
    Country: 'Jersey',
    DOB: '1990-04-01',
    Telephone: '+44 1534 123456',
    Marketing: true,
    TermsAndConditions: true,
    ...overrides,
  };
}

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

/** Waits for an outbox message matching the filter (the queue delivers it in the background). */
export function waitForMail(
  ctx: TestContext,
  match: (e: OutboxEntry) => boolean,
  what = 'an e-mail',
): Promise<OutboxEntry> {
  return waitFor(async () => (await readOutbox(ctx.config.outboxDir)).find(match), { what });
}

/** The token at the end of the link `${PUBLIC_URL}/{page}/{token}` in a message. */
export function linkToken(entry: OutboxEntry, page: 'validate-email' | 'reset-password'): string {
  const link = entry.links.find((l) => l.includes(`/${page}/`));
  if (!link) throw new Error(`no /${page}/ link in "${entry.subject}"`);
  return link.split(`/${page}/`)[1];
}
