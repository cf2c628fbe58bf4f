import { and, eq, ne, sql } from 'drizzle-orm';
import {
  DISCOUNT_MESSAGES,
  discountPence,
  describeDiscount,
  type DiscountTerms,
} from '../../../shared/discounts';
import { discountCodes, discountRedemptions } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { moveRedemption, type Mover } from '../../lib/status-moves';
import type { Tx } from '../../db/client';

/**
 * Discount codes (decision 0012): whether a code can be used by a customer on a subtotal, and the
 * reservation of a use by a checkout. Every refusal is a 400 on the `Code` field in words a
 * person understands.
 */

export interface AppliedDiscount {
  id: number;
  code: string;
  description: string;
  discountPence: number;
}

type DiscountRow = typeof discountCodes.$inferSelect;

const refuse = (message: string) =>
  new HttpError(400, message, [{ field: 'Code', error: message }]);

const day = (d: Date) =>
  d.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/London',
  });

/** What a code takes off, and from what spend. */
export const discountTerms = (row: DiscountRow): DiscountTerms => ({
  kind: row.kind,
  percent: row.percent,
  amountPence: row.amountPence,
  minSpendPence: row.minSpendPence,
});

/**
 * Where a code stands at `now`: disabled by the office, before its first day, after its last
 * day, or usable (its limits of uses and minimum spend aside).
 */
export function discountPeriod(
  row: Pick<DiscountRow, 'enabled' | 'validFrom' | 'validTo'>,
  now: Date,
): 'disabled' | 'upcoming' | 'ended' | 'active' {
  if (!row.enabled) return 'disabled';
  if (row.validFrom && now < row.validFrom) return 'upcoming';
  if (row.validTo && now >= row.validTo) return 'ended';
  return 'active';
}

/**
 * Checks a code for a customer and a subtotal, and returns what it takes off. With `lock`, the
 * code's row is locked until the transaction ends, so two checkouts taking its last use are
 * served one after the other and the second sees the first's reservation.
 */
export async function applyDiscount(
  tx: Tx,
  customerId: number,
  code: string,
  subtotalPence: number,
  {
    lock = false,
    /** The server's time (app.clock). */
    now,
    /** Leave out the customer's own pending checkouts (a new checkout replaces them). */
    ignoreOwnPending = false,
  }: { lock?: boolean; now: Date; ignoreOwnPending?: boolean },
): Promise<AppliedDiscount> {
  const query = tx.select().from(discountCodes).where(eq(discountCodes.code, code));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw refuse(DISCOUNT_MESSAGES.unknown);
  const when = discountPeriod(row, now);
  if (when === 'disabled') throw refuse(DISCOUNT_MESSAGES.disabled);
  if (when === 'upcoming') throw refuse(DISCOUNT_MESSAGES.notYetValid(day(row.validFrom!)));
  if (when === 'ended') throw refuse(DISCOUNT_MESSAGES.expired(day(row.validTo!)));
  if (row.maxUses !== null || row.maxUsesPerCustomer !== null) {
    const [uses] = await tx
      .select({
        all: sql<number>`count(*)::int`,
        mine: sql<number>`(count(*) filter (where ${discountRedemptions.customerId} = ${customerId}))::int`,
      })
      .from(discountRedemptions)
      .where(
        and(
          eq(discountRedemptions.discountCodeId, row.id),
          ne(discountRedemptions.status, 'released'),
          ignoreOwnPending
            ? sql`not (${discountRedemptions.customerId} = ${customerId} and ${discountRedemptions.status} = 'reserved')`
            : undefined,
        ),
      );
    if (row.maxUsesPerCustomer !== null && uses.mine >= row.maxUsesPerCustomer) {
      throw refuse(DISCOUNT_MESSAGES.usedByYou);
    }
    if (row.maxUses !== null && uses.all >= row.maxUses) throw refuse(DISCOUNT_MESSAGES.usedUp);
  }
  if (subtotalPence < row.minSpendPence)
    throw refuse(DISCOUNT_MESSAGES.minimumSpend(row.minSpendPence));
  const terms = discountTerms(row);
  return {
    id: row.id,
    code: row.code,
    description: describeDiscount(terms),
    discountPence: discountPence(subtotalPence, terms),
  };
}

/** Counts a use of the code against its limits for a checkout's payment (until released). */
export async function reserveDiscount(
  tx: Tx,
  discountCodeId: number,
  customerId: number,
  paymentId: number,
): Promise<void> {
  await tx.insert(discountRedemptions).values({ discountCodeId, customerId, paymentId });
}

/** The payment was made: the use is final. */
export async function redeemDiscount(tx: Tx, paymentId: number, by: Mover): Promise<void> {
  await moveRedemption(tx, paymentId, ['reserved'], 'redeemed', by);
}

/** The payment will never be made: the use is given back. */
export async function releaseDiscount(tx: Tx, paymentId: number, by: Mover): Promise<void> {
  await moveRedemption(tx, paymentId, ['reserved'], 'released', by);
}

/** The code of a discount, for showing on a payment. */
export async function discountCodeOf(tx: Tx, id: number | null): Promise<string | null> {
  if (id === null) return null;
  const [row] = await tx
    .select({ code: discountCodes.code })
    .from(discountCodes)
    .where(eq(discountCodes.id, id));
  return row?.code ?? null;
}
