import { randomInt } from 'node:crypto';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Uses } from '../../lib/uses';
import { STAFF_ROLES, type StaffRole } from '../../../shared/access';
import { AUTH_MESSAGES } from '../../../shared/api/auth';
import {
  STAFF_MESSAGES,
  type StaffMember,
  type acceptInvitationSchema,
  type inviteStaffSchema,
} from '../../../shared/api/staff';
import { generateReference } from '../../../shared/customer-reference';
import type { z } from 'zod';
import { users } from '../../db/schema';
import { createSession, endAllSessions, type UserRow } from '../../lib/auth';
import { hashPassword } from '../../lib/passwords';
import { HttpError } from '../../lib/errors';
import { queueMail } from '../../lib/mail';
import { consumeUserToken, issueUserToken } from '../../lib/tokens';
import { emailInUse, uniqueViolation } from '../auth/user-data';
import type { Db, Tx } from '../../db/client';
import { audit } from '../../lib/audit';
import { invitationEmail } from './emails';

/**
 * Staff accounts (decision 0016). The first admin comes from `npm run create-staff` or, at start,
 * ADMIN_EMAIL and ADMIN_PASSWORD; admins invite the others by e-mail, change their roles and
 * disable them. Every change is in the audit log. There is always one active admin left.
 */

const isStaff = inArray(users.role, [...STAFF_ROLES]);

function toStaffMember(u: UserRow): StaffMember {
  return {
    Id: u.id,
    Email: u.email ?? '',
    FirstName: u.firstName ?? '',
    LastName: u.lastName ?? '',
    Role: u.role as StaffRole,
    Status: u.disabledAt ? 'Disabled' : u.passwordHash ? 'Active' : 'Invited',
    Created: u.createdAt.toISOString(),
  };
}

/** What the audit log keeps of a staff account: never its password or tokens. */
const auditView = (u: UserRow) => {
  const { Id: _id, Created: _created, ...rest } = toStaffMember(u);
  return rest;
};

async function insertStaff(
  tx: Tx,
  input: { email: string; firstName: string; lastName: string; role: StaffRole },
  passwordHash: string | null,
): Promise<UserRow> {
  if (await emailInUse(tx as Db, input.email)) {
    throw new HttpError(400, STAFF_MESSAGES.emailTaken, [
      { field: 'Email', error: STAFF_MESSAGES.emailTaken },
    ]);
  }
  for (let attempt = 0; ; attempt++) {
    try {
      const [row] = await (tx as Db).transaction((savepoint) =>
        savepoint
          .insert(users)
          .values({
            reference: generateReference(randomInt),
            role: input.role,
            firstName: input.firstName,
            lastName: input.lastName,
            email: input.email,
            passwordHash,
            // the address is the one the admin typed, or proven by the invitation link
            emailValidatedAt: passwordHash ? new Date() : null,
          })
          .returning(),
      );
      return row;
    } catch (err) {
      if (uniqueViolation(err) !== 'users_reference_unique' || attempt >= 5) throw err;
    }
  }
}

/**
 * Creates a staff account with a password, or gives an existing account the role and password
 * (the `create-staff` command and the ADMIN_EMAIL start-up). Returns the account.
 */
export async function createStaff(
  db: Db,
  input: {
    email: string;
    password: string;
    role: StaffRole;
    firstName?: string;
    lastName?: string;
  },
): Promise<UserRow> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(users)
      .where(and(sql`lower(${users.email}) = lower(${input.email})`, isNull(users.deletedAt)));
    let row: UserRow;
    if (existing) {
      [row] = await tx
        .update(users)
        .set({ role: input.role, passwordHash, disabledAt: null, updatedAt: new Date() })
        .where(eq(users.id, existing.id))
        .returning();
      await endAllSessions(tx, row.id);
    } else {
      row = await insertStaff(
        tx,
        {
          email: input.email,
          firstName: input.firstName ?? 'Admin',
          lastName: input.lastName ?? '',
          role: input.role,
        },
        passwordHash,
      );
    }
    await audit(tx, {
      actorId: null,
      action: existing ? 'staff.reset' : 'staff.create',
      subject: 'Staff',
      subjectId: row.id,
      before: existing ? auditView(existing) : null,
      after: auditView(row),
    });
    return row;
  });
}

/** Whether an active admin exists (the start-up makes one from ADMIN_EMAIL when none does). */
export async function hasActiveAdmin(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.deletedAt), isNull(users.disabledAt)))
    .limit(1);
  return Boolean(row);
}

