import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import type { Consignment, StaffConsignment } from '../../src/shared/api/consolidation';
import { CONSOLIDATION_MESSAGES } from '../../src/shared/consolidation';
import { CUSTOMS_MESSAGES } from '../../src/shared/customs';
import { REFUND_MESSAGES } from '../../src/shared/refunds';
import {
  consignments,
  invoices,
  orders,
  refunds,
  sandboxRefunds,
} from '../../src/server/db/schema';
import { askAboutLateParcels } from '../../src/server/modules/consolidation/requests';
import { itemiseFromBooking } from '../../src/server/modules/orders/item-lines';
import { followUpRefunds } from '../../src/server/modules/payments/refund-follow-up';
import { bearer, waitForMail } from '../support/accounts';
import { useTestApp } from '../support/app';
import { pdfText } from '../support/pdf';
import { checkoutCalls, checkoutCustomer, type Customer } from '../support/checkout';
import { paidBooking } from '../support/depot';
import { auditOf, expectStatus, officeCalls } from '../support/office';
import { dispatch, receive } from '../support/parcels';
import { staffMember } from '../support/staff';

// Consolidation: three bookings paid → asked to go together → parcels received →
// repacked, measured and dispatched as one → the difference refunded once; cancelling, a late
// parcel, the office's reversal.

const ctx = useTestApp();
const office = officeCalls(ctx);
const checkout = checkoutCalls(ctx);

const today = () => new Date().toISOString().slice(0, 10);
const sandboxRefunded = async () =>
  (await ctx.database.db.select().from(sandboxRefunds)).reduce((s, r) => s + r.amountPence, 0);

const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

/** Paid bookings, their goods itemised (as the depot does at receipt from the invoice). */
async function threeBookings(
  customer: Customer,
  bands = ['A', 'A', 'A'],
  { itemised = true } = {},
) {
  const list: Awaited<ReturnType<typeof paidBooking>>[] = [];
  for (const band of bands) list.push(await paidBooking(ctx, customer, band));
  if (itemised)
    await ctx.database.db.transaction((tx) =>
      itemiseFromBooking(
        tx,
        list.map((o) => o.Id),
      ),
    );
  return list;
}

async function consolidated(customer: Customer, orderIds: number[]) {
  const res = await call('POST', '/public/consolidation/create', customer.token, {
    OrderIds: orderIds,
  });
  expectStatus(res, 201);
  return res.json() as Consignment;
}

async function repackAndMeasure(
  id: number,
  token: string,
  box = { WeightKg: 6, LengthCm: 45, WidthCm: 35, HeightCm: 20 },
) {
  expectStatus(await call('POST', `/api/admin/depot/consignments/${id}/repack`, token), 200);
  const measured = await call('POST', `/api/admin/depot/consignments/${id}/measure`, token, box);
  expectStatus(measured, 200);
  return measured.json() as StaffConsignment;
}

const orders0Reference = (list: { Reference: string }[]) => `"${list[0].Reference}"`;

const dispatchBody = {
  SailingDate: today(),
  Carrier: 'jersey-post',
  TrackingNumber: 'JP555000111GB',
};

