import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
} from 'drizzle-orm/pg-core';
import { REFUND_STATUSES } from '../../../shared/refund-status';
import { users } from './accounts';
import { at, timestamps } from './columns';
import { consignments } from './consolidation';
import { orders, PAYMENT_PROVIDERS, payments } from './orders';

/**
 * Refunds through the payment provider (of an order, an invoice or a consignment) and the
 * sandbox provider's own record of them.
 */

/**
 * Money given back on a paid payment, for one of its orders (decision 0018): reserved `pending` (it
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
    /** The consolidation whose difference this gives back (decision 0041), if it is one's. */
    consignmentId: integer('consignment_id').references((): AnyPgColumn => consignments.id),
    /**
     * Whether the customer is e-mailed when it is made (the office's refund of an order), in the
     * transaction that records it made (decision 0046); the other steps that give money back
     * tell it in their own e-mail.
     */
    tellCustomer: boolean('tell_customer').notNull().default(false),
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