/** At start: the first admin from ADMIN_EMAIL and ADMIN_PASSWORD, when no admin exists yet. */
export async function ensureFirstAdmin(
  db: Db,
  admin: { email: string; password: string } | null,
): Promise<UserRow | null> {
  if (!admin || (await hasActiveAdmin(db))) return null;
  return createStaff(db, { ...admin, role: 'admin' });
}

export async function listStaff(db: Db): Promise<StaffMember[]> {
  const rows = await db
    .select()
    .from(users)
    .where(and(isStaff, isNull(users.deletedAt)))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
  return rows.map(toStaffMember);
}

/** Invites a staff member: an account without a password and an e-mailed link that sets one. */
export async function inviteStaff(
  app: Uses<'config' | 'database'>,
  input: z.output<typeof inviteStaffSchema>,
  actorId: number,
): Promise<StaffMember> {
  return app.database.db.transaction(async (tx) => {
    const row = await insertStaff(
      tx,
      {
        email: input.Email,
        firstName: input.FirstName,
        lastName: input.LastName,
        role: input.Role,
      },
      null,
    );
    const token = await issueUserToken(tx, 'staff-invitation', row.id, input.Email);
    await queueMail(
      tx,
      invitationEmail(app.config, { email: input.Email, firstName: input.FirstName }, token),
    );
    await audit(tx, {
      actorId,
      action: 'staff.invite',
      subject: 'Staff',
      subjectId: row.id,
      after: auditView(row),
    });
    return toStaffMember(row);
  });
}

/** Sets the invited account's password from the link and logs it in; the link works once. */
export async function acceptInvitation(
  app: Uses<'database'>,
  input: z.output<typeof acceptInvitationSchema>,
): Promise<string> {
  const passwordHash = await hashPassword(input.Password);
  return app.database.db.transaction(async (tx) => {
    const used = await consumeUserToken(tx, 'staff-invitation', input.token);
    const invalid = new HttpError(400, AUTH_MESSAGES.tokenInvalid, [
      { field: 'token', error: AUTH_MESSAGES.tokenInvalid },
    ]);
    if (!used) throw invalid;
    const [row] = await tx
      .update(users)
      .set({ passwordHash, emailValidatedAt: new Date(), updatedAt: new Date() })
      .where(
        and(
          eq(users.id, used.userId),
          isStaff,
          isNull(users.deletedAt),
          isNull(users.disabledAt),
          sql`lower(${users.email}) = lower(${used.email})`,
        ),
      )
      .returning();
    if (!row) throw invalid;
    await audit(tx, {
      actorId: row.id,
      action: 'staff.accept-invitation',
      subject: 'Staff',
      subjectId: row.id,
      after: auditView(row),
    });
    return createSession(tx, row.id, new Date(), row.role);
  });
}

/**
 * Changes a staff member's role, or disables or re-enables the account, as an admin. An admin
 * cannot change their own account here, and the last active admin cannot be demoted or disabled:
 * the admins are locked while they are counted, so two admins demoting each other at once cannot
 * leave none.
 */
export async function updateStaff(
  db: Db,
  id: number,
  change: { role?: StaffRole; disabled?: boolean },
  actorId: number,
): Promise<StaffMember> {
  if (id === actorId) throw new HttpError(409, STAFF_MESSAGES.notYourself);
  return db.transaction(async (tx) => {
    const admins = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'admin'), isNull(users.deletedAt), isNull(users.disabledAt)))
      .for('update');
    const [before] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, id), isStaff, isNull(users.deletedAt)))
      .for('update');
    if (!before) throw new HttpError(404, STAFF_MESSAGES.notStaff);
    const losesAdmin =
      before.role === 'admin' &&
      !before.disabledAt &&
      ((change.role !== undefined && change.role !== 'admin') || change.disabled === true);
    if (losesAdmin && admins.filter((a) => a.id !== id).length === 0) {
      throw new HttpError(409, STAFF_MESSAGES.lastAdmin);
    }
    const [after] = await tx
      .update(users)
      .set({
        ...(change.role !== undefined && { role: change.role }),
        ...(change.disabled !== undefined && {
          disabledAt: change.disabled ? (before.disabledAt ?? new Date()) : null,
        }),
        updatedAt: new Date(),
      })
      .where(eq(users.id, id))
      .returning();
    // a new role or a disabled account takes effect at once: its sessions end
    if (change.disabled || (change.role !== undefined && change.role !== before.role)) {
      await endAllSessions(tx, id);
    }
    await audit(tx, {
      actorId,
      action:
        change.disabled === undefined
          ? 'staff.change-role'
          : change.disabled
            ? 'staff.disable'
            : 'staff.enable',
      subject: 'Staff',
      subjectId: id,
      before: auditView(before),
      after: auditView(after),
    });
    return toStaffMember(after);
  });
}
