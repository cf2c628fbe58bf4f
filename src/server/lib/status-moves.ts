import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { CASE_STATUS_TRANSITIONS } from '../../shared/case-status';
import { INVOICE_STATUS_TRANSITIONS } from '../../shared/invoice-status';
import { PAYMENT_STATUS_TRANSITIONS, type PaymentStatus } from '../../shared/payment-status';
import {
  REDEMPTION_STATUS_TRANSITIONS,
  type RedemptionStatus,
} from '../../shared/redemption-status';
import { REFUND_STATUS_TRANSITIONS, type RefundStatus } from '../../shared/refund-status';
import { canMove, type TransitionTable } from '../../shared/transitions';
import type { InvoiceStatus } from '../../shared/api/orders';
import type { CaseStatus } from '../../shared/api/cases';
import type { Tx } from '../db/client';
import { discountRedemptions, invoices, orderCases, payments, refunds } from '../db/schema';

/**
 * The one way a payment, an invoice, a refund, a case or a discount's use changes status (docs/decisions/0052), as
 * `orders/lifecycle.ts` is the order's: the move must be in the process's table (src/shared:
 * payment-status.ts, invoice-status.ts, refund-status.ts, case-status.ts, redemption-status.ts), and the row must still
 * be in a status the caller expects, so that two racing changes cannot both apply. Each runs in
 * the caller's transaction, beside what the caller writes of it (the order's timeline, the audit
 * log), and answers the rows that moved: none when someone else moved them first.
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
type Set<T extends PgTable> = Omit<PgUpdateSetSource<T>, 'status'>;
type Moving =
  | typeof payments
  | typeof invoices
  | typeof refunds
  | typeof orderCases
  | typeof discountRedemptions;

/** The conditional update every move makes once its table has allowed it. */
async function moveRows<T extends Moving>(
  tx: Tx,
  table: T,
  where: SQL | undefined,
  from: readonly string[],
  to: string,
  set: object,
): Promise<T['$inferSelect'][]> {
  // One table's type for drizzle's builder: the four share the columns the update names.
  const rows = table as typeof payments;
  return tx
    .update(rows)
    .set({ updatedAt: new Date(), ...set, status: to as never })
    .where(and(where, inArray(rows.status, from as never[])))
    .returning();
}

/** Moves the payments `where` picks that are in one of `from` to `to`. */
export async function movePayments(
  tx: Tx,
  where: SQL,
  from: readonly PaymentStatus[],
  to: PaymentStatus,
  set: Set<typeof payments> = {},
) {
  guardMove('payment', PAYMENT_STATUS_TRANSITIONS, from, to);
  return moveRows(tx, payments, where, from, to, set);
}

/** Moves an invoice in one of `from` to `to`. */
export async function moveInvoice(
  tx: Tx,
  invoiceId: number,
  from: readonly InvoiceStatus[],
  to: InvoiceStatus,
  set: Set<typeof invoices> = {},
) {
  guardMove('invoice', INVOICE_STATUS_TRANSITIONS, from, to);
  return moveRows(tx, invoices, eq(invoices.id, invoiceId), from, to, set);
}

/** Moves a refund in one of `from` to `to`. */
export async function moveRefund(
  tx: Tx,
  refundId: number,
  from: readonly RefundStatus[],
  to: RefundStatus,
  set: Set<typeof refunds> = {},
) {
  guardMove('refund', REFUND_STATUS_TRANSITIONS, from, to);
  return moveRows(tx, refunds, eq(refunds.id, refundId), from, to, set);
}

/** Moves a case from the status the caller read to `to`, by its kind's table. */
export async function moveCase(
  tx: Tx,
  row: Pick<typeof orderCases.$inferSelect, 'id' | 'kind' | 'status'>,
  to: CaseStatus,
  set: Set<typeof orderCases> = {},
) {
  guardMove(`${row.kind} case`, CASE_STATUS_TRANSITIONS[row.kind], [row.status], to);
  return moveRows(tx, orderCases, eq(orderCases.id, row.id), [row.status], to, set);
}

/** Moves a payment's discount use, while it is in one of `from`, to `to`. */
export async function moveRedemption(
  tx: Tx,
  paymentId: number,
  from: readonly RedemptionStatus[],
  to: RedemptionStatus,
) {
  guardMove('discount use', REDEMPTION_STATUS_TRANSITIONS, from, to);
  return moveRows(
    tx,
    discountRedemptions,
    eq(discountRedemptions.paymentId, paymentId),
    from,
    to,
    {},
  );
}
