import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Household, HouseholdMember } from '../../../shared/api/household';
import {
  comparableName,
  HOUSEHOLD_MESSAGES,
  HOUSEHOLD_SETTING,
  householdLimitOf,
  personName,
} from '../../../shared/household';
import { householdMembers, settings, users } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import type { Tx } from '../../db/client';
import { audit } from '../../lib/audit';

/**
 * The customer's household (decision 0037): the people named on the account, up to the
 * Account/HouseholdLimit setting. A removed person keeps their row (marked removed, out of every
 * list and of the depot's find), so a parcel received for them still says whom it was for. Each
 * change is audited on the customer, by the customer.
 */

type MemberRow = typeof householdMembers.$inferSelect;

export const toHouseholdMember = (row: MemberRow): HouseholdMember => ({
  Id: row.id,
  FirstName: row.firstName,
  LastName: row.lastName,
  FullName: personName({ FirstName: row.firstName, LastName: row.lastName }),
  Created: row.createdAt.toISOString(),
});

/** What an audit entry shows of a person. */
const auditView = (row: MemberRow) => ({
  HouseholdMember: row.id,
  Name: personName({ FirstName: row.firstName, LastName: row.lastName }),
});

/** The account's people still named on it. */
const current = (customerId: number) =>
  and(eq(householdMembers.customerId, customerId), isNull(householdMembers.removedAt));

/** How many people an account may name, from the settings (the default when unset). */
async function householdLimit(tx: Tx): Promise<number> {
  const [row] = await tx
    .select({ value: settings.value })
    .from(settings)
    .where(
      and(
        eq(settings.category, HOUSEHOLD_SETTING.category),
        eq(settings.name, HOUSEHOLD_SETTING.name),
      ),
    );
  let value: unknown;
  try {
    value = row ? JSON.parse(row.value) : undefined;
  } catch {
    value = undefined;
  }
  return householdLimitOf(value);
}

/** The people named on the account, oldest first. */
export async function householdMembersOf(tx: Tx, customerId: number): Promise<MemberRow[]> {
  return tx
    .select()
    .from(householdMembers)
    .where(current(customerId))
    .orderBy(asc(householdMembers.createdAt), asc(householdMembers.id));
}

export async function household(tx: Tx, customerId: number): Promise<Household> {
  const [rows, limit, [user]] = await Promise.all([
    householdMembersOf(tx, customerId),
    householdLimit(tx),
    tx.select({ reference: users.reference }).from(users).where(eq(users.id, customerId)),
  ]);
  return { Members: rows.map(toHouseholdMember), Limit: limit, Reference: user?.reference ?? '' };
}

/**
 * Names one more person, up to the limit (409 beyond). The customer's row is locked while
 * counting, so two additions at once cannot both take the last place; the account holder's own
 * name and a name already on the household are refused (400 on the name).
 */
export async function addHouseholdMember(
  tx: Tx,
  customerId: number,
  input: { FirstName: string; LastName: string },
): Promise<HouseholdMember> {
  const [holder] = await tx
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, customerId))
    .for('update');
  const name = comparableName(personName(input));
  const sameName = (message: string) =>
    new HttpError(400, message, [{ field: 'FirstName', error: message }]);
  if (
    holder &&
    comparableName(
      personName({ FirstName: holder.firstName ?? '', LastName: holder.lastName ?? '' }),
    ) === name
  ) {
    throw sameName(HOUSEHOLD_MESSAGES.sameAsHolder);
  }
  const members = await householdMembersOf(tx, customerId);
  const limit = await householdLimit(tx);
  if (members.length >= limit) throw new HttpError(409, HOUSEHOLD_MESSAGES.tooMany(limit));
  if (
    members.some(
      (m) => comparableName(personName({ FirstName: m.firstName, LastName: m.lastName })) === name,
    )
  ) {
    throw sameName(HOUSEHOLD_MESSAGES.duplicate);
  }
  const now = new Date();
  const [row] = await tx
    .insert(householdMembers)
    .values({
      customerId,
      firstName: input.FirstName,
      lastName: input.LastName,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await audit(tx, {
    actorId: customerId,
    action: 'household.add',
    subject: 'Customer',
    subjectId: customerId,
    after: auditView(row),
  });
  return toHouseholdMember(row);
}

/** Removes a person from the household; their parcels stay on the account. 404 for another's. */
export async function removeHouseholdMember(tx: Tx, customerId: number, id: number) {
  const now = new Date();
  const [row] = await tx
    .update(householdMembers)
    .set({ removedAt: now, updatedAt: now })
    .where(and(current(customerId), eq(householdMembers.id, id)))
    .returning();
  if (!row) throw new HttpError(404, HOUSEHOLD_MESSAGES.notFound);
  await audit(tx, {
    actorId: customerId,
    action: 'household.remove',
    subject: 'Customer',
    subjectId: customerId,
    before: auditView(row),
  });
}

/** A deleted account's household: the names go, the rows stay for the parcels that name them. */
export async function forgetHousehold(tx: Tx, customerId: number) {
  await tx
    .update(householdMembers)
    .set({
      firstName: '',
      lastName: '',
      removedAt: sql`coalesce(${householdMembers.removedAt}, now())`,
      updatedAt: new Date(),
    })
    .where(eq(householdMembers.customerId, customerId));
}
