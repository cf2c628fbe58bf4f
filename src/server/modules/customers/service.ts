import { eq } from 'drizzle-orm';
import type { Uses } from '../../lib/uses';
import { CUSTOMER_MESSAGES } from '../../../shared/api/customers-admin';
import { users } from '../../db/schema';
import { endAllSessions } from '../../lib/auth';
import { HttpError } from '../../lib/errors';
import { queueEmailValidation } from '../auth/service';
import type { Tx } from '../../db/client';
import { audit } from '../../lib/audit';
import { customerExport, findCustomer } from './queries';

/**
 * What the office does to a customer's account (decision 0022), each in one transaction with its
 * audit entry. The account row is locked while it changes, so two changes at once are in turn.
 */

type UserRow = typeof users.$inferSelect;

/** What the audit log keeps of a customer's account: its state, never a password or a token. */
const auditView = (u: UserRow) => ({
  Reference: u.reference,
  Email: u.email,
  EmailValidated: u.emailValidatedAt !== null,
  Status: u.deletedAt ? 'Deleted' : u.disabledAt ? 'Disabled' : 'Active',
});

async function lockCustomer(tx: Tx, id: number): Promise<UserRow> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update');
  const row = await findCustomer(tx, id);
  if (row.deletedAt) throw new HttpError(409, CUSTOMER_MESSAGES.deleted);
  return row;
}

/** E-mails the customer a new validation link, as the site's "send it again" does. */
export async function resendValidation(
  app: Uses<'config' | 'database'>,
  id: number,
  actorId: number,
) {
  await app.database.db.transaction(async (tx) => {
    const customer = await lockCustomer(tx, id);
    if (!customer.email) throw new HttpError(409, CUSTOMER_MESSAGES.noEmail);
    if (customer.emailValidatedAt) throw new HttpError(409, CUSTOMER_MESSAGES.alreadyValidated);
    await queueEmailValidation(tx, app.config, customer);
    await audit(tx, {
      actorId,
      action: 'customer.resend-validation',
      subject: 'Customer',
      subjectId: id,
      after: auditView(customer),
    });
  });
}

/**
 * Disables the account (its sessions end at once, and it cannot log in: it is told it was
 * disabled) or enables it again. Doing what is already done changes nothing and is not logged.
 */
export async function setCustomerDisabled(
  app: Uses<'database'>,
  id: number,
  disabled: boolean,
  actorId: number,
) {
  await app.database.db.transaction(async (tx) => {
    const before = await lockCustomer(tx, id);
    if (Boolean(before.disabledAt) === disabled) return;
    const [after] = await tx
      .update(users)
      .set({ disabledAt: disabled ? new Date() : null, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    if (disabled) await endAllSessions(tx, id);
    await audit(tx, {
      actorId,
      action: disabled ? 'customer.disable' : 'customer.enable',
      subject: 'Customer',
      subjectId: id,
      before: auditView(before),
      after: auditView(after),
    });
  });
}

/** The customer's data-protection export, and an audit entry saying who took it. */
export async function exportCustomer(app: Uses<'database'>, id: number, actorId: number) {
  return app.database.db.transaction(async (tx) => {
    const data = await customerExport(tx, id);
    await audit(tx, {
      actorId,
      action: 'customer.export',
      subject: 'Customer',
      subjectId: id,
      after: { Reference: data.Customer.Reference, Orders: data.Orders.length },
    });
    return data;
  });
}
