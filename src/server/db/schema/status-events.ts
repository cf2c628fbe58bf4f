import { check, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { STATUS_PROCESSES } from '../../../shared/transitions';
import { users } from './accounts';
import { at } from './columns';
import { ACTOR_TYPES } from './orders';

/**
 * Every status change of a payment, an invoice, a refund, a case or a discount's use: which row,
 * from what to what, who and when (docs/decisions/0058). Written by the move itself in its
 * transaction (src/server/lib/status-moves.ts), one per row that moved; never updated. The
 * statuses are each process's own (src/shared/*-status.ts), so kept as text.
 */
export const statusEvents = pgTable(
  'status_events',
  {
    id: serial('id').primaryKey(),
    process: text('process', { enum: STATUS_PROCESSES }).notNull(),
    /** The moved row's id in its process's table (payments, invoices, refunds, order_cases, discount_redemptions). */
    rowId: integer('row_id').notNull(),
    fromStatus: text('from_status').notNull(),
    toStatus: text('to_status').notNull(),
    actorType: text('actor_type', { enum: ACTOR_TYPES }).notNull(),
    actorId: integer('actor_id').references(() => users.id),
    at: at('at').notNull().defaultNow(),
    note: text('note').notNull().default(''),
  },
  (t) => [
    index('status_events_row_idx').on(t.process, t.rowId, t.id),
    check(
      'status_events_process_check',
      sql.raw(`process in (${STATUS_PROCESSES.map((p) => `'${p}'`).join(', ')})`),
    ),
  ],
);
