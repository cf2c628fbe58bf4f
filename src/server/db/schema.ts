import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ROLES } from '../../shared/access';
import { ORDER_STATUSES } from '../../shared/order-status';
import { ADDRESS_TYPES } from '../../shared/addresses';
import type { AddressInput } from '../../shared/api/addresses';
import { PAYMENT_FAILURES, PAYMENT_STATUSES } from '../../shared/api/checkout';
import { INVOICE_STATUSES } from '../../shared/api/orders';
import { DISCOUNT_KINDS } from '../../shared/discounts';
import type { MailMessage } from '../lib/mail-message';
import { CARRIER_IDS } from '../../shared/carriers';
import { CONSIGNMENT_STATUSES } from '../../shared/consolidation';
import { CASE_STATUSES } from '../../shared/api/cases';
import { CASE_KINDS, DISPUTE_OUTCOMES, INVOICE_KINDS } from '../../shared/disputes';
import type { CertificateFacts } from '../../shared/api/certificates';

/** Binary data (photos), as a Buffer in Node (PGlite hands back a Uint8Array, pg a Buffer). */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

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

/**
 * The transactional e-mail outbox (lib/mail.ts): `queueMail(tx, message)` writes a row inside the
 * use case's transaction, so a message exists exactly when the change it reports was committed.
 * Worker nodes claim due rows (highest priority first) for a lease, send them, and mark them
 * sent; a row marked sent is never sent again, and a failed one waits `next_attempt_at`.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    /** Higher first: account e-mails (reset, validation) before bulk ones. */
    priority: integer('priority').notNull().default(0),
    message: jsonb('message').$type<MailMessage>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: at('created_at').notNull().defaultNow(),
    nextAttemptAt: at('next_attempt_at').notNull().defaultNow(),
    /** A node is sending it until then; after, another node may (the first one died). */
    claimedUntil: at('claimed_until'),
    sentAt: at('sent_at'),
    /** Given up after the last retry. */
    failedAt: at('failed_at'),
    lastError: text('last_error'),
  },
  (t) => [
    index('mail_outbox_due_idx')
      .on(t.priority.desc(), t.id)
      .where(sql`${t.sentAt} is null and ${t.failedAt} is null`),
    index('mail_outbox_sent_at_idx').on(t.sentAt),
  ],
);

