import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ProfileUpdate, ProfileUpdateResponse } from '../../../shared/api/auth';
import { addresses, sessions, userTokens, users } from '../../db/schema';
import { createSession, endSession, type AuthContext } from '../../lib/auth';
import { issueUserToken, voidUserTokens } from '../../lib/tokens';
import { emailChangedEmail, validateEmail } from '../auth/emails';
import { emailTakenError } from '../auth/service';
import { emailInUse, loadUserData, uniqueViolation } from '../auth/user-data';

/**
 * Saves the profile and swaps the caller's session for a new one. A new e-mail address must be
 * validated again: a link goes to the new address, a notice to the old one, and links sent to
 * the old address stop working.
 */
export async function updateProfile(
  app: FastifyInstance,
  auth: AuthContext,
  input: ProfileUpdate,
): Promise<ProfileUpdateResponse> {
  const db = app.database.db;
  const before = auth.user;
  const oldEmail = before.email ?? '';
  const emailChanged = input.Email.toLowerCase() !== oldEmail.toLowerCase();
  if (emailChanged && (await emailInUse(db, input.Email, before.id))) throw emailTakenError();
  const now = new Date();
  let after: typeof users.$inferSelect;
  try {
    [after] = await db
      .update(users)
      .set({
        salutation: input.Salutation ?? null,
        firstName: input.FirstName,
        lastName: input.LastName,
        email: input.Email,
        emailValidatedAt: emailChanged ? null : before.emailValidatedAt,
        country: input.Country,
        dob: input.DOB ?? null,
        telephone: input.Telephone ?? null,
        marketing: input.Marketing,
        updatedAt: now,
      })
      .where(eq(users.id, before.id))
      .returning();
  } catch (err) {
    if (uniqueViolation(err) === 'users_email_lower_idx') throw emailTakenError();
    throw err;
  }

  const accessToken = await createSession(db, after.id, now);
  await endSession(db, auth.sessionId);

  if (emailChanged) {
    await voidUserTokens(db, after.id, undefined, now);
    const token = await issueUserToken(db, 'validate-email', after.id, input.Email, now);
    await app.mailer.enqueue(
      validateEmail(app.config, { email: input.Email, firstName: input.FirstName }, token),
    );
    if (oldEmail) {
      await app.mailer.enqueue(
        emailChangedEmail(app.config, {
          oldEmail,
          newEmail: input.Email,
          firstName: input.FirstName,
        }),
      );
    }
  }
  return { accessToken, userData: await loadUserData(db, after) };
}

/**
 * Deletes the account: personal data is blanked, sessions, links and saved addresses are
 * deleted (orders keep their own copies of the addresses they were sent to), and a tombstone
 * (id, reference, role, dates) stays so that paid orders remain linked in anonymised form. The
 * address is free to register again.
 */
export async function deleteAccount(app: FastifyInstance, userId: number): Promise<void> {
  const db = app.database.db;
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        salutation: null,
        firstName: null,
        lastName: null,
        email: null,
        emailValidatedAt: null,
        passwordHash: null,
        country: null,
        dob: null,
        telephone: null,
        marketing: false,
        deletedAt: now,
        updatedAt: now,
      })
      .where(eq(users.id, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await tx.delete(userTokens).where(eq(userTokens.userId, userId));
    await tx.delete(addresses).where(eq(addresses.customerId, userId));
  });
}
