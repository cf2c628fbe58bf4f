import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { CARRIER_IDS } from '../../../shared/carriers';
import { CONSIGNMENT_STATUSES } from '../../../shared/consolidation';
import { users } from './accounts';
import { at, timestamps } from './columns';
import { invoices, orders } from './orders';

/**
 * Consignments: several bookings shipped together in one box.
 */

/**
 * A consignment (docs/decisions/0041): several of a customer's paid bookings for one
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
