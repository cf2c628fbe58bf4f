import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ROLES } from '../../shared/api/auth';
import { ORDER_STATUSES } from '../../shared/order-status';

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

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Customers, staff and admins. Personal fields are nullable because deleting an account blanks
 * them and keeps a tombstone (id, reference, role, deleted_at) so that paid orders stay linked in
 * anonymised form. E-mail addresses are unique without regard to case.
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    reference: text('reference').notNull().unique(),
    role: text('role', { enum: ROLES }).notNull().default('customer'),
    salutation: text('salutation'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    email: text('email'),
    emailValidatedAt: at('email_validated_at'),
    /** argon2id, PHC string format. */
    passwordHash: text('password_hash'),
    country: text('country'),
    dob: date('dob', { mode: 'string' }),
    telephone: text('telephone'),
    marketing: boolean('marketing').notNull().default(false),
    termsAcceptedAt: at('terms_accepted_at'),
    deletedAt: at('deleted_at'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    check('users_role_check', sql`${t.role} in ('customer', 'staff', 'admin')`),
  ],
);

/**
 * Log-in sessions. The bearer token is never stored: only its SHA-256. A session ends when it
 * expires (sliding, capped), on logout, on a password reset, or when the account is deleted.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: at('created_at').notNull().defaultNow(),
    lastUsedAt: at('last_used_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [
    index('sessions_user_id_idx').on(t.userId),
    index('sessions_expires_at_idx').on(t.expiresAt),
  ],
);

export const USER_TOKEN_PURPOSES = ['reset-password', 'validate-email'] as const;
export type UserTokenPurpose = (typeof USER_TOKEN_PURPOSES)[number];

/**
 * Single-use tokens e-mailed as links (password reset, e-mail validation), stored as SHA-256.
 * `email` is the address the link was sent to: a link for an address the account no longer uses
 * does nothing.
 */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: USER_TOKEN_PURPOSES }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    email: text('email').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [
    index('user_tokens_user_id_idx').on(t.userId),
    index('user_tokens_expires_at_idx').on(t.expiresAt),
    check('user_tokens_purpose_check', sql`${t.purpose} in ('reset-password', 'validate-email')`),
  ],
);

/**
 * Fixed-window request counters shared by every node (lib/rate-limit.ts). Keys name the limit and
 * the caller (an IP address, or a hash of an e-mail address or user id), never a plain address.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: at('window_start').notNull(),
    count: integer('count').notNull().default(1),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.key, t.windowStart] }),
    index('rate_limits_expires_at_idx').on(t.expiresAt),
  ],
);

/**
 * Orders and quote requests (SPEC section 3 "Order"). Money in integer pence, sizes in mm, weight
 * in grams. An order of a price band has a product; a quote request has none until it is priced
 * (BespokePrice or QuotePrice). `status` is one of src/shared/order-status.ts, and every change
 * of it goes through that module's transitions. The customer link survives account deletion
 * (the user row stays as a tombstone).
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    reference: text('reference').notNull().unique(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    productId: integer('product_id').references(() => products.id),
    bespokePricePence: integer('bespoke_price_pence'),
    quotePricePence: integer('quote_price_pence'),
    lengthMm: integer('length_mm'),
    widthMm: integer('width_mm'),
    heightMm: integer('height_mm'),
    weightGrams: integer('weight_grams'),
    description: text('description').notNull(),
    itemValuePence: integer('item_value_pence').notNull(),
    itemCount: integer('item_count').notNull().default(1),
    island: text('island').notNull(),
    retailerName: text('retailer_name').notNull().default(''),
    retailerWebsite: text('retailer_website').notNull().default(''),
    retailerOrderNumber: text('retailer_order_number').notNull().default(''),
    expectedDeliveryDate: date('expected_delivery_date', { mode: 'string' }),
    trackingNumber: text('tracking_number').notNull().default(''),
    deliveryCount: integer('delivery_count').notNull().default(1),
    extraIds: integer('extra_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    notes: text('notes').notNull().default(''),
    ...timestamps,
  },
  (t) => [
    index('orders_customer_id_idx').on(t.customerId),
    index('orders_status_idx').on(t.status),
    check(
      'orders_status_check',
      sql.raw(`status in (${ORDER_STATUSES.map((s) => `'${s}'`).join(', ')})`),
    ),
    check('orders_item_value_check', sql`${t.itemValuePence} > 0`),
    check('orders_item_count_check', sql`${t.itemCount} > 0`),
  ],
);
