import { randomInt } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Uses } from '../../lib/uses';
import { AUTH_MESSAGES } from '../../../shared/api/auth';
import { isStaffRole } from '../../../shared/access';
import type { Registration } from '../../../shared/auth/schemas';
import { generateReference } from '../../../shared/customer-reference';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { createSession, endAllSessions } from '../../lib/auth';
import { checkPassword, hashPassword } from '../../lib/passwords';
import { HttpError } from '../../lib/errors';
import { queueMail } from '../../lib/mail';
import { consumeUserToken, issueUserToken, voidUserTokens } from '../../lib/tokens';
import { passwordResetEmail, validateEmail, welcomeEmail } from './emails';
import type { Site } from '../../config';
import { emailInUse, findActiveUser, findActiveUserByEmail, uniqueViolation } from './user-data';

/** The use cases of /public/auth: each takes validated input and returns what the route sends. */

export const emailTakenError = () =>
  new HttpError(400, AUTH_MESSAGES.registerFailed, [
    { field: 'Email', error: AUTH_MESSAGES.emailTaken },
  ]);

const tokenError = (message: string = AUTH_MESSAGES.tokenInvalid) =>
  new HttpError(400, message, [{ field: 'token', error: message }]);

const sameEmail = (a: string | null, b: string | null) =>
  a !== null && b !== null && a.toLowerCase() === b.toLowerCase();

/**
 * Creates the customer with a new unique reference, logs them in and queues the welcome e-mail:
 * one transaction, so a failure anywhere leaves no account, session, link or e-mail behind.
 */
export async function register(
  app: Uses<'config' | 'database'>,
  input: Registration,
): Promise<string> {
  const passwordHash = await hashPassword(input.Password);
  const now = new Date();
  return app.database.db.transaction(async (tx) => {
    if (await emailInUse(tx, input.Email)) throw emailTakenError();
    let created: typeof users.$inferSelect | undefined;
    // A clash on the reference (23 ^ 5 = 6.4 million of them) is retried with a new one; each
    // try is a savepoint, so a clash does not abort the transaction.
    for (let attempt = 0; !created; attempt++) {
      try {
        [created] = await tx.transaction((savepoint) =>
          savepoint
            .insert(users)
            .values({
              reference: generateReference(randomInt),
              role: 'customer',
              salutation: input.Salutation ?? null,
              firstName: input.FirstName,
              lastName: input.LastName,
              email: input.Email,
              passwordHash,
              country: input.Country,
              dob: input.DOB ?? null,
              telephone: input.Telephone ?? null,
              marketing: input.Marketing,
              termsAcceptedAt: now,
              createdAt: now,
              updatedAt: now,
            })
            .returning(),
        );
      } catch (err) {
        const constraint = uniqueViolation(err);
        if (constraint === 'users_email_lower_idx') throw emailTakenError();
        if (constraint !== 'users_reference_unique' || attempt >= 5) throw err;
      }
    }
    const token = await createSession(tx, created.id, now);
    const validation = await issueUserToken(tx, 'validate-email', created.id, input.Email, now);
    await queueMail(
      tx,
      welcomeEmail(
        app.config,
        { email: input.Email, firstName: input.FirstName, reference: created.reference },
        validation,
      ),
    );
    return token;
  });
}

/**
 * A new session for the right e-mail and password; every failure is the same 401. Customers log
 * in on the site's dialog and staff on /admin/: an account of the other side is refused the same
 * way, so a staff session is never made from a customer's dialog. A disabled account is refused.
 */
