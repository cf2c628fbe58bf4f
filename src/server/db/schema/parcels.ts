import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, unique } from 'drizzle-orm/pg-core';
import { CARRIER_IDS } from '../../../shared/carriers';
import { householdMembers, users } from './accounts';
import { at, bytea, timestamps } from './columns';
import { invoices, orders } from './orders';

/**
 * Parcels at the depot: a parcel, its photos, its storage notices and its return to the retailer.
 */

/**
 * The storage clock's reminders sent for a parcel (decision 0037): one row a reminder, so each is
 * sent once however often the job runs, on however many nodes.
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
 * A return to the retailer (decision 0039): one per order, asked by the customer before
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

/**
 * A parcel at the depot: what came in from a UK courier, matched to the booking (order) it
 * belongs to. Measured and shelved when received; its sailing, carrier and tracking number
 * recorded when it is dispatched to the island. The timeline (order events: when and who) reads
 * the facts from here, and so does the export certificate. Written by the depot (decision 0020).
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
    /** The household member it was addressed to (decision 0037); none: the account holder. */
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
    /** Treated as abandoned (terms 10.3), confirmed by this member of staff (decision 0037). */
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
    /** The dispute whose re-measure took it (decision 0038); null: taken on arrival. */
    caseId: integer('case_id'),
  },
  (t) => [index('parcel_photos_parcel_id_idx').on(t.parcelId)],
);
