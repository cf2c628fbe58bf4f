import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { CASE_STATUS_TRANSITIONS } from '../../shared/case-status';
import { INVOICE_STATUS_TRANSITIONS } from '../../shared/invoice-status';
import { PAYMENT_STATUS_TRANSITIONS, type PaymentStatus } from '../../shared/payment-status';
import {
  REDEMPTION_STATUS_TRANSITIONS,
  type RedemptionStatus,
} from '../../shared/redemption-status';
import { REFUND_STATUS_TRANSITIONS, type RefundStatus } from '../../shared/refund-status';
import { canMove, type StatusProcess, type TransitionTable } from '../../shared/transitions';
import type { InvoiceStatus } from '../../shared/api/orders';
import type { CaseStatus } from '../../shared/api/cases';
import type { Tx } from '../db/client';
import { builtOnce, isAnyOf } from '../db/prepared';
import {
  discountRedemptions,
  invoices,
  orderCases,
  payments,
  refunds,
  statusEvents,
} from '../db/schema';
import type { Actor } from './actor';

/**
 * The one way a payment, an invoice, a refund, a case or a discount's use changes status (docs/decisions/0052), as
 * `orders/lifecycle.ts` is the order's: the move must be in the process's table (src/shared:
 * payment-status.ts, invoice-status.ts, refund-status.ts, case-status.ts, redemption-status.ts), and the row must still
 * be in a status the caller expects, so that two racing changes cannot both apply. Each runs in
 * the caller's transaction, writes a status event for each row it moved (who, when, from, to,
 * docs/decisions/0058) beside what the caller writes of it (the order's timeline, the audit log),
 * and answers the rows that moved: none when someone else moved them first.
 */

export class StatusMoveError extends Error {
  constructor(
    readonly process: string,
    readonly from: string,
    readonly to: string,
  ) {
    super(`a ${process} cannot move from ${from} to ${to}`);
  }
}

/** Throws unless the table lets a row in each of `from` move to `to`. */
function guardMove<S extends string>(
  process: string,
  table: TransitionTable<S>,
  from: readonly S[],
  to: S,
): void {
  for (const status of from)
    if (!canMove(table, status, to)) throw new StatusMoveError(process, status, to);
}

/** What else the move writes on the row (never its status, which is the move's own). */
type Set<T extends Moving> = Partial<Omit<T['$inferInsert'], 'status'>>;
type Moving =
  | typeof payments
  | typeof invoices
  | typeof refunds
  | typeof orderCases
  | typeof discountRedemptions;

/**
 * Who moved a row and, if they say, why: written on its status event. A bare actor moves it
 * without a note.
 */
export type Mover = Actor & { note?: string };

const eventColumns = [
  statusEvents.process,
  statusEvents.rowId,
  statusEvents.fromStatus,
  statusEvents.toStatus,
  statusEvents.actorType,
  statusEvents.actorId,
  statusEvents.note,
].map((column) => sql.identifier(column.name));

/**
 * The statement of one kind of move (its table, the column that picks its rows, the columns it
 * writes besides the status), built once (db/prepared.ts): every value is a placeholder, the
 * statuses it moves from one array (`isAnyOf`).
 */
function moveOf(table: Moving, key: PgColumn, written: readonly string[]) {
  return builtOnce((db) => {
    // One table's type for drizzle's builder: the five share the columns the update names.
    const rows = table as typeof payments;
    const to = sql.placeholder('to');
    const locked = db.$with('moving').as(
      db
        .select({ id: rows.id, was: sql<string>`${rows.status}`.as('was') })
        .from(rows)
        .where(and(eq(key, sql.placeholder('key')), isAnyOf(rows.status, 'from')))
        .for('update'),
    );
    const events = db.$with('events', {}).as(
      sql`insert into ${statusEvents} (${sql.join(eventColumns, sql`, `)})
      select ${sql.placeholder('process')}, ${locked.id}, ${locked.was}, ${to}, ${sql.placeholder('actorType')}, ${sql.placeholder('actorId')}::int, ${sql.placeholder('note')}
      from ${locked} where ${locked.was} <> ${to}`,
    );
    const set = Object.fromEntries(
      written.map((column) => [column, sql.placeholder(`set.${column}`)]),
    );
    return db
      .with(locked, events)
      .update(rows)
      .set({ ...set, status: to } as never)
      .from(locked)
      .where(eq(rows.id, locked.id))
      .returning(getTableColumns(rows))
      .prepare('');
  });
}