export async function login(
  app: Uses<'database'>,
  input: { email: string; password: string },
  side: 'customer' | 'staff' = 'customer',
): Promise<string> {
  const db = app.database.db;
  const user = await findActiveUserByEmail(db, input.email);
  // An unknown address still costs one argon2 verification (checkPassword uses a dummy hash).
  const matches = await checkPassword(user?.passwordHash, input.password);
  if (!matches || !user || isStaffRole(user.role) !== (side === 'staff')) {
    throw new HttpError(401, AUTH_MESSAGES.loginFailed);
  }
  // A customer whose account the office disabled is told so, once the password proved who they
  // are (decision 0022); a disabled staff account reads like any failure.
  if (user.disabledAt) {
    if (side === 'customer') throw new HttpError(403, AUTH_MESSAGES.accountDisabled);
    throw new HttpError(401, AUTH_MESSAGES.loginFailed);
  }
  return createSession(db, user.id, new Date(), user.role);
}

/** The queue whose jobs turn a forgotten-password request into a reset e-mail. */
export const PASSWORD_RESET_QUEUE = 'password-reset-request';

/**
 * Worker side of POST /forgot-password: the route only queues the address, so its answer takes
 * the same time whether or not the address is registered. An unknown address sends nothing.
 */
export async function sendPasswordReset(
  app: Uses<'config' | 'database'>,
  email: string,
): Promise<void> {
  await app.database.db.transaction(async (tx) => {
    const user = await findActiveUserByEmail(tx, email);
    if (!user?.email) return;
    const token = await issueUserToken(tx, 'reset-password', user.id, user.email);
    await queueMail(
      tx,
      passwordResetEmail(app.config, { email: user.email, firstName: user.firstName ?? '' }, token),
    );
  });
}

/**
 * Sets the new password from a reset link. The link must be unused, under an hour old and sent
 * to the account's current address; using it ends every session and every other reset link, and
 * (since it proves the customer reads that mailbox) validates the address.
 */
export async function resetPassword(
  app: Uses<'database'>,
  input: { token: string; Password: string },
): Promise<void> {
  const passwordHash = await hashPassword(input.Password);
  const now = new Date();
  await app.database.db.transaction(async (tx) => {
    const used = await consumeUserToken(tx, 'reset-password', input.token, now);
    if (!used) throw tokenError();
    const user = await findActiveUser(tx, used.userId);
    if (!user || !sameEmail(user.email, used.email)) throw tokenError();
    await tx
      .update(users)
      .set({
        passwordHash,
        updatedAt: now,
        emailValidatedAt: sql`coalesce(${users.emailValidatedAt}, ${now.toISOString()}::timestamptz)`,
      })
      .where(eq(users.id, user.id));
    await endAllSessions(tx, user.id);
    await voidUserTokens(tx, user.id, 'reset-password', now);
  });
}

/** E-mails a new validation link to the account's address (nothing when already validated). */
export async function requestEmailValidation(
  app: Uses<'config' | 'database'>,
  user: typeof users.$inferSelect,
): Promise<void> {
  if (user.emailValidatedAt || !user.email) return;
  await app.database.db.transaction((tx) => queueEmailValidation(tx, app.config, user));
}

/** Issues a validation link for the account's address and queues its e-mail, in `tx`. */
export async function queueEmailValidation(
  tx: Db,
  site: Site,
  user: Pick<typeof users.$inferSelect, 'id' | 'email' | 'firstName'>,
): Promise<void> {
  if (!user.email) return;
  const token = await issueUserToken(tx, 'validate-email', user.id, user.email);
  await queueMail(
    tx,
    validateEmail(site, { email: user.email, firstName: user.firstName ?? '' }, token),
  );
}

/** Marks the address validated from a link sent to it; a link for an older address fails. */
export async function confirmEmail(app: Uses<'database'>, token: string): Promise<void> {
  const db = app.database.db;
  const now = new Date();
  const used = await consumeUserToken(db, 'validate-email', token, now);
  if (!used) throw tokenError();
  const user = await findActiveUser(db, used.userId);
  if (!user) throw tokenError();
  if (!sameEmail(user.email, used.email)) throw tokenError(AUTH_MESSAGES.tokenStale);
  if (!user.emailValidatedAt) {
    await db
      .update(users)
      .set({ emailValidatedAt: now, updatedAt: now })
      .where(eq(users.id, user.id));
  }
}
