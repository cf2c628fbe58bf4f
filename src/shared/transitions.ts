/**
 * A process's transition table: from each status, the statuses it may move to next. The order
 * (order-status.ts), the consignment (consolidation.ts) and the processes beside the order
 * (payment-status.ts, invoice-status.ts, refund-status.ts, case-status.ts) each have one, and
 * the server changes a status only through its process's guarded move (docs/decisions/0052).
 * A status listed among its own next ones may be written again (a case answered twice).
 */
export type TransitionTable<S extends string> = Readonly<Record<S, readonly S[]>>;

/** Whether the table lets a row move from one status to another. */
export const canMove = <S extends string>(table: TransitionTable<S>, from: S, to: S): boolean =>
  table[from].includes(to);

/**
 * The processes beside the order whose every move is recorded as a status event, who moved which
 * row from what to what (docs/decisions/0058); the order's own moves are its timeline's events.
 */
export const STATUS_PROCESSES = ['payment', 'invoice', 'refund', 'case', 'discount-use'] as const;

export type StatusProcess = (typeof STATUS_PROCESSES)[number];
