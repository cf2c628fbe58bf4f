import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { DISCOUNT_KINDS } from '../../../shared/discounts';
import { at, timestamps } from './columns';

/**
 * The catalogue and the site: price bands, extras, settings, discount codes, the seed's log.
 */

/**
 * The catalogue of price bands (docs/requirements.md §3 "Product"). Money in integer pence, sizes
 * in mm.
 */
export const products = pgTable('products', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  pricePence: integer('price_pence').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
  public: boolean('public').notNull().default(true),
  lengthMm: integer('length_mm').notNull(),
  widthMm: integer('width_mm').notNull(),
  heightMm: integer('height_mm').notNull(),
  maxWeightGrams: integer('max_weight_grams').notNull(),
  ttlmdProductCode: integer('ttlmd_product_code').notNull(),
  ...timestamps,
});

/**
 * Order extras (docs/requirements.md §3 "Order extra"). Disabled ones are not offered but stay
 * priced for orders.
 */
export const orderExtras = pgTable('order_extras', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  pricePence: integer('price_pence').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
  ...timestamps,
});

/** Site settings as { Category, Name, Value } rows; Value is JSON text. */
export const settings = pgTable(
  'settings',
  {
    id: serial('id').primaryKey(),
    category: text('category').notNull(),
    name: text('name').notNull(),
    value: text('value').notNull(),
    public: boolean('public').notNull().default(true),
    ...timestamps,
  },
  (t) => [uniqueIndex('settings_category_name_idx').on(t.category, t.name)],
);

/**
 * Which seed rows have ever been applied. The seed inserts a row only the first time, so a row
 * staff edited or deleted is never put back or overwritten.
 */
export const seedLog = pgTable('seed_log', {
  key: text('key').primaryKey(),
  appliedAt: timestamp('applied_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});

/** Discount codes (decision 0012): a percentage or an amount off, within dates and limits. */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: serial('id').primaryKey(),
    /** Upper case (src/shared/discounts.ts normaliseDiscountCode). */
    code: text('code').notNull().unique(),
    description: text('description').notNull().default(''),
    kind: text('kind', { enum: DISCOUNT_KINDS }).notNull(),
    percent: integer('percent'),
    amountPence: integer('amount_pence'),
    minSpendPence: integer('min_spend_pence').notNull().default(0),
    validFrom: at('valid_from'),
    validTo: at('valid_to'),
    /** Uses allowed in all (null: no limit), and per customer (null: no limit). */
    maxUses: integer('max_uses'),
    maxUsesPerCustomer: integer('max_uses_per_customer'),
    enabled: boolean('enabled').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    check('discount_codes_kind_check', sql`${t.kind} in ('percent', 'fixed')`),
    check(
      'discount_codes_amount_check',
      sql`(${t.kind} = 'percent' and ${t.percent} between 1 and 100) or (${t.kind} = 'fixed' and ${t.amountPence} > 0)`,
    ),
  ],
);
