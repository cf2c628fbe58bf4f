import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { userTokens, type UserTokenPurpose } from '../db/schema';

/** An opaque secret for a bearer token or an e-mailed link: 32 random bytes, base64url (43 chars). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps instead of a token: its SHA-256, hex. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** How long an e-mailed link works. */
const USER_TOKEN_LIFETIME_MS: Record<UserTokenPurpose, number> = {
  'reset-password': 60 * 60 * 1000, // one hour
  'validate-email': 48 * 60 * 60 * 1000, // two days
  'staff-invitation': 7 * 24 * 60 * 60 * 1000, // a week
};

/** Creates a single-use link token for the user and the address it is sent to; returns the token. */
export async function issueUserToken(
  db: Db,
  purpose: UserTokenPurpose,
  userId: number,
  email: string,
  now = new Date(),
): Promise<string> {
  const token = newToken();
  await db.insert(userTokens).values({
    userId,
    purpose,
    email,
    tokenHash: hashToken(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + USER_TOKEN_LIFETIME_MS[purpose]),
  });
  return token;
}

/**
 * Uses a link token: one statement marks it used only if it is unused and unexpired, so two
 * requests racing with the same token cannot both succeed. Returns the user and address it was
 * for, or null for an unknown, used or expired token.
 */
export async function consumeUserToken(
  db: Db,
  purpose: UserTokenPurpose,
  token: string,
  now = new Date(),
): Promise<{ userId: number; email: string } | null> {
  const [row] = await db
    .update(userTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(userTokens.tokenHash, hashToken(token)),
        eq(userTokens.purpose, purpose),
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, now),
      ),
    )
    .returning({ userId: userTokens.userId, email: userTokens.email });
  return row ?? null;
}

/** Ends every unused link of a purpose (or all purposes) for the user, e.g. after a reset. */
export async function voidUserTokens(
  db: Db,
  userId: number,
  purpose?: UserTokenPurpose,
  now = new Date(),
): Promise<void> {
  await db
    .update(userTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(userTokens.userId, userId),
        isNull(userTokens.usedAt),
        purpose ? eq(userTokens.purpose, purpose) : undefined,
      ),
    );
}
