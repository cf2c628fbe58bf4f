import { describe, expect, test } from 'vitest';
import { CASE_STATUSES, type CaseStatus } from '../../../src/shared/api/cases';
import { INVOICE_STATUSES } from '../../../src/shared/api/orders';
import { CASE_STATUS_TRANSITIONS } from '../../../src/shared/case-status';
import { PAYMENT_STATUSES } from '../../../src/shared/checkout-messages';
import { CASE_KINDS } from '../../../src/shared/disputes';
import { INVOICE_STATUS_TRANSITIONS } from '../../../src/shared/invoice-status';
import { PAYMENT_STATUS_TRANSITIONS } from '../../../src/shared/payment-status';
import {
  REDEMPTION_STATUSES,
  REDEMPTION_STATUS_TRANSITIONS,
} from '../../../src/shared/redemption-status';
import { REFUND_STATUSES, REFUND_STATUS_TRANSITIONS } from '../../../src/shared/refund-status';
import { canMove, type TransitionTable } from '../../../src/shared/transitions';
import { SYSTEM } from '../../../src/server/lib/actor';
import type { Tx } from '../../../src/server/db/client';
import { payments } from '../../../src/server/db/schema';
import {
  moveCase,
  moveInvoice,
  movePayments,
  moveRedemption,
  moveRefund,
  StatusMoveError,
} from '../../../src/server/lib/status-moves';

/**
 * Every process beside the order is a table (docs/decisions/0052): each table names every status
 * of its process, and each move the table does not list is refused by the server's guarded move
 * before anything is written (the transaction here fails the test if it is touched at all).
 */
const untouchable = new Proxy({} as Tx, {
  get: (_, name) => {
    throw new Error(`a refused move touched the database (${String(name)})`);
  },
});

const pairs = <S extends string>(statuses: readonly S[]) =>
  statuses.flatMap((from) => statuses.map((to) => [from, to] as const));

const processes = [
  {
    name: 'payment',
    statuses: PAYMENT_STATUSES,
    table: PAYMENT_STATUS_TRANSITIONS,
    move: (from: string, to: string) =>
      movePayments(untouchable, payments.id, 1, [from as never], to as never, SYSTEM),
  },
  {
    name: 'invoice',
    statuses: INVOICE_STATUSES,
    table: INVOICE_STATUS_TRANSITIONS,
    move: (from: string, to: string) =>
      moveInvoice(untouchable, 1, [from as never], to as never, SYSTEM),
  },
  {
    name: 'refund',
    statuses: REFUND_STATUSES,
    table: REFUND_STATUS_TRANSITIONS,
    move: (from: string, to: string) =>
      moveRefund(untouchable, 1, [from as never], to as never, SYSTEM),
  },
  {
    name: 'discount use',
    statuses: REDEMPTION_STATUSES,
    table: REDEMPTION_STATUS_TRANSITIONS,
    move: (from: string, to: string) =>
      moveRedemption(untouchable, 1, [from as never], to as never, SYSTEM),
  },
  ...CASE_KINDS.map((kind) => ({
    name: `${kind} case`,
    statuses: CASE_STATUSES,
    table: CASE_STATUS_TRANSITIONS[kind],
    move: (from: string, to: string) =>
      moveCase(untouchable, { id: 1, kind, status: from as CaseStatus }, to as CaseStatus, SYSTEM),
  })),
] as {
  name: string;
  statuses: readonly string[];
  table: TransitionTable<string>;
  move: (from: string, to: string) => Promise<unknown>;
}[];

describe.each(processes)('the $name table', ({ name, statuses, table, move }) => {
  test('names every status, and moves only to statuses of its own', () => {
    expect(Object.keys(table).sort()).toEqual([...statuses].sort());
    for (const next of Object.values(table)) for (const to of next) expect(statuses).toContain(to);
  });

  test('every move it does not list is refused before anything is written', async () => {
    const refused = pairs(statuses).filter(([from, to]) => !canMove(table, from, to));
    expect(refused.length).toBeGreaterThan(0);
    for (const [from, to] of refused) {
      await expect(move(from, to), `${from} -> ${to}`).rejects.toEqual(
        new StatusMoveError(name, from, to),
      );
    }
  });

  test('every move it lists gets past the guard to the database', async () => {
    for (const [from, to] of pairs(statuses).filter(([f, t]) => canMove(table, f, t))) {
      await expect(move(from, to), `${from} -> ${to}`).rejects.toThrow(/touched the database/);
    }
  });
});

test('a final status moves nowhere: a paid payment, a void invoice, a decided dispute, a used code', () => {
  expect(PAYMENT_STATUS_TRANSITIONS.paid).toEqual([]);
  expect(INVOICE_STATUS_TRANSITIONS.void).toEqual([]);
  expect(REFUND_STATUS_TRANSITIONS.succeeded).toEqual([]);
  expect(CASE_STATUS_TRANSITIONS.dispute.Resolved).toEqual([]);
  expect(REDEMPTION_STATUS_TRANSITIONS.redeemed).toEqual([]);
});