/**
 * Orders and quote requests (docs/requirements.md §3 "Order"). Money in integer pence, sizes in mm,
 * weight in grams. An order of a price band has a product; a quote request has none until it is
 * priced (BespokePrice or QuotePrice). `status` is one of src/shared/order-status.ts, and every
 * change of it goes through that module's transitions. The customer link survives account deletion
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
    /**
     * What the retailer charged to deliver the goods to our depot (issue 27): part of the value
     * island GST is worked out on (src/shared/gst.ts). 0 when free or not given.
     */
    retailerDeliveryPence: integer('retailer_delivery_pence').notNull().default(0),
    island: text('island').notNull(),
    retailerName: text('retailer_name').notNull().default(''),
    retailerWebsite: text('retailer_website').notNull().default(''),
    retailerOrderNumber: text('retailer_order_number').notNull().default(''),
    expectedDeliveryDate: date('expected_delivery_date', { mode: 'string' }),
    /**
     * The date of the customer's order with the retailer (issue 27): the time of supply from which
     * the goods must leave the UK within 3 months for the retailer to zero-rate the sale (HMRC
     * Notice 703, src/shared/customs.ts). Null for bookings made before it was asked.
     */
    retailerOrderDate: date('retailer_order_date', { mode: 'string' }),
    trackingNumber: text('tracking_number').notNull().default(''),
    deliveryCount: integer('delivery_count').notNull().default(1),
    extraIds: integer('extra_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    notes: text('notes').notNull().default(''),
    /** What was charged, fixed at checkout: the band's price, then each extra (name, pence). */
    lines: jsonb('lines').$type<PriceLine[]>().notNull().default([]),
    totalPence: integer('total_pence').notNull().default(0),
    /** This order's share of its checkout's discount. */
    discountPence: integer('discount_pence').notNull().default(0),
    termsAcceptedAt: at('terms_accepted_at'),
    /** The browser's own id of the booking (`ORDER-{id}`), to match it after payment. */
    localId: integer('local_id'),
    /** The delivery address as it was at checkout (the address book may change later). */
    deliveryAddress: jsonb('delivery_address').$type<AddressInput>(),
    /** The checkout payment that pays for it. */
    paymentId: integer('payment_id').references((): AnyPgColumn => payments.id),
    /** The office's note with a quote's price (QuotePrice), and when it was priced. */
    quoteNote: text('quote_note').notNull().default(''),
    quotedAt: at('quoted_at'),
    ...timestamps,
  },
  (t) => [
    // The customer's order history pages by id (newest first) within the customer's rows.
    index('orders_customer_id_idx').on(t.customerId, t.id),
    index('orders_payment_id_idx').on(t.paymentId),
    index('orders_status_idx').on(t.status),
    // The office's order search (issue 14): newest first, and a tracking number as couriers print it.
    index('orders_created_at_idx').on(t.createdAt, t.id),
    index('orders_tracking_compact_idx').on(
      sql`upper(regexp_replace(${t.trackingNumber}, '\\s', '', 'g'))`,
    ),
    check(
      'orders_status_check',
      sql.raw(`status in (${ORDER_STATUSES.map((s) => `'${s}'`).join(', ')})`),
    ),
    check('orders_item_value_check', sql`${t.itemValuePence} > 0`),
    check('orders_item_count_check', sql`${t.itemCount} > 0`),
    check('orders_retailer_delivery_check', sql`${t.retailerDeliveryPence} >= 0`),
  ],
);

/**
 * An order's goods line by line (issue 27, src/shared/item-lines.ts), in the order given
 * (`position` from 1): given by the customer at booking, completed or corrected by the depot at
 * receipt (each change in the audit log). When an order has lines they add up to its
 * itemValuePence; none means it has not been itemised yet.
 */
export const orderItemLines = pgTable(
  'order_item_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull(),
    valueEachPence: integer('value_each_pence').notNull(),
    /** ISO 3166 two-letter code of the country the goods were made in. */
    origin: text('origin').notNull(),
    /** The UK tariff's commodity code (6, 8 or 10 digits), or ''. */
    commodityCode: text('commodity_code').notNull().default(''),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('order_item_lines_order_position_idx').on(t.orderId, t.position),
    check('order_item_lines_quantity_check', sql`${t.quantity} > 0`),
    check('order_item_lines_value_check', sql`${t.valueEachPence} > 0`),
  ],
);

/** One line of what an order costs, fixed when it is booked. */
export interface PriceLine {
  name: string;
  pence: number;
}

export const ACTOR_TYPES = ['customer', 'staff', 'system', 'provider'] as const;
export type ActorType = (typeof ACTOR_TYPES)[number];

/**
 * What happened to an order, oldest first: every status change (from, to), and notes. Written in
 * the same transaction as the change (src/server/modules/orders/lifecycle.ts); never updated.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    at: at('at').notNull().defaultNow(),
    actorType: text('actor_type', { enum: ACTOR_TYPES }).notNull(),
    actorId: integer('actor_id').references(() => users.id),
    fromStatus: text('from_status', { enum: ORDER_STATUSES }),
    toStatus: text('to_status', { enum: ORDER_STATUSES }),
    note: text('note').notNull().default(''),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('order_events_order_id_idx').on(t.orderId, t.id)],
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
 * The people of a customer's household (issue 28): named on the account, so a parcel addressed to
 * one of them at the depot is received onto it. Removing one keeps the row (`removed_at`), so the
 * parcels received for them still say whom they were addressed to.
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

/**
 * The storage clock's reminders sent for a parcel (issue 28): one row a reminder, so each is sent
 * once however often the job runs, on however many nodes.
 */
