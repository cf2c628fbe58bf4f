import { sql } from 'drizzle-orm';
import {
  boolean,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** The catalogue of price bands (SPEC "Product"). Money in integer pence, sizes in mm. */
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

/** Order extras (SPEC "Order extra"). Disabled ones are not offered but stay priced for orders. */
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
