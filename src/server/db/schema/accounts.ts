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
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ROLES } from '../../../shared/access';
import { ADDRESS_TYPES } from '../../../shared/addresses';
import { at, timestamps } from './columns';

/**
 * Accounts: users (customers and staff), their sessions and one-time tokens, rate limits,
 * addresses and household members.
 */

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
    /** A staff account an admin has disabled: it cannot log in, and its sessions are ended. */
    disabledAt: at('disabled_at'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    check('users_role_check', sql.raw(`role in (${ROLES.map((r) => `'${r}'`).join(', ')})`)),
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

export const USER_TOKEN_PURPOSES = [
  'reset-password',
  'validate-email',
  'staff-invitation',
] as const;

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
    check(
      'user_tokens_purpose_check',
      sql.raw(`purpose in (${USER_TOKEN_PURPOSES.map((p) => `'${p}'`).join(', ')})`),
    ),
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

/** A customer's saved delivery and billing addresses (docs/requirements.md §3 "Address"). */
export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ADDRESS_TYPES }).notNull(),
    fullName: text('full_name').notNull(),
    company: text('company').notNull().default(''),
    line1: text('line1').notNull(),
    line2: text('line2').notNull().default(''),
    town: text('town').notNull().default(''),
    parish: text('parish').notNull().default(''),
    island: text('island'),
    country: text('country').notNull(),
    postcode: text('postcode').notNull().default(''),
    telephone: text('telephone').notNull().default(''),
    ...timestamps,
  },
  (t) => [
    index('addresses_customer_id_idx').on(t.customerId, t.updatedAt),
    check('addresses_type_check', sql`${t.type} in ('Delivery', 'Billing')`),
  ],
);

/**
 * The people of a customer's household (decision 0037): named on the account, so a parcel addressed
 * to one of them at the depot is received onto it. Removing one keeps the row (`removed_at`), so
 * the parcels received for them still say whom they were addressed to.
 */
export const householdMembers = pgTable(
  'household_members',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    removedAt: at('removed_at'),
    ...timestamps,
  },
  (t) => [
    index('household_members_customer_id_idx').on(t.customerId),
    // the receiving screen's find by the name on a label
    index('household_members_name_idx').on(sql`lower(${t.firstName} || ' ' || ${t.lastName})`),
  ],
);