export const storageNotices = pgTable(
  'storage_notices',
  {
    id: serial('id').primaryKey(),
    parcelId: integer('parcel_id')
      .notNull()
      .references(() => parcels.id),
    kind: text('kind').notNull(),
    sentAt: at('sent_at').notNull().defaultNow(),
  },
  (t) => [unique('storage_notices_parcel_kind_unique').on(t.parcelId, t.kind)],
);

/**
 * A return to the retailer (issue 28, decision 0039): one per order, asked by the customer before
 * its parcel sails. The label is the retailer's (uploaded by the customer) or bought by the
 * depot (`bought`, charged by `invoice_id`, attached by staff); checked as photos are (a PDF
 * without active content, or an image re-encoded). `returned_at` with the carrier and its
 * tracking number once sent; the refund of the unused crossing is reserved in that transaction.
 */
export const retailerReturns = pgTable(
  'retailer_returns',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .unique()
      .references(() => orders.id),
    parcelId: integer('parcel_id')
      .notNull()
      .references(() => parcels.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => users.id),
    reason: text('reason').notNull().default(''),
    bought: boolean('bought').notNull().default(false),
    invoiceId: integer('invoice_id').references(() => invoices.id),
    labelContentType: text('label_content_type'),
    labelFileName: text('label_file_name').notNull().default(''),
    labelData: bytea('label_data'),
    labelAttachedAt: at('label_attached_at'),
    carrier: text('carrier').notNull().default(''),
    trackingNumber: text('tracking_number').notNull().default(''),
    refundPence: integer('refund_pence'),
    returnedAt: at('returned_at'),
    returnedBy: integer('returned_by').references(() => users.id),
    ...timestamps,
  },
  (t) => [index('retailer_returns_open_idx').on(t.returnedAt)],
);

/** Discount codes (issue 11): a percentage or an amount off, within dates and limits. */
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

export const PAYMENT_KINDS = ['checkout', 'invoice'] as const;
export const PAYMENT_PROVIDERS = ['sandbox', 'stripe'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/**
 * A payment the customer is asked to make: a checkout (one or more orders, payment_id on each) or
 * an invoice. Confirmed only by the provider's signed word. `idempotency_key` makes a repeated
 * checkout return this payment; it is cleared when the payment expires, so the basket can be
 * paid again.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    reference: text('reference').notNull().unique(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: PAYMENT_KINDS }).notNull(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('pending'),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    /** The provider's checkout session. */
    providerSessionId: text('provider_session_id').unique(),
    checkoutUrl: text('checkout_url'),
    /** The provider's id of the money taken (Stripe's payment intent). */
    providerPaymentId: text('provider_payment_id'),
    subtotalPence: integer('subtotal_pence').notNull(),
    discountPence: integer('discount_pence').notNull().default(0),
    amountPence: integer('amount_pence').notNull(),
    discountCodeId: integer('discount_code_id').references(() => discountCodes.id),
    invoiceId: integer('invoice_id').references((): AnyPgColumn => invoices.id),
    idempotencyKey: text('idempotency_key'),
    /** SHA-256 of the request the key was first used with. */
    requestHash: text('request_hash'),
    billingAddress: jsonb('billing_address').$type<AddressInput>(),
    lastFailure: text('last_failure', { enum: PAYMENT_FAILURES }),
    paidAt: at('paid_at'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('payments_customer_idempotency_idx').on(t.customerId, t.idempotencyKey),
    index('payments_customer_id_idx').on(t.customerId),
    index('payments_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    uniqueIndex('payments_invoice_pending_idx')
      .on(t.invoiceId)
      .where(sql`${t.status} = 'pending' and ${t.invoiceId} is not null`),
    check('payments_amount_check', sql`${t.amountPence} >= 0 and ${t.subtotalPence} >= 0`),
  ],
);

/**
 * A use of a discount code by a checkout: `reserved` while the payment is pending (it counts
 * against the limits, so two checkouts cannot both take the last use), `redeemed` once paid,
 * `released` when the payment expires or is cancelled.
 */
export const discountRedemptions = pgTable(
  'discount_redemptions',
  {
    id: serial('id').primaryKey(),
    discountCodeId: integer('discount_code_id')
      .notNull()
      .references(() => discountCodes.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => users.id),
    paymentId: integer('payment_id')
      .notNull()
      .unique()
      .references(() => payments.id),
    status: text('status', { enum: ['reserved', 'redeemed', 'released'] })
      .notNull()
      .default('reserved'),
    ...timestamps,
  },
  (t) => [index('discount_redemptions_code_idx').on(t.discountCodeId, t.customerId)],
);

/**
 * Events received from payment providers' webhooks, each once: a replayed event finds its id
 * here and changes nothing.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: serial('id').primaryKey(),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    paymentId: integer('payment_id').references(() => payments.id),
    receivedAt: at('received_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_events_provider_event_idx').on(t.provider, t.eventId)],
);

/** Invoices for something owed on an order beyond its booking (raised by staff). */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    reference: text('reference').notNull().unique(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => users.id),
    reason: text('reason').notNull(),
    /** `excess`: excess carriage from the depot's measure, which the customer may dispute. */
    kind: text('kind', { enum: INVOICE_KINDS }).notNull().default('other'),
    amountPence: integer('amount_pence').notNull(),
    status: text('status', { enum: INVOICE_STATUSES }).notNull().default('unpaid'),
    paidAt: at('paid_at'),
    ...timestamps,
  },
  (t) => [
    index('invoices_customer_id_idx').on(t.customerId),
    index('invoices_order_id_idx').on(t.orderId),
    check('invoices_amount_check', sql`${t.amountPence} > 0`),
  ],
);

