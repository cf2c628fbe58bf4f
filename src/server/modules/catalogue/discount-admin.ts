import { desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Discount, DiscountUse } from '../../../shared/api/catalogue-admin';
import { toPounds } from '../../../shared/money';
import type { Db } from '../../db/client';
import { discountRow, type DiscountValues } from '../../db/discount-row';
import { discountCodes, discountRedemptions, payments, users } from '../../db/schema';
import { audit } from '../../lib/audit';
import { codeTaken, notFound, taken } from './admin-service';

/**
 * The office's discount codes (decision 0024; the codes' rules at checkout are modules/discounts):
 * made, switched on and off, and their uses listed. Each change is audited, as the catalogue's.
 */

/** The UK day of an instant, `yyyy-MM-dd`. */
const ukDay = (at: Date) => at.toLocaleDateString('en-CA', { timeZone: 'Europe/London' });

type DiscountRow = typeof discountCodes.$inferSelect;

/** How many checkouts hold or have redeemed each of these codes. */
async function usesOf(db: Db, ids: number[]) {
  const uses = new Map(ids.map((id) => [id, { Redeemed: 0, Reserved: 0 }]));
  if (!ids.length) return uses;
  const rows = await db
    .select({
      id: discountRedemptions.discountCodeId,
      status: discountRedemptions.status,
      count: sql<number>`count(*)::int`,
    })
    .from(discountRedemptions)
    .where(inArray(discountRedemptions.discountCodeId, ids))
    .groupBy(discountRedemptions.discountCodeId, discountRedemptions.status);
  for (const row of rows) {
    const counts = uses.get(row.id)!;
    if (row.status === 'redeemed') counts.Redeemed = row.count;
    if (row.status === 'reserved') counts.Reserved = row.count;
  }
  return uses;
}

/** A code's first and last day (`yyyy-MM-dd`, UK), or null where it has no limit. */
export const validDays = (d: Pick<DiscountRow, 'validFrom' | 'validTo'>) => ({
  ValidFrom: d.validFrom ? ukDay(d.validFrom) : null,
  // Valid to the end of its last day: the day before the instant it stops.
  ValidTo: d.validTo ? ukDay(new Date(d.validTo.getTime() - 1)) : null,
});

const toDiscount = (d: DiscountRow, uses: { Redeemed: number; Reserved: number }): Discount => ({
  Id: d.id,
  Code: d.code,
  Description: d.description,
  Kind: d.kind,
  Percent: d.percent,
  Amount: d.amountPence === null ? null : toPounds(d.amountPence),
  MinSpend: toPounds(d.minSpendPence),
  ...validDays(d),
  MaxUses: d.maxUses,
  MaxUsesPerCustomer: d.maxUsesPerCustomer,
  Enabled: d.enabled,
  Redeemed: uses.Redeemed,
  Reserved: uses.Reserved,
  Created: d.createdAt.toISOString(),
});

export async function listDiscounts(
  db: Db,
  query: { q?: string; page: number; itemsPerPage: number },
) {
  const q = query.q?.trim();
  const where = q
    ? or(
        ilike(discountCodes.code, `%${escapeLike(q)}%`),
        ilike(discountCodes.description, `%${escapeLike(q)}%`),
      )
    : undefined;
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(discountCodes)
      .where(where)
      .orderBy(desc(discountCodes.enabled), desc(discountCodes.id))
      .limit(query.itemsPerPage)
      .offset((query.page - 1) * query.itemsPerPage),
    db.$count(discountCodes, where),
  ]);
  const uses = await usesOf(
    db,
    rows.map((r) => r.id),
  );
  return {
    items: rows.map((r) => toDiscount(r, uses.get(r.id)!)),
    total,
    page: query.page,
    itemsPerPage: query.itemsPerPage,
  };
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

async function discountById(db: Db, id: number) {
  const [row] = await db.select().from(discountCodes).where(eq(discountCodes.id, id));
  if (!row) throw notFound('discount code');
  return toDiscount(row, (await usesOf(db, [id])).get(id)!);
}

export async function createDiscount(db: Db, actorId: number, v: DiscountValues) {
  const id = await db
    .transaction(async (tx) => {
      const [clash] = await tx
        .select({ id: discountCodes.id })
        .from(discountCodes)
        .where(eq(discountCodes.code, v.Code));
      if (clash) throw taken('Code', 'discount code');
      const [row] = await tx.insert(discountCodes).values(discountRow(v)).returning();
      await audit(tx, {
        actorId,
        action: 'create',
        subject: 'DiscountCode',
        subjectId: row.id,
        after: toDiscount(row, { Redeemed: 0, Reserved: 0 }),
      });
      return row.id;
    })
    .catch(codeTaken('discount_codes_code_unique', 'Code', 'discount code'));
  return discountById(db, id);
}

export async function setDiscountEnabled(db: Db, actorId: number, id: number, enabled: boolean) {
  await db.transaction(async (tx) => {
    const [old] = await tx
      .select()
      .from(discountCodes)
      .where(eq(discountCodes.id, id))
      .for('update');
    if (!old) throw notFound('discount code');
    if (old.enabled === enabled) return;
    const [row] = await tx
      .update(discountCodes)
      .set({ enabled, updatedAt: new Date() })
      .where(eq(discountCodes.id, id))
      .returning();
    await audit(tx, {
      actorId,
      action: enabled ? 'enable' : 'disable',
      subject: 'DiscountCode',
      subjectId: id,
      before: { Code: old.code, Enabled: old.enabled },
      after: { Code: row.code, Enabled: row.enabled },
    });
  });
  return discountById(db, id);
}

/** The checkouts that used a code, newest first: who, which checkout, and how it stands. */
export async function discountUses(
  db: Db,
  id: number,
  query: { page: number; itemsPerPage: number },
) {
  const discount = await discountById(db, id);
  const where = eq(discountRedemptions.discountCodeId, id);
  const [rows, total] = await Promise.all([
    db
      .select({ use: discountRedemptions, payment: payments, customer: users })
      .from(discountRedemptions)
      .innerJoin(payments, eq(payments.id, discountRedemptions.paymentId))
      .innerJoin(users, eq(users.id, discountRedemptions.customerId))
      .where(where)
      .orderBy(desc(discountRedemptions.id))
      .limit(query.itemsPerPage)
      .offset((query.page - 1) * query.itemsPerPage),
    db.$count(discountRedemptions, where),
  ]);
  const items: DiscountUse[] = rows.map(({ use, payment, customer }) => ({
    Id: use.id,
    At: use.createdAt.toISOString(),
    Status: use.status,
    Customer: {
      Id: customer.id,
      Name:
        [customer.firstName, customer.lastName].filter(Boolean).join(' ') ||
        (customer.deletedAt ? 'Deleted account' : ''),
      Reference: customer.reference,
    },
    Checkout: {
      Id: payment.id,
      Reference: payment.reference,
      Status: payment.status,
      Discount: toPounds(payment.discountPence),
    },
  }));
  return { items, total, page: query.page, itemsPerPage: query.itemsPerPage, Discount: discount };
}
