import { eq, ilike, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { extraInputSchema, productInputSchema } from '../../../shared/api/catalogue-admin';
import type { OrderExtra } from '../../../shared/api/catalogue';
import { toPence } from '../../../shared/money';
import type { Db } from '../../db/client';
import { orderExtras, products } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { uniqueViolation } from '../auth/user-data';
import { audit } from '../../lib/audit';
import { toOrderExtra, toProduct } from './queries';

/**
 * The office's catalogue (decision 0024): price bands, extras and discount codes. Each change is in
 * the audit log with the record before and after, in the change's own transaction; the caller
 * clears the node's read-through cache once it is committed, so the public site shows it at
 * once here and within the cache's time on other nodes. Orders keep what they were charged:
 * their price lines are fixed at checkout (orders.lines), never read back from the catalogue.
 */

type ProductValues = z.output<typeof productInputSchema>;
type ExtraValues = z.output<typeof extraInputSchema>;

export const taken = (field: string, what: string) =>
  new HttpError(400, `Another ${what} already has this code.`, [
    { field, error: `is already used by another ${what}` },
  ]);
/**
 * The code check before a write cannot see a row another office member is adding at the same
 * moment; the database's unique constraint then refuses the second write, which is answered as
 * the check would have answered it, not as a 500.
 */
export const codeTaken = (constraint: string, field: string, what: string) => (err: unknown) => {
  if (uniqueViolation(err) === constraint) throw taken(field, what);
  throw err;
};
export const notFound = (what: string) => new HttpError(404, `No such ${what}.`);

const productRow = (v: ProductValues) => ({
  name: v.Name,
  code: v.Code,
  description: v.Description,
  pricePence: toPence(v.Price),
  sortOrder: v.SortOrder,
  enabled: v.enabled,
  public: v.public,
  lengthMm: v.Length,
  widthMm: v.Width,
  heightMm: v.Height,
  maxWeightGrams: v.MaxWeight,
  ttlmdProductCode: v.TTLMDProductCode,
});

/** Creates a band (`id` undefined) or changes one; a code another band has is a 400 on Code. */
export async function saveProduct(
  db: Db,
  actorId: number,
  id: number | undefined,
  values: ProductValues,
) {
  return db
    .transaction(async (tx) => {
      const before = id === undefined ? null : await lockProduct(tx as Db, id);
      const [clash] = await tx
        .select({ id: products.id })
        .from(products)
        .where(eq(products.code, values.Code));
      if (clash && clash.id !== id) throw taken('Code', 'price band');
      const [row] =
        id === undefined
          ? await tx.insert(products).values(productRow(values)).returning()
          : await tx
              .update(products)
              .set({ ...productRow(values), updatedAt: new Date() })
              .where(eq(products.id, id))
              .returning();
      return audited(tx as Db, actorId, 'Product', before, toProduct(row));
    })
    .catch(codeTaken('products_code_unique', 'Code', 'price band'));
}

/** Records a created (no `before`) or changed catalogue record in the audit log; returns it. */
async function audited<T extends { Id: number }>(
  tx: Db,
  actorId: number,
  subject: string,
  before: T | null,
  after: T,
) {
  await audit(tx, {
    actorId,
    action: before ? 'update' : 'create',
    subject,
    subjectId: after.Id,
    before,
    after,
  });
  return after;
}

async function lockProduct(tx: Db, id: number) {
  const [row] = await tx.select().from(products).where(eq(products.id, id)).for('update');
  if (!row) throw notFound('price band');
  return toProduct(row);
}

/** A code for a new extra from its name (`Gift wrapping` gives `gift-wrapping`), unique. */
async function extraCode(tx: Db, name: string): Promise<string> {
  const base =
    name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'extra';
  const rows = await tx
    .select({ code: orderExtras.code })
    .from(orderExtras)
    .where(or(eq(orderExtras.code, base), ilike(orderExtras.code, `${base}-%`)));
  const used = new Set(rows.map((r) => r.code));
  let code = base;
  for (let n = 2; used.has(code); n += 1) code = `${base}-${n}`;
  return code;
}

/**
 * Creates an extra (`id` undefined) or changes one. Its code is made from its name; two extras of
 * the same name added at the same moment would both choose it, so the later one, refused by the
 * unique constraint, is made again and then chooses the next free code.
 */
export async function saveExtra(
  db: Db,
  actorId: number,
  id: number | undefined,
  values: ExtraValues,
  attempt = 1,
): Promise<OrderExtra> {
  return db
    .transaction(async (tx) => {
      const fields = {
        name: values.Name,
        description: values.Description,
        pricePence: toPence(values.Price),
        sortOrder: values.SortOrder,
        enabled: values.Enabled,
      };
      let before: OrderExtra | null = null;
      if (id !== undefined) {
        const [old] = await tx
          .select()
          .from(orderExtras)
          .where(eq(orderExtras.id, id))
          .for('update');
        if (!old) throw notFound('extra');
        before = toOrderExtra(old);
      }
      const [row] =
        id === undefined
          ? await tx
              .insert(orderExtras)
              .values({ ...fields, code: await extraCode(tx as Db, values.Name) })
              .returning()
          : await tx
              .update(orderExtras)
              .set({ ...fields, updatedAt: new Date() })
              .where(eq(orderExtras.id, id))
              .returning();
      return audited(tx as Db, actorId, 'OrderExtra', before, toOrderExtra(row));
    })
    .catch((err: unknown) => {
      if (id !== undefined || attempt >= 3 || uniqueViolation(err) !== 'order_extras_code_unique')
        throw err;
      return saveExtra(db, actorId, id, values, attempt + 1);
    });
}