/**
 * The sandbox payment provider's own records (lib/payments/sandbox.ts): what a real provider
 * keeps on its side. Kept in our database so that every node sees them.
 */
export const sandboxSessions = pgTable('sandbox_sessions', {
  id: text('id').primaryKey(),
  amountPence: integer('amount_pence').notNull(),
  description: text('description').notNull(),
  customerEmail: text('customer_email'),
  /** Our payment's reference, sent back in every event. */
  clientReference: text('client_reference').notNull(),
  successUrl: text('success_url').notNull(),
  cancelUrl: text('cancel_url').notNull(),
  status: text('status', { enum: ['open', 'complete', 'expired'] })
    .notNull()
    .default('open'),
  paymentId: text('payment_id'),
  lastFailure: text('last_failure'),
  createdAt: at('created_at').notNull().defaultNow(),
  expiresAt: at('expires_at').notNull(),
});

export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/**
 * Money given back on a paid payment, for one of its orders (issue 14): reserved `pending` (it
 * counts against what may still be refunded) before the provider is asked, then `succeeded` or
 * `failed` (no longer counted) by the provider's answer. The payment row is locked while a refund
 * is counted and reserved, so two at once cannot refund more than was paid.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    amountPence: integer('amount_pence').notNull(),
    reason: text('reason').notNull(),
    /** The staff member who made it. */
    staffId: integer('staff_id').references(() => users.id),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    /** Sent with the provider's call, so a retried call never refunds twice. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    /** The provider's id of the refund, once it answered. */
    providerRefundId: text('provider_refund_id'),
    status: text('status', { enum: REFUND_STATUSES }).notNull().default('pending'),
    /** The consolidation whose difference this gives back (issue 26), if it is one's. */
    consignmentId: integer('consignment_id').references((): AnyPgColumn => consignments.id),
    ...timestamps,
  },
  (t) => [
    index('refunds_payment_id_idx').on(t.paymentId),
    index('refunds_consignment_id_idx').on(t.consignmentId),
    index('refunds_order_id_idx').on(t.orderId),
    check('refunds_amount_check', sql`${t.amountPence} > 0`),
    check(
      'refunds_status_check',
      sql.raw(`status in (${REFUND_STATUSES.map((s) => `'${s}'`).join(', ')})`),
    ),
  ],
);

