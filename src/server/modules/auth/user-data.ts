import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Profile, UserData } from '../../../shared/api/auth';
import type { Island, Salutation } from '../../../shared/auth/schemas';
import type { Db } from '../../db/client';
import { settings, users } from '../../db/schema';
import { abilityFor } from '../../../shared/access';
import type { UserRow } from '../../lib/auth';
import type { Uses } from '../../lib/uses';

/** The depot's address lines, from the Depot/Address setting that staff edit. */
export async function depotAddress(db: Pick<Db, 'select'>): Promise<string[]> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(and(eq(settings.category, 'Depot'), eq(settings.name, 'Address')));
  try {
    const lines: unknown = row && JSON.parse(row.value);
    return Array.isArray(lines) ? lines.filter((l): l is string => typeof l === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * The customer's UK delivery address: their name, then the depot's lines with the reference
 * worked into the street line so that it survives on any retailer's label. Staff may place it
 * themselves with `{Reference}` in the setting; otherwise it goes into the first line with a
 * number ("Unit 7 (FB7KXM3X), Quartremaine Road"), or on a line of its own after the first.
 */
export function shippingAddress(fullName: string, reference: string, depot: string[]): string[] {
  const withPlaceholder = depot.some((l) => l.includes('{Reference}'));
  if (withPlaceholder) {
    return [fullName, ...depot.map((l) => l.replaceAll('{Reference}', reference))];
  }
  const street = depot.findIndex((l) => /\d/.test(l));
  if (street === -1)
    return [fullName, ...depot.slice(0, 1), `Ref: ${reference}`, ...depot.slice(1)];
  const lines = [...depot];
  const line = lines[street];
  const comma = line.indexOf(',');
  lines[street] =
    comma === -1
      ? `${line} (${reference})`
      : `${line.slice(0, comma)} (${reference})${line.slice(comma)}`;
  return [fullName, ...lines];
}

export const fullName = (u: Pick<UserRow, 'firstName' | 'lastName'>) =>
  [u.firstName, u.lastName].filter(Boolean).join(' ');

function toUserData(u: UserRow, depot: string[]): UserData {
  const name = fullName(u);
  return {
    Id: u.id,
    FullName: name,
    FirstName: u.firstName ?? '',
    LastName: u.lastName ?? '',
    Email: u.email ?? '',
    EmailValidated: u.emailValidatedAt !== null,
    Reference: u.reference,
    Role: u.role,
    ShippingAddress: shippingAddress(name, u.reference, depot),
    Ability: abilityFor(u.role),
  };
}

export async function loadUserData(db: Db, u: UserRow): Promise<UserData> {
  return toUserData(u, await depotAddress(db));
}

/**
 * The user's data with the depot's address through the node's cache (`GET /me`, on every page a
 * signed-in customer opens): a settings edit clears it on its own node, and every other node reads
 * the new address within CACHE_TTL_MS, as the public settings (docs/decisions/0053).
 */
export async function cachedUserData(
  app: Uses<'cache' | 'database'>,
  u: UserRow,
): Promise<UserData> {
  const depot = await app.cache.get('depot-address', () => depotAddress(app.database.db));
  return toUserData(u, depot);
}

export function toProfile(u: UserRow): Profile {
  return {
    Salutation: (u.salutation as Salutation | null) ?? null,
    FirstName: u.firstName ?? '',
    LastName: u.lastName ?? '',
    Email: u.email ?? '',
    EmailValidated: u.emailValidatedAt !== null,
    Country: u.country as Island,
    DOB: u.dob ?? null,
    Telephone: u.telephone ?? null,
    Marketing: u.marketing,
    Reference: u.reference,
  };
}

/** The live (not deleted) account with this e-mail address, compared without case. */
export async function findActiveUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, isNull(users.deletedAt)));
  return row ?? null;
}

export async function findActiveUser(db: Db, id: number): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
  return row ?? null;
}

/** Whether another account already uses the address (deleted accounts have none). */
export async function emailInUse(db: Db, email: string, exceptUserId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`lower(${users.email}) = lower(${email})`,
        exceptUserId === undefined ? undefined : ne(users.id, exceptUserId),
      ),
    );
  return Boolean(row);
}

/** The name of the unique constraint a failed insert or update broke, if that is why it failed. */
export function uniqueViolation(err: unknown): string | null {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint, message } = e as {
      code?: string;
      constraint?: string;
      message?: string;
    };
    if (code === '23505') {
      return constraint ?? /"([^"]+)"/.exec(message ?? '')?.[1] ?? 'unknown';
    }
  }
  return null;
}
