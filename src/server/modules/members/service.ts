import { eq } from 'drizzle-orm';
import type { Uses } from '../../lib/uses';
import {
  AUTH_MESSAGES,
  type ProfileUpdate,
  type ProfileUpdateResponse,
} from '../../../shared/api/auth';
import { addresses, sessions, userTokens, users } from '../../db/schema';
import { createSession, endSession, type AuthContext, type UserRow } from '../../lib/auth';
import { checkPassword } from '../../lib/passwords';
import { HttpError } from '../../lib/errors';
import { queueMail } from '../../lib/mail';
import { MESSAGES } from '../../../shared/validation/messages';
import { issueUserToken, voidUserTokens } from '../../lib/tokens';
import { emailChangedEmail, validateEmail } from '../auth/emails';
import { emailTakenError } from '../auth/service';
import { forgetHousehold } from '../household/service';
import { emailInUse, loadUserData, uniqueViolation } from '../auth/user-data';

/** The current password, asked again before the address changes or the account is deleted. */
async function checkCurrentPassword(user: UserRow, password: string | undefined): Promise<void> {
  if (!password) {
    throw new HttpError(400, AUTH_MESSAGES.currentPasswordNeeded, [
      { field: 'CurrentPassword', error: MESSAGES.required },
    ]);
  }
  if (!(await checkPassword(user.passwordHash, password))) {
    throw new HttpError(400, AUTH_MESSAGES.currentPasswordWrong, [
      { field: 'CurrentPassword', error: AUTH_MESSAGES.currentPasswordWrong },
    ]);
  }
}

/**
 * Saves the profile and swaps the caller's session for a new one, in one transaction. A new
 * e-mail address needs the current password and must be validated again: a link goes to the new
 * address, a notice to the old one, and links sent to the old address stop working.
 */
export async function updateProfile(
  app: Uses<'config' | 'database'>,
  auth: AuthContext,
  input: ProfileUpdate,
): Promise<ProfileUpdateResponse> {
  const before = auth.user;
  const oldEmail = before.email ?? '';
  const emailChanged = input.Email.toLowerCase() !== oldEmail.toLowerCase();
  if (emailChanged) await checkCurrentPassword(before, input.CurrentPassword);
  const now = new Date();
  return app.database.db.transaction(async (tx) => {
    if (emailChanged && (await emailInUse(tx, input.Email, before.id))) throw emailTakenError();
    let after: typeof users.$inferSelect;
    try {
      [after] = await tx.transaction((savepoint) =>
        savepoint
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
          .returning(),
      );
    } catch (err) {
      if (uniqueViolation(err) === 'users_email_lower_idx') throw emailTakenError();
      throw err;
    }

    const accessToken = await createSession(tx, after.id, now);
    await endSession(tx, auth.sessionId);

    if (emailChanged) {
      await voidUserTokens(tx, after.id, undefined, now);
      const token = await issueUserToken(tx, 'validate-email', after.id, input.Email, now);
      await queueMail(
        tx,
        validateEmail(app.config, { email: input.Email, firstName: input.FirstName }, token),
      );
      if (oldEmail) {
        await queueMail(
          tx,
          emailChangedEmail(app.config, {
            oldEmail,
            newEmail: input.Email,
            firstName: input.FirstName,
          }),
        );
      }
    }
    return { accessToken, userData: await loadUserData(tx, after) };
  });
}

/**
 * Deletes the account once the current password is given again: personal data is blanked, sessions, links and saved addresses are
 * deleted (orders keep their own copies of the addresses they were sent to), and a tombstone
 * (id, reference, role, dates) stays so that paid orders remain linked in anonymised form. The
 * address is free to register again.
 */
export async function deleteAccount(
  app: Uses<'database'>,
  user: UserRow,
  currentPassword: string,
): Promise<void> {
  await checkCurrentPassword(user, currentPassword);
  const userId = user.id;
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
    await forgetHousehold(tx, userId);
  });
}
