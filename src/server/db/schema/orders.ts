import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ORDER_STATUSES } from '../../../shared/order-status';
import type { AddressInput } from '../../../shared/api/addresses';
import { PAYMENT_FAILURES, PAYMENT_STATUSES } from '../../../shared/api/checkout';
import { INVOICE_STATUSES } from '../../../shared/api/orders';
import { INVOICE_KINDS } from '../../../shared/disputes';
import { REDEMPTION_STATUSES } from '../../../shared/redemption-status';
import type { CertificateFacts } from '../../../shared/api/certificates';
import { users } from './accounts';
import { discountCodes, products } from './catalogue';
import { at, timestamps } from './columns';

/**
 * Orders and their money: an order, its item lines and events, its invoices and payments
 * (which refer to one another), discount uses, the provider's events, the sandbox's sessions,
 * and what an order issues (export certificates, tracking codes).
 */

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
     * What the retailer charged to deliver the goods to our depot (decision 0040): part of the
     * value island GST is worked out on (src/shared/gst.ts). 0 when free or not given.
     */
    retailerDeliveryPence: integer('retailer_delivery_pence').notNull().default(0),
    island: text('island').notNull(),
    retailerName: text('retailer_name').notNull().default(''),
    retailerWebsite: text('retailer_website').notNull().default(''),
    retailerOrderNumber: text('retailer_order_number').notNull().default(''),
    expectedDeliveryDate: date('expected_delivery_date', { mode: 'string' }),
    /**
     * The date of the customer's order with the retailer (decision 0040): the time of supply from
     * which the goods must leave the UK within 3 months for the retailer to zero-rate the sale
     * (HMRC Notice 703, src/shared/customs.ts). Null for bookings made before it was asked.
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
    // The office's order search (decision 0018): newest first, and a tracking number as couriers
    // print it.
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
 * An order's goods line by line (decision 0040, src/shared/item-lines.ts), in the order given
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
    status: text('status', { enum: REDEMPTION_STATUSES }).notNull().default('reserved'),
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
 * Each order's private tracking code (docs/decisions/0036): the page /track/{code} shows
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