/** The sandbox provider's own refunds (what a real provider keeps on its side). */
export const sandboxRefunds = pgTable('sandbox_refunds', {
  id: text('id').primaryKey(),
  /** The sandbox's payment id (`sbx_pi_…`) of the money given back. */
  paymentId: text('payment_id').notNull(),
  amountPence: integer('amount_pence').notNull(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  createdAt: at('created_at').notNull().defaultNow(),
});

/**
 * A parcel at the depot: what came in from a UK courier, matched to the booking (order) it
 * belongs to. Measured and shelved when received; its sailing, carrier and tracking number
 * recorded when it is dispatched to the island. The timeline (order events: when and who) reads
 * the facts from here, and so does the export certificate. Written by the depot (issue 13).
 */
export const parcels = pgTable(
  'parcels',
  {
    id: serial('id').primaryKey(),
    /** The booking it is matched to; none for an unbooked or unknown parcel. */
    orderId: integer('order_id')
      .unique()
      .references(() => orders.id),
    /** The customer whose reference it carried; none when it matches nobody. */
    customerId: integer('customer_id').references(() => users.id),
    /** The household member it was addressed to (issue 28); none: the account holder. */
    householdMemberId: integer('household_member_id').references(() => householdMembers.id),
    /** The UK courier's tracking number it arrived with. */
    inboundTrackingNumber: text('inbound_tracking_number').notNull().default(''),
    weightGrams: integer('weight_grams'),
    lengthMm: integer('length_mm'),
    widthMm: integer('width_mm'),
    heightMm: integer('height_mm'),
    shelfLocation: text('shelf_location').notNull().default(''),
    note: text('note').notNull().default(''),
    receivedAt: at('received_at').notNull().defaultNow(),
    receivedBy: integer('received_by').references(() => users.id),
    /** The sailing it left the UK on: the date of export. */
    dispatchedAt: at('dispatched_at'),
    carrier: text('carrier', { enum: CARRIER_IDS }),
    trackingNumber: text('tracking_number').notNull().default(''),
    dispatchedBy: integer('dispatched_by').references(() => users.id),
    deliveredAt: at('delivered_at'),
    /** Treated as abandoned (terms 10.3), confirmed by this member of staff (issue 28). */
    abandonedAt: at('abandoned_at'),
    abandonedBy: integer('abandoned_by').references(() => users.id),
    /**
     * Storage days of its clock already invoiced (decision 0037): at its match, and each time its
     * wait for its customer ends. The next storage invoice charges only the days after these.
     */
    storageDaysInvoiced: integer('storage_days_invoiced').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index('parcels_customer_id_idx').on(t.customerId),
    index('parcels_received_at_idx').on(t.receivedAt),
    // The office's order search by a tracking number, inbound (UK courier) or outbound (island).
    index('parcels_inbound_tracking_compact_idx').on(
      sql`upper(regexp_replace(${t.inboundTrackingNumber}, '\\s', '', 'g'))`,
    ),
    index('parcels_tracking_compact_idx').on(
      sql`upper(regexp_replace(${t.trackingNumber}, '\\s', '', 'g'))`,
    ),
    check(
      'parcels_carrier_check',
      sql.raw(`carrier in (${CARRIER_IDS.map((c) => `'${c}'`).join(', ')})`),
    ),
    check('parcels_weight_check', sql`${t.weightGrams} > 0`),
  ],
);

/** Photos of a parcel taken at the depot, resized before they are stored (every node reads them). */
export const parcelPhotos = pgTable(
  'parcel_photos',
  {
    id: serial('id').primaryKey(),
    parcelId: integer('parcel_id')
      .notNull()
      .references(() => parcels.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    data: bytea('data').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    createdBy: integer('created_by').references(() => users.id),
    /** The dispute whose re-measure took it (issue 28); null: taken on arrival. */
    caseId: integer('case_id'),
  },
  (t) => [index('parcel_photos_parcel_id_idx').on(t.parcelId)],
);

/**
 * A missing-items case: the customer says something is missing from a dispatched or delivered
 * order. It sits beside the order with its own status (decision 0012); the office answers it.
 */
export const orderCases = pgTable(
  'order_cases',
  {
    id: serial('id').primaryKey(),
    reference: text('reference').notNull().unique(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: CASE_STATUSES }).notNull().default('Open'),
    /** What the customer says is missing (or, for a dispute, why they dispute the invoice). */
    description: text('description').notNull(),
    /** Missing items, or a disputed invoice (issue 28, src/shared/disputes.ts). */
    kind: text('kind', { enum: CASE_KINDS }).notNull().default('missing-items'),
    /** The disputed invoice: one dispute an invoice. */
    invoiceId: integer('invoice_id').references(() => invoices.id),
    /** The staff's re-measure of a disputed parcel (grams and mm), the latest. */
    remeasure: jsonb('remeasure').$type<{
      weightGrams: number;
      lengthMm: number;
      widthMm: number;
      heightMm: number;
      at: string;
      staffId: number | null;
    }>(),
    /** The dispute's decision, once made, and the invoice's amount it left (pence). */
    outcome: text('outcome', { enum: DISPUTE_OUTCOMES }),
    outcomePence: integer('outcome_pence'),
    decidedBy: integer('decided_by').references(() => users.id),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('order_cases_invoice_id_unique').on(t.invoiceId),
    index('order_cases_order_id_idx').on(t.orderId),
    index('order_cases_customer_id_idx').on(t.customerId),
    index('order_cases_open_idx')
      .on(t.createdAt)
      .where(sql`${t.status} <> 'Resolved'`),
    check(
      'order_cases_status_check',
      sql.raw(`status in (${CASE_STATUSES.map((s) => `'${s}'`).join(', ')})`),
    ),
  ],
);

/** What was said on a case, oldest first: the customer's report, the office's replies. */
export const caseMessages = pgTable(
  'case_messages',
  {
    id: serial('id').primaryKey(),
    caseId: integer('case_id')
      .notNull()
      .references(() => orderCases.id),
    authorType: text('author_type', { enum: ACTOR_TYPES }).notNull(),
    authorId: integer('author_id').references(() => users.id),
    body: text('body').notNull(),
    at: at('at').notNull().defaultNow(),
  },
  (t) => [index('case_messages_case_id_idx').on(t.caseId, t.id)],
);

/**
 * An export certificate, issued once per order when it has left the UK. Its facts are kept as
 * they were when it was issued, so the PDF and the public verification page never drift; the
 * verification code is random and unguessable.
 */
export const exportCertificates = pgTable('export_certificates', {
  id: serial('id').primaryKey(),
  orderId: integer('order_id')
    .notNull()
    .unique()
    .references(() => orders.id),
  code: text('code').notNull().unique(),
  facts: jsonb('facts').$type<CertificateFacts>().notNull(),
  issuedAt: at('issued_at').notNull().defaultNow(),
});

/**
 * Each order's private tracking code (issue 26, docs/decisions/0036): the page /track/{code} shows
 * its parcel's timeline to anyone holding it, with no login. 100 random bits, kept as they are
 * (every order e-mail carries the link); replacing it (the customer or the office) ends the old
 * link at once. Made on first need, so orders from before it get one too.
 */
export const orderTrackingCodes = pgTable('order_tracking_codes', {
  orderId: integer('order_id')
    .primaryKey()
    .references(() => orders.id),
  code: text('code').notNull().unique(),
  createdAt: at('created_at').notNull().defaultNow(),
});

/**
 * A consignment (issue 26, docs/decisions/0041): several of a customer's paid bookings for one
 * island shipped together as one box, one crossing, one tracking number. Its status is one of
 * src/shared/consolidation.ts's lifecycle. Money in pence, sizes in mm, weights in grams; the
 * estimate is fixed when asked for, the final price when the depot measures the repacked box.
 * The orders keep their own references and timelines; consignment_orders joins them. Customs
 * paperwork joins here by id (one consignment, its orders' item lines).
 */
export const consignments = pgTable(
  'consignments',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => users.id),
    island: text('island').notNull(),
    status: text('status', { enum: CONSIGNMENT_STATUSES }).notNull(),
    /** The estimate shown when asked for: band, one crossing, repacking, paid, difference. */
    estimate: jsonb('estimate').$type<ConsignmentPrice>(),
    weightGrams: integer('weight_grams'),
    lengthMm: integer('length_mm'),
    widthMm: integer('width_mm'),
    heightMm: integer('height_mm'),
    /** The price of the measured box (the difference refunded or invoiced at dispatch). */
    final: jsonb('final').$type<ConsignmentPrice>(),
    repackStartedAt: at('repack_started_at'),
    repackedBy: integer('repacked_by').references(() => users.id),
    carrier: text('carrier', { enum: CARRIER_IDS }),
    trackingNumber: text('tracking_number').notNull().default(''),
    dispatchedAt: at('dispatched_at'),
    dispatchedBy: integer('dispatched_by').references(() => users.id),
    /** The invoice for a difference the customer owes (the invoice flow). */
    invoiceId: integer('invoice_id').references(() => invoices.id),
    /** When the office reversed the difference (once), by whom, and the invoice that did it. */
    reversedAt: at('reversed_at'),
    reversedBy: integer('reversed_by').references(() => users.id),
    reversalInvoiceId: integer('reversal_invoice_id').references(() => invoices.id),
    /** When the customer was asked about a late parcel (once per consignment). */
    lateAskedAt: at('late_asked_at'),
    cancelledAt: at('cancelled_at'),
    cancelReason: text('cancel_reason').notNull().default(''),
    ...timestamps,
  },
  (t) => [
    index('consignments_customer_id_idx').on(t.customerId, t.id),
    index('consignments_status_idx').on(t.status, t.id),
    check(
      'consignments_status_check',
      sql.raw(`status in (${CONSIGNMENT_STATUSES.map((s) => `'${s}'`).join(', ')})`),
    ),
  ],
);