describe('consolidating three bookings', () => {
  test('priced, requested, received, repacked and dispatched as one; the difference refunded once', async () => {
    const depot = await staffMember(ctx, 'depot');
    const ann = await checkoutCustomer(ctx);
    const booked = await threeBookings(ann, ['A', 'A', 'A'], { itemised: false });
    const ids = booked.map((o) => o.Id);

    // The customer's page offers them, and the estimate is one crossing in band C.
    const overview = await call('GET', '/public/consolidation', ann.token);
    expectStatus(overview, 200);
    expect(overview.json().Eligible).toEqual([
      expect.objectContaining({ Island: 'Jersey', Bookings: expect.any(Array) }),
    ]);
    expect(overview.json().Eligible[0].Bookings.map((b: { OrderId: number }) => b.OrderId)).toEqual(
      ids,
    );
    const estimate = await call('POST', '/public/consolidation/estimate', ann.token, {
      OrderIds: ids,
    });
    expectStatus(estimate, 200);
    expect(estimate.json()).toEqual({
      Band: expect.objectContaining({ Code: 'C' }),
      Crossing: 12.95,
      Repacking: 5,
      Paid: 20.85,
      Difference: -2.9,
    });

    const made = await consolidated(ann, ids);
    expect(made).toMatchObject({
      Status: 'awaiting parcels',
      Reference: expect.stringMatching(/^CON-/),
    });
    expect(
      (await waitForMail(ctx, { to: ann.email, kind: 'consolidation-requested' })).text,
    ).toContain('£2.90 back to you');
    // A booking is in one consolidation at a time.
    const again = await call('POST', '/public/consolidation/create', ann.token, {
      OrderIds: ids.slice(0, 2),
    });
    expectStatus(again, 409);
    expect(again.json().message).toBe(CONSOLIDATION_MESSAGES.alreadyIn(booked[0].Reference));

    // Two parcels arrive, then the third: ready; no excess invoice for a parcel alone.
    await receive(ctx, ids[0]);
    await receive(ctx, ids[1]);
    let seen = (await call('GET', `/api/admin/depot/consignments/${made.Id}`, depot.token)).json();
    expect(seen).toMatchObject({ Status: 'awaiting parcels', Arrived: 2, Awaited: 1 });
    expectStatus(
      await call('POST', `/api/admin/depot/consignments/${made.Id}/repack`, depot.token),
      409,
    );
    await receive(ctx, ids[2], { weightGrams: 9000, lengthMm: 600, widthMm: 400, heightMm: 400 });
    seen = (await call('GET', `/api/admin/depot/consignments/${made.Id}`, depot.token)).json();
    expect(seen).toMatchObject({ Status: 'ready', Arrived: 3, Awaited: 0 });
    await waitForMail(ctx, { to: ann.email, kind: 'consolidation-ready' });
    // Its parcels leave in the box: not on their own from the Dispatch screen.
    await expect(dispatch(ctx, ids[0])).rejects.toThrow(/is in consolidation CON-/);
    const list = await call('GET', '/api/admin/depot/dispatch', depot.token);
    expectStatus(list, 200);
    expect(JSON.stringify(list.json())).not.toContain(orders0Reference(booked));

    // Repacked and measured: 45 x 35 x 20 cm, 6 kg is band B: £9.95 + £5 − £20.85 = −£5.90.
    const measured = await repackAndMeasure(made.Id, depot.token);
    expect(measured.Final).toMatchObject({
      Band: expect.objectContaining({ Code: 'B' }),
      Difference: -5.9,
    });
    expectStatus(await call('POST', `/public/consolidation/cancel/${made.Id}`, ann.token), 409);

    // Its goods not itemised, the box does not leave: the customs paperwork lists every item.
    const unitemised = await call(
      'POST',
      `/api/admin/depot/consignments/${made.Id}/dispatch`,
      depot.token,
      dispatchBody,
    );
    expectStatus(unitemised, 409);
    expect(unitemised.json().message).toContain(CUSTOMS_MESSAGES.noItemLines(booked[1].Reference));
    await ctx.database.db.transaction((tx) => itemiseFromBooking(tx, ids));

    const before = await sandboxRefunded();
    // Giving money back is the office's (decision 0046): the depot's dispatch is refused, and
    // nothing moves.
    const byDepot = await call(
      'POST',
      `/api/admin/depot/consignments/${made.Id}/dispatch`,
      depot.token,
      dispatchBody,
    );
    expectStatus(byDepot, 403);
    expect(byDepot.json().message).toBe(REFUND_MESSAGES.officeGivesBack(590));
    expect(await sandboxRefunded()).toBe(before);
    const clerk = await staffMember(ctx, 'office');
    // Two dispatches at once: one dispatches and refunds, the other is refused.
    const answers = await Promise.all([
      call('POST', `/api/admin/depot/consignments/${made.Id}/dispatch`, clerk.token, dispatchBody),
      call('POST', `/api/admin/depot/consignments/${made.Id}/dispatch`, clerk.token, dispatchBody),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const done = answers.find((a) => a.statusCode === 200)!.json() as StaffConsignment;
    expect(done).toMatchObject({
      Status: 'dispatched',
      TrackingNumber: 'JP555000111GB',
      Refunded: 5.9,
    });
    expect(await sandboxRefunded()).toBe(before + 590);
    const rows = await ctx.database.db
      .select()
      .from(refunds)
      .where(eq(refunds.consignmentId, made.Id));
    expect(rows.map((r) => [r.amountPence, r.status])).toEqual([[590, 'succeeded']]);

    // Each order shipped with the one tracking number, on its own timeline; the customer sees it.
    for (const id of ids) {
      const page = await office.customerOrder(id, ann);
      expect(page.Order.StatusId_Name).toBe('Shipped');
    }
    const first = await office.customerOrder(ids[0], ann);
    expect(first.Refunded).toBe(5.9);
    // Each order's export certificate lists every item of the box it left in.
    for (const id of [ids[0], ids[2]]) {
      const certificate = await ctx.app.inject({
        url: `/public/orders/exportcert/${id}`,
        headers: bearer(ann.token),
      });
      expect(certificate.statusCode, certificate.body).toBe(200);
      const text = await pdfText(certificate.rawPayload);
      expect(text).toContain(`Shipped together as ${made.Reference}`);
      for (const order of booked) expect(text).toContain(order.Reference);
      expect(text).toContain('JP555000111GB');
    }
    const mine = (
      await call('GET', `/public/consolidation/${made.Id}`, ann.token)
    ).json() as Consignment;
    expect(mine).toMatchObject({
      Status: 'dispatched',
      Refunded: 5.9,
      TrackingNumber: 'JP555000111GB',
    });
    const mail = await waitForMail(ctx, { to: ann.email, kind: 'consolidation-dispatched' });
    expect(mail.text).toContain('£5.90 is being refunded');
    expect((await auditOf(ctx, 'Consignment', made.Id)).map((a) => a.action)).toEqual([
      'create',
      'repack',
      'measure',
      'dispatch',
    ]);

    // The office reverses the refund (measured wrongly): invoiced back, once, audited, e-mailed.
    const officer = await staffMember(ctx, 'office');
    const reversed = await call(
      'POST',
      `/api/admin/consignments/${made.Id}/reverse`,
      officer.token,
      {
        Reason: 'The box was weighed without its contents',
      },
    );
    expectStatus(reversed, 200);
    expect(reversed.json().Reversed).toEqual(expect.any(String));
    const asked = await ctx.database.db.select().from(invoices).where(eq(invoices.orderId, ids[0]));
    expect(asked.map((i) => [i.amountPence, i.status])).toEqual([[590, 'unpaid']]);
    expect(await sandboxRefunded()).toBe(before + 590);
    expect((await auditOf(ctx, 'Consignment', made.Id)).at(-1)).toMatchObject({
      action: 'reverse',
      actorId: officer.user.id,
    });
    await waitForMail(ctx, { to: ann.email, kind: 'consolidation-reversed' });
  });

  test('a bigger box is invoiced; the office reverses it once, audited', async () => {
    const depot = await staffMember(ctx, 'depot');
    const staff = await staffMember(ctx, 'office');
    const ann = await checkoutCustomer(ctx);
    const booked = await threeBookings(ann);
    const made = await consolidated(
      ann,
      booked.map((o) => o.Id),
    );
    for (const o of booked) await receive(ctx, o.Id);
    // 60 x 40 x 40 cm, 18 kg: band D, £16.95 + £5 − £20.85 = £1.10 to pay.
    await repackAndMeasure(made.Id, depot.token, {
      WeightKg: 18,
      LengthCm: 60,
      WidthCm: 40,
      HeightCm: 40,
    });
    const sent = await call(
      'POST',
      `/api/admin/depot/consignments/${made.Id}/dispatch`,
      depot.token,
      dispatchBody,
    );
    expectStatus(sent, 200);
    expect(sent.json().Invoice).toMatchObject({ Amount: 1.1, Status: 'unpaid' });

    // The depot may not reverse money; the office may, once.
    expectStatus(
      await call('POST', `/api/admin/consignments/${made.Id}/reverse`, depot.token, {
        Reason: 'x',
      }),
      403,
    );
    const reversed = await call('POST', `/api/admin/consignments/${made.Id}/reverse`, staff.token, {
      Reason: 'Measured with the lid open',
    });
    expectStatus(reversed, 200);
    expect(reversed.json()).toMatchObject({
      Invoice: expect.objectContaining({ Status: 'void' }),
      Reversed: expect.any(String),
    });
    expectStatus(
      await call('POST', `/api/admin/consignments/${made.Id}/reverse`, staff.token, {
        Reason: 'again',
      }),
      409,
    );
    expect(await auditOf(ctx, 'Consignment', made.Id)).toContainEqual(
      expect.objectContaining({ action: 'reverse', actorId: staff.user.id }),
    );
    await waitForMail(ctx, { to: ann.email, kind: 'consolidation-reversed' });
  });
});

describe('choosing', () => {
  test('one booking, another island, another customer’s: refused with the reason', async () => {
    const ann = await checkoutCustomer(ctx);
    const bob = await checkoutCustomer(ctx);
    const [a, b] = await threeBookings(ann, ['A', 'A']);
    const g = await paidBooking(ctx, ann, 'A');
    // A booking for another island (the address book would have a Guernsey address).
    await ctx.database.db.update(orders).set({ island: 'Guernsey' }).where(eq(orders.id, g.Id));
    const theirs = await paidBooking(ctx, bob, 'A');
    const one = await call('POST', '/public/consolidation/estimate', ann.token, {
      OrderIds: [a.Id],
    });
    expectStatus(one, 400);
    expect(one.json().errors[0].field).toBe('OrderIds');
    const islands = await call('POST', '/public/consolidation/estimate', ann.token, {
      OrderIds: [a.Id, g.Id],
    });
    expectStatus(islands, 409);
    expect(islands.json().message).toBe(CONSOLIDATION_MESSAGES.oneIsland);
    expectStatus(
      await call('POST', '/public/consolidation/create', ann.token, {
        OrderIds: [a.Id, theirs.Id],
      }),
      404,
    );
    // Bob cannot see or cancel Ann's.
    const made = await consolidated(ann, [a.Id, b.Id]);
    expectStatus(await call('GET', `/public/consolidation/${made.Id}`, bob.token), 404);
    expectStatus(await call('POST', `/public/consolidation/cancel/${made.Id}`, bob.token), 404);
  });

  test('asked twice at once: one consolidation, the other refused', async () => {
    const ann = await checkoutCustomer(ctx);
    const ids = (await threeBookings(ann, ['A', 'A'])).map((o) => o.Id);
    const answers = await Promise.all([
      call('POST', '/public/consolidation/create', ann.token, { OrderIds: ids }),
      call('POST', '/public/consolidation/create', ann.token, { OrderIds: ids }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const overview = (await call('GET', '/public/consolidation', ann.token)).json();
    expect(overview.Consolidations).toHaveLength(1);
    expect(overview.Eligible).toEqual([]);
  });

  test('cancelled before repacking: the bookings go on their own and may be chosen again', async () => {
    const ann = await checkoutCustomer(ctx);
    const booked = await threeBookings(ann);
    const made = await consolidated(
      ann,
      booked.map((o) => o.Id),
    );
    const cancelled = await call('POST', `/public/consolidation/cancel/${made.Id}`, ann.token);
    expectStatus(cancelled, 200);
    expect(cancelled.json()).toMatchObject({ Status: 'cancelled', CanCancel: false });
    await waitForMail(ctx, { to: ann.email, kind: 'consolidation-cancelled' });
    // Its parcels received alone go through the ordinary rules again.
    await consolidated(
      ann,
      booked.map((o) => o.Id),
    );
    expect((await auditOf(ctx, 'Consignment', made.Id)).map((a) => a.action)).toEqual([
      'create',
      'cancel',
    ]);
  });

  test('a late parcel: the customer is asked once and lets the rest go without it', async () => {
    const ann = await checkoutCustomer(ctx);
    const booked = await threeBookings(ann);
    const made = await consolidated(
      ann,
      booked.map((o) => o.Id),
    );
    await receive(ctx, booked[0].Id);
    await receive(ctx, booked[1].Id);
    const early = await call('POST', `/public/consolidation/leaveout/${made.Id}`, ann.token, {
      OrderId: booked[2].Id,
    });
    expectStatus(early, 409);
    // Eight days on (the setting says seven).
    await ctx.database.db
      .update(consignments)
      .set({ createdAt: new Date(Date.now() - 8 * 86_400_000) })
      .where(eq(consignments.id, made.Id));
    expect(await askAboutLateParcels(ctx.app, new Date())).toBeGreaterThanOrEqual(1);
    expect(await askAboutLateParcels(ctx.app, new Date())).toBe(0);
    const asked = await waitForMail(ctx, { to: ann.email, kind: 'consolidation-late' });
    expect(asked.text).toContain(booked[2].Reference);
    const page = (
      await call('GET', `/public/consolidation/${made.Id}`, ann.token)
    ).json() as Consignment;
    expect(page.Bookings.find((b) => b.OrderId === booked[2].Id)).toMatchObject({ Late: true });

    const left = await call('POST', `/public/consolidation/leaveout/${made.Id}`, ann.token, {
      OrderId: booked[2].Id,
    });
    expectStatus(left, 200);
    expect(left.json()).toMatchObject({ Status: 'ready' });
    expect(
      left.json().Bookings.find((b: { OrderId: number }) => b.OrderId === booked[2].Id),
    ).toMatchObject({
      LeftOut: true,
    });
    await waitForMail(ctx, { to: ann.email, kind: 'consolidation-left-out' });
    // The one left out is received alone, as booked: not part of the consignment.
    await receive(ctx, booked[2].Id);
    const staff = await staffMember(ctx, 'depot');
    const seen = (
      await call('GET', `/api/admin/depot/consignments/${made.Id}`, staff.token)
    ).json();
    expect(seen).toMatchObject({ Status: 'ready', Arrived: 2, Awaited: 0 });
  });
});

describe('the refund of the difference when the provider does not answer', () => {
  test('dispatched with the refund pending; the follow-up makes it once, a retry refunds nothing', async () => {
    // The office dispatches a box that gives money back (decision 0046).
    const depot = await staffMember(ctx, 'office');
    const ann = await checkoutCustomer(ctx);
    const booked = await threeBookings(ann);
    const made = await consolidated(
      ann,
      booked.map((o) => o.Id),
    );
    for (const o of booked) await receive(ctx, o.Id);
    await repackAndMeasure(made.Id, depot.token);
    // The provider makes the refund but its answer is lost (a timeout), once.
    const provider = ctx.app.paymentProvider;
    const real = provider.refund;
    let calls = 0;
    provider.refund = async (...args) => {
      calls += 1;
      const answer = await real.apply(provider, args);
      if (calls === 1) throw new Error('Request timed out');
      return answer;
    };
    try {
      const before = await sandboxRefunded();
      const sent = await call(
        'POST',
        `/api/admin/depot/consignments/${made.Id}/dispatch`,
        depot.token,
        dispatchBody,
      );
      expectStatus(sent, 200);
      expect(sent.json()).toMatchObject({ Status: 'dispatched', Refunded: 0, RefundPending: 5.9 });
      // The clerk tries again: the consignment has left, nothing more is reserved or sent.
      expectStatus(
        await call(
          'POST',
          `/api/admin/depot/consignments/${made.Id}/dispatch`,
          depot.token,
          dispatchBody,
        ),
        409,
      );
      // The office may not reverse a refund the provider has not confirmed: it says so.
      const office = await staffMember(ctx, 'office');
      const early = await call('POST', `/api/admin/consignments/${made.Id}/reverse`, office.token, {
        Reason: 'Measured wrongly',
      });
      expectStatus(early, 409);
      expect(early.json().message).toBe(CONSOLIDATION_MESSAGES.refundPending);
      // Two follow-ups at once, later: the refund is recorded once, made once.
      const later = new Date(Date.now() + 2 * 60_000);
      await Promise.all([followUpRefunds(ctx.app, later), followUpRefunds(ctx.app, later)]);
      const rows = await ctx.database.db
        .select()
        .from(refunds)
        .where(eq(refunds.consignmentId, made.Id));
      expect(rows.map((r) => [r.amountPence, r.status])).toEqual([[590, 'succeeded']]);
      expect(await sandboxRefunded()).toBe(before + 590);
      const mine = (
        await call('GET', `/public/consolidation/${made.Id}`, ann.token)
      ).json() as Consignment;
      expect(mine).toMatchObject({ Refunded: 5.9, RefundPending: 0 });
      // Confirmed, it can be reversed: the whole refund is invoiced back.
      const reversed = await call(
        'POST',
        `/api/admin/consignments/${made.Id}/reverse`,
        office.token,
        { Reason: 'Measured wrongly' },
      );
      expectStatus(reversed, 200);
      const asked = await ctx.database.db
        .select()
        .from(invoices)
        .where(eq(invoices.orderId, booked[0].Id));
      expect(asked.map((i) => [i.amountPence, i.status])).toEqual([[590, 'unpaid']]);
    } finally {
      provider.refund = real;
    }
  });
});

describe('a difference owed', () => {
  test('is paid through the invoice page; reversing it then refunds the payment once', async () => {
    const depot = await staffMember(ctx, 'depot');
    const staff = await staffMember(ctx, 'office');
    const ann = await checkoutCustomer(ctx);
    const booked = await threeBookings(ann);
    const made = await consolidated(
      ann,
      booked.map((o) => o.Id),
    );
    for (const o of booked) await receive(ctx, o.Id);
    await repackAndMeasure(made.Id, depot.token, {
      WeightKg: 18,
      LengthCm: 60,
      WidthCm: 40,
      HeightCm: 40,
    });
    const sent = await call(
      'POST',
      `/api/admin/depot/consignments/${made.Id}/dispatch`,
      depot.token,
      dispatchBody,
    );
    const invoice = sent.json().Invoice as { Id: number };
    const pay = await call('POST', `/public/payment/additional/${invoice.Id}`, ann.token);
    expectStatus(pay, 201);
    expectStatus(await checkout.payWithCard(pay.json(), '4242424242424242'), 303);
    const mine = (
      await call('GET', `/public/consolidation/${made.Id}`, ann.token)
    ).json() as Consignment;
    expect(mine.Invoice).toMatchObject({ Status: 'paid', Amount: 1.1 });

    const before = await sandboxRefunded();
    const reversed = await call('POST', `/api/admin/consignments/${made.Id}/reverse`, staff.token, {
      Reason: 'Goodwill: the box was ours to size',
    });
    expectStatus(reversed, 200);
    expect(reversed.json()).toMatchObject({ Refunded: 1.1 });
    expect(await sandboxRefunded()).toBe(before + 110);
  });
});
