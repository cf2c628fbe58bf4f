// Every move of a payment, an invoice, a refund, a case or a discount's use writes its status
// event (who, when, from, to) in the move's transaction (docs/decisions/0058): through the real
// routes, a move refused or finding nothing to move writes none, and of two racing moves of one
// row only the one that moved it writes one (PostgreSQL: PGlite runs one transaction at a time).
import { and, asc, eq, sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import type { StatusProcess } from '../../src/shared/transitions';
import { discountRedemptions, payments, refunds, statusEvents } from '../../src/server/db/schema';
import { SYSTEM, staffActor } from '../../src/server/lib/actor';
import { moveInvoice, movePayments, StatusMoveError } from '../../src/server/lib/status-moves';
import { bearer } from '../support/accounts';
import { useTestApp } from '../support/app';
import { booking, band, checkoutCalls, checkoutCustomer } from '../support/checkout';
import { paidBooking } from '../support/depot';
import { disputeCalls, excessInvoice } from '../support/disputes';
import { officeCalls } from '../support/office';
import { staffMember } from '../support/staff';
import { waitFor } from '../support/wait';

const ctx = useTestApp();
const db = () => ctx.database.db;

/** One row's status events, oldest first, as who moved it from what to what. */
const historyOf = async (process: StatusProcess, rowId: number) =>
  (
    await db()
      .select()
      .from(statusEvents)
      .where(and(eq(statusEvents.process, process), eq(statusEvents.rowId, rowId)))
      .orderBy(asc(statusEvents.id))
  ).map((e) => ({
    from: e.fromStatus,
    to: e.toStatus,
    actor: e.actorId === null ? e.actorType : `${e.actorType} ${e.actorId}`,
    note: e.note,
  }));

const allEvents = async () => (await db().select().from(statusEvents)).length;

const paymentOf = async (reference: string) =>
  (await db().select().from(payments).where(eq(payments.reference, reference)))[0];

describe('each process writes its event when it moves', () => {
  test('a checkout paid by card: the payment and its discount use, by the provider', async () => {
    const ann = await checkoutCustomer(ctx);
    const calls = checkoutCalls(ctx);
    const product = await band(ctx, 'C');
    const res = await calls.checkout(ann, [booking(product.id)], { DiscountCode: 'WELCOME10' });
    expect(res.statusCode, res.body).toBe(201);
    const payment = await paymentOf(res.json().Payment.Reference);
    expect(await historyOf('payment', payment.id)).toEqual([]);

    expect((await calls.payWithCard(res.json(), '4242424242424242')).statusCode).toBe(303);
    expect(await historyOf('payment', payment.id)).toEqual([
      { from: 'pending', to: 'paid', actor: 'provider', note: '' },
    ]);
    const [use] = await db()
      .select()
      .from(discountRedemptions)
      .where(eq(discountRedemptions.paymentId, payment.id));
    expect(await historyOf('discount-use', use.id)).toEqual([
      { from: 'reserved', to: 'redeemed', actor: 'provider', note: '' },
    ]);
  });

  test('a checkout replaced by a newer one: cancelled by its customer, its discount use released', async () => {
    const ann = await checkoutCustomer(ctx);
    const calls = checkoutCalls(ctx);
    const product = await band(ctx, 'C');
    const first = await calls.checkout(ann, [booking(product.id)], { DiscountCode: 'WELCOME10' });
    expect(first.statusCode, first.body).toBe(201);
    const second = await calls.checkout(ann, [booking(product.id), booking(product.id)]);
    expect(second.statusCode, second.body).toBe(201);

    const replaced = await paymentOf(first.json().Payment.Reference);
    const note = 'Replaced by a newer checkout';
    expect(await historyOf('payment', replaced.id)).toEqual([
      { from: 'pending', to: 'cancelled', actor: `customer ${ann.id}`, note },
    ]);
    const [use] = await db()
      .select()
      .from(discountRedemptions)
      .where(eq(discountRedemptions.paymentId, replaced.id));
    expect(await historyOf('discount-use', use.id)).toEqual([
      { from: 'reserved', to: 'released', actor: `customer ${ann.id}`, note },
    ]);
  });

  test('a dispute decided: the case resolved and its invoice voided, by the staff member', async () => {
    const depot = await staffMember(ctx, 'depot');
    const staff = await staffMember(ctx, 'office');
    const ann = await checkoutCustomer(ctx);
    const { invoice } = await excessInvoice(ctx, ann, depot.token);
    const calls = disputeCalls(ctx);
    const opened = await calls.disputed(invoice.Id, ann);
    expect(await historyOf('case', opened.Id)).toEqual([]);

    const decided = await calls.decide(opened.Id, { Decision: 'cancel' }, staff.token);
    expect(decided.statusCode, decided.body).toBe(200);
    const by = `staff ${staff.user.id}`;
    expect(await historyOf('case', opened.Id)).toEqual([
      { from: 'Open', to: 'Resolved', actor: by, note: '' },
    ]);
    expect(await historyOf('invoice', invoice.Id)).toEqual([
      { from: 'unpaid', to: 'void', actor: by, note: '' },
    ]);

    // Decided again: refused, and nothing more is written.
    const count = await allEvents();
    expect((await calls.decide(opened.Id, { Decision: 'uphold' }, staff.token)).statusCode).toBe(
      409,
    );
    expect(await allEvents()).toBe(count);
  });

  test('a case answered twice: one event, as its status changed once', async () => {
    const depot = await staffMember(ctx, 'depot');
    const staff = await staffMember(ctx, 'office');
    const ann = await checkoutCustomer(ctx);
    const { invoice } = await excessInvoice(ctx, ann, depot.token);
    const opened = await disputeCalls(ctx).disputed(invoice.Id, ann);
    for (const Message of ['We are looking at the photos.', 'Still looking.']) {
      const res = await ctx.post(
        `/api/admin/cases/${opened.Id}/reply`,
        { Message },
        bearer(staff.token),
      );
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await historyOf('case', opened.Id)).toEqual([
      { from: 'Open', to: 'Answered', actor: `staff ${staff.user.id}`, note: '' },
    ]);
  });

  test('an office refund: settled on the provider’s answer, by the staff member who made it', async () => {
    const staff = await staffMember(ctx, 'office');
    const ann = await checkoutCustomer(ctx);
    const order = await paidBooking(ctx, ann);
    const res = await officeCalls(ctx).refund(
      order.Id,
      { Amount: 1, Reason: 'Late by a day' },
      staff.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    const [refund] = await db().select().from(refunds).where(eq(refunds.orderId, order.Id));
    expect(await historyOf('refund', refund.id)).toEqual([
      { from: 'pending', to: 'succeeded', actor: `staff ${staff.user.id}`, note: '' },
    ]);
  });
});

describe('a move that does not happen writes nothing', () => {
  test('refused by its table: it throws and writes nothing', async () => {
    const ann = await checkoutCustomer(ctx);
    const order = await paidBooking(ctx, ann);
    const payment = await paymentOf(order.Payment.Reference);
    const count = await allEvents();
    await expect(
      db().transaction((tx) =>
        movePayments(tx, payments.id, payment.id, ['paid'], 'pending', SYSTEM),
      ),
    ).rejects.toBeInstanceOf(StatusMoveError);
    expect(await allEvents()).toBe(count);
    expect((await paymentOf(order.Payment.Reference)).status).toBe('paid');
  });

  test('moved by someone else first: nothing to move, nothing written', async () => {
    const depot = await staffMember(ctx, 'depot');
    const ann = await checkoutCustomer(ctx);
    const { invoice } = await excessInvoice(ctx, ann, depot.token);
    const voided = await db().transaction((tx) =>
      moveInvoice(tx, invoice.Id, ['unpaid'], 'void', staffActor(depot.user.id)),
    );
    expect(voided).toHaveLength(1);
    const again = await db().transaction((tx) =>
      moveInvoice(tx, invoice.Id, ['unpaid'], 'paid', SYSTEM),
    );
    expect(again).toEqual([]);
    expect(await historyOf('invoice', invoice.Id)).toEqual([
      { from: 'unpaid', to: 'void', actor: `staff ${depot.user.id}`, note: '' },
    ]);
  });

  test('a move from several statuses records the one the row was in', async () => {
    const ann = await checkoutCustomer(ctx);
    const res = await checkoutCalls(ctx).checkout(ann, [booking((await band(ctx, 'C')).id)]);
    const payment = await paymentOf(res.json().Payment.Reference);
    await db().transaction(async (tx) => {
      await movePayments(tx, payments.id, payment.id, ['pending'], 'expired', SYSTEM);
      await movePayments(tx, payments.id, payment.id, ['pending', 'expired', 'cancelled'], 'paid', {
        type: 'provider',
        note: 'Paid after its page expired',
      });
    });
    expect(await historyOf('payment', payment.id)).toEqual([
      { from: 'pending', to: 'expired', actor: 'system', note: '' },
      { from: 'expired', to: 'paid', actor: 'provider', note: 'Paid after its page expired' },
    ]);
  });
});

const postgresOnly = process.env.DATABASE_URL ? describe : () => undefined;

postgresOnly('racing moves of one row (PostgreSQL)', () => {
  /** A pending checkout's payment. */
  const pendingPayment = async () => {
    const ann = await checkoutCustomer(ctx);
    const res = await checkoutCalls(ctx).checkout(ann, [booking((await band(ctx, 'C')).id)]);
    expect(res.statusCode, res.body).toBe(201);
    return paymentOf(res.json().Payment.Reference);
  };

  test('two identical moves at once write one event', async () => {
    const payment = await pendingPayment();
    const moved = await Promise.all(
      [1, 2].map(() =>
        db().transaction((tx) =>
          movePayments(tx, payments.id, payment.id, ['pending'], 'cancelled', SYSTEM),
        ),
      ),
    );
    expect(moved.map((rows) => rows.length).sort()).toEqual([0, 1]);
    expect(await historyOf('payment', payment.id)).toEqual([
      { from: 'pending', to: 'cancelled', actor: 'system', note: '' },
    ]);
  });

  test('a move waiting on another records the status the other left', async () => {
    const payment = await pendingPayment();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let expiring!: () => void;
    const expired = new Promise<void>((resolve) => (expiring = resolve));
    const first = db().transaction(async (tx) => {
      await movePayments(tx, payments.id, payment.id, ['pending'], 'expired', SYSTEM);
      expiring();
      await held;
    });
    await expired;
    const second = db().transaction((tx) =>
      movePayments(tx, payments.id, payment.id, ['pending', 'expired', 'cancelled'], 'paid', {
        type: 'provider',
      }),
    );
    // The second waits on the first's lock before the first commits.
    await waitFor(
      async () =>
        (
          (await db().execute(
            sql`select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
          )) as unknown as { rows: unknown[] }
        ).rows.length > 0,
      { what: 'the second move to wait on the row' },
    );
    release();
    await first;
    expect(await second).toHaveLength(1);
    expect(await historyOf('payment', payment.id)).toEqual([
      { from: 'pending', to: 'expired', actor: 'system', note: '' },
      { from: 'expired', to: 'paid', actor: 'provider', note: '' },
    ]);
  });
});