/** A price of a consignment as stored (pence), src/shared/consolidation.ts's `priced`. */
export interface ConsignmentPrice {
  bandId: number;
  bandCode: string;
  bandName: string;
  crossingPence: number;
  repackPence: number;
  paidPence: number;
  differencePence: number;
}

/**
 * The orders of a consignment. A booking is in at most one open consignment: `released_at` is
 * set when the consignment is cancelled or the booking left out (its parcel late).
 */
export const consignmentOrders = pgTable(
  'consignment_orders',
  {
    consignmentId: integer('consignment_id')
      .notNull()
      .references(() => consignments.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    /** What its carriage cost (the band's or the quote's price line), in pence. */
    paidPence: integer('paid_pence').notNull(),
    releasedAt: at('released_at'),
    /** Left out by the customer after its parcel was late (it goes on its own). */
    leftOut: boolean('left_out').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.consignmentId, t.orderId] }),
    uniqueIndex('consignment_orders_open_order_idx')
      .on(t.orderId)
      .where(sql`${t.releasedAt} is null`),
  ],
);

/**
 * Every staff action (issue 13 and 14): who, when, what, on which record, before and after.
 * Written in the action's own transaction; never updated.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    at: at('at').notNull().defaultNow(),
    actorId: integer('actor_id').references(() => users.id),
    action: text('action').notNull(),
    subject: text('subject').notNull(),
    subjectId: text('subject_id').notNull().default(''),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_actor_idx').on(t.actorId, t.at),
    index('audit_log_subject_idx').on(t.subject, t.subjectId),
  ],
);

/**
 * Each backup taken by `npm run backup` (docs/decisions/0032): when it finished and how much it
 * holds, so the back office's health screen can show the last one. Written after the backup's
 * snapshot, so a backup never lists itself.
 */
export const backupRuns = pgTable('backup_runs', {
  id: serial('id').primaryKey(),
  finishedAt: at('finished_at').notNull().defaultNow(),
  rows: bigint('rows', { mode: 'number' }).notNull(),
  bytes: bigint('bytes', { mode: 'number' }).notNull(),
});
