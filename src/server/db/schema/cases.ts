import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { CASE_STATUSES } from '../../../shared/api/cases';
import { CASE_KINDS, DISPUTE_OUTCOMES } from '../../../shared/disputes';
import { users } from './accounts';
import { at, timestamps } from './columns';
import { ACTOR_TYPES, invoices, orders } from './orders';

/**
 * Cases on an order (missing items, disputes of a re-measure) and what was said on them.
 */

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
    /** Missing items, or a disputed invoice (decision 0038, src/shared/disputes.ts). */
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