const moves = new Map<string, ReturnType<typeof moveOf>>();

/**
 * The conditional update every move makes once its table has allowed it, and its status events,
 * in one statement (docs/decisions/0058): the rows whose `key` is `id` that are in one of `from`
 * are locked and read with their real status (a row another transaction moves meanwhile is read
 * as it left it, or skipped once it is in none of `from`); the update moves exactly the locked
 * rows (it joins on them alone), and each writes its event from the status it was locked in. A
 * move that finds nothing to move writes nothing, nor does a status written again (a refund the
 * provider still says is pending, a case answered twice): its status did not change.
 */
async function moveRows<T extends Moving>(
  tx: Tx,
  process: StatusProcess,
  table: T,
  key: PgColumn,
  id: number,
  from: readonly string[],
  to: string,
  by: Mover,
  set: Set<T>,
): Promise<T['$inferSelect'][]> {
  const written = Object.entries({ updatedAt: new Date(), ...set }).filter(
    ([, value]) => value !== undefined,
  );
  const columns = written.map(([column]) => column);
  const shape = `${process} ${key.name} ${columns.join()}`;
  let move = moves.get(shape);
  if (!move) moves.set(shape, (move = moveOf(table, key, columns)));
  return move(tx).execute({
    key: id,
    from: [...from],
    to,
    process,
    actorType: by.type,
    actorId: by.id ?? null,
    note: by.note ?? '',
    ...Object.fromEntries(written.map(([column, value]) => [`set.${column}`, value])),
  });
}

/** Moves the payments whose `key` is `id` that are in one of `from` to `to`. */
export async function movePayments(
  tx: Tx,
  key: typeof payments.id | typeof payments.invoiceId,
  id: number,
  from: readonly PaymentStatus[],
  to: PaymentStatus,
  by: Mover,
  set: Set<typeof payments> = {},
) {
  guardMove('payment', PAYMENT_STATUS_TRANSITIONS, from, to);
  return moveRows(tx, 'payment', payments, key, id, from, to, by, set);
}

/** Moves an invoice in one of `from` to `to`. */
export async function moveInvoice(
  tx: Tx,
  invoiceId: number,
  from: readonly InvoiceStatus[],
  to: InvoiceStatus,
  by: Mover,
  set: Set<typeof invoices> = {},
) {
  guardMove('invoice', INVOICE_STATUS_TRANSITIONS, from, to);
  return moveRows(tx, 'invoice', invoices, invoices.id, invoiceId, from, to, by, set);
}

/** Moves a refund in one of `from` to `to`. */
export async function moveRefund(
  tx: Tx,
  refundId: number,
  from: readonly RefundStatus[],
  to: RefundStatus,
  by: Mover,
  set: Set<typeof refunds> = {},
) {
  guardMove('refund', REFUND_STATUS_TRANSITIONS, from, to);
  return moveRows(tx, 'refund', refunds, refunds.id, refundId, from, to, by, set);
}

/** Moves a case from the status the caller read to `to`, by its kind's table. */
export async function moveCase(
  tx: Tx,
  row: Pick<typeof orderCases.$inferSelect, 'id' | 'kind' | 'status'>,
  to: CaseStatus,
  by: Mover,
  set: Set<typeof orderCases> = {},
) {
  guardMove(`${row.kind} case`, CASE_STATUS_TRANSITIONS[row.kind], [row.status], to);
  return moveRows(tx, 'case', orderCases, orderCases.id, row.id, [row.status], to, by, set);
}

/** Moves a payment's discount use, while it is in one of `from`, to `to`. */
export async function moveRedemption(
  tx: Tx,
  paymentId: number,
  from: readonly RedemptionStatus[],
  to: RedemptionStatus,
  by: Mover,
) {
  guardMove('discount use', REDEMPTION_STATUS_TRANSITIONS, from, to);
  const key = discountRedemptions.paymentId;
  return moveRows(tx, 'discount-use', discountRedemptions, key, paymentId, from, to, by, {});
}
