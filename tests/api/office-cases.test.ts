import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { OFFICE_MESSAGES, officeCaseSchema } from '../../src/shared/api/office';
import { officeCasesResponse } from '../../src/shared/api/office-cases';
import { REFUND_MESSAGES } from '../../src/shared/refunds';
import { toPence } from '../../src/shared/money';
import { payments, sandboxSessions } from '../../src/server/db/schema';
import { RESOLVED_MESSAGE } from '../../src/server/modules/office/case-actions';
import { useTestApp } from '../support/app';
import { bearer, waitForMail } from '../support/accounts';
import { checkoutCustomer } from '../support/checkout';
import { atOnce, mailCount, orderRefundsBothSides, paymentIdsOf } from '../support/money';
import { auditOf, expectStatus, officeCalls } from '../support/office';
import { shippedOrder } from '../support/parcels';
import { staffMember } from '../support/staff';

const ctx = useTestApp();
const office = officeCalls(ctx);

/** A shipped order of a new customer with a missing-items case opened on it. */
async function reportedCase() {
  const ann = await checkoutCustomer(ctx);
  const order = await shippedOrder(ctx, ann);
  const res = await ctx.post(
    `/public/orders/missing/${order.Id}`,
    { Description: 'The toaster was not in the box.' },
    bearer(ann.token),
  );
  expectStatus(res, 201);
  return { ann, order, caseId: res.json().Id as number };
}

const cases = async (query: string, token: string) => {
  const res = await office.get(`/api/admin/cases?${query}`, token);
  expectStatus(res, 200);
  return officeCasesResponse.parse(res.json());
};

describe('missing-item cases for the office', () => {
  test('open ones come first; a reply is e-mailed and shown to the customer without a staff name', async () => {
    const staff = await staffMember(ctx, 'office');
    const answered = await reportedCase();
    const open = await reportedCase();
    const reply = (id: number, Message: string) =>
      office.post(`/api/admin/cases/${id}/reply`, { Message }, staff.token);

    const res = await reply(answered.caseId, 'We are checking with the depot.');
    expectStatus(res, 200);
    expect(officeCaseSchema.parse(res.json())).toMatchObject({
      Status: 'Answered',
      Messages: [
        expect.objectContaining({ From: 'customer', Staff: null }),
        expect.objectContaining({
          From: 'staff',
          Body: 'We are checking with the depot.',
          Staff: 'office',
        }),
      ],
    });
    const listed = await cases('itemsPerPage=100', staff.token);
    const order = listed.items.map((c) => c.Id);
    expect(order.indexOf(open.caseId)).toBeLessThan(order.indexOf(answered.caseId));
    expect(
      listed.items.slice(0, order.indexOf(answered.caseId)).every((c) => c.Status === 'Open'),
    ).toBe(true);
    expect(
      (await cases('status=Answered&itemsPerPage=100', staff.token)).items.map((c) => c.Id),
    ).toContain(answered.caseId);

    const page = await office.customerOrder(answered.order.Id, answered.ann);
    expect(page.Cases[0]).toMatchObject({ Status: 'Answered' });
    expect(page.Cases[0].Messages[1]).toEqual({
      From: 'staff',
      Body: 'We are checking with the depot.',
      At: expect.any(String),
    });
    expect(JSON.stringify(page)).not.toContain(staff.email);
    const mail = await waitForMail(ctx, { to: answered.ann.email, kind: 'case-reply' });
    expect(mail.text).toContain('We are checking with the depot.');
    expect(await auditOf(ctx, 'Case', answered.caseId)).toEqual([
      expect.objectContaining({ action: 'reply', before: { Status: 'Open' } }),
    ]);
  });

  test('resolved with a partial refund: the customer sees it resolved and refunded', async () => {
    const staff = await staffMember(ctx, 'office');
    const { ann, order, caseId } = await reportedCase();
    const res = await office.post(
      `/api/admin/cases/${caseId}/resolve`,
      { Message: 'Sorry: we refund the toaster’s carriage.', Refund: 3.2 },
      staff.token,
    );
    expectStatus(res, 200);
    expect(res.json()).toMatchObject({ Status: 'Resolved' });

    const page = await office.customerOrder(order.Id, ann);
    expect(page.Cases[0].Status).toBe('Resolved');
    expect(page.Cases[0].Messages.at(-1)?.Body).toBe('Sorry: we refund the toaster’s carriage.');
    expect(page.Timeline.at(-1)).toMatchObject({ Kind: 'refunded', Amount: 3.2 });
    expect(page.Order.StatusId_Name).toBe('Shipped');
    const mail = await waitForMail(ctx, { to: ann.email, kind: 'case-resolved' });
    expect(mail.text).toContain('£3.20');
    expect((await office.order(order.Id, staff.token)).Refunds).toEqual([
      expect.objectContaining({
        Amount: 3.2,
        Status: 'succeeded',
        Reason: expect.stringContaining('CASE-'),
      }),
    ]);
    const again = await office.post(
      `/api/admin/cases/${caseId}/reply`,
      { Message: 'More' },
      staff.token,
    );
    expectStatus(again, 409);
  });

  test('resolved without a refund; a refund beyond what was paid leaves the case open', async () => {
    const staff = await staffMember(ctx, 'office');
    const { order, caseId } = await reportedCase();
    const tooMuch = await office.post(
      `/api/admin/cases/${caseId}/resolve`,
      { Refund: order.Payment.Amount + 1 },
      staff.token,
    );
    expectStatus(tooMuch, 409);
    expect(tooMuch.json().message).toBe(REFUND_MESSAGES.tooMuch(toPence(order.Payment.Amount)));
    expect((await office.order(order.Id, staff.token)).Cases[0].Status).toBe('Open');

    const res = await office.post(`/api/admin/cases/${caseId}/resolve`, undefined, staff.token);
    expectStatus(res, 200);
    expect(res.json().Messages.at(-1)).toMatchObject({ Body: RESOLVED_MESSAGE, From: 'staff' });
    expect((await office.order(order.Id, staff.token)).Refunds).toEqual([]);
  });
});

describe('a case resolved ten times at once', () => {
  test('refunds once, answers 200 once and 409 "This case is resolved" to the rest, e-mails once', async () => {
    const staff = await staffMember(ctx, 'office');
    const { ann, order, caseId } = await reportedCase();
    const answers = await atOnce(10, () =>
      office.post(`/api/admin/cases/${caseId}/resolve`, { Refund: 2 }, staff.token),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, ...Array(9).fill(409)]);
    for (const a of answers.filter((a) => a.statusCode === 409)) {
      expect(a.json().message).toBe(OFFICE_MESSAGES.caseResolved);
    }
    // Ours and the provider's records agree: one refund of £2.00.
    expect((await office.order(order.Id, staff.token)).Refunds).toEqual([
      expect.objectContaining({ Amount: 2, Status: 'succeeded' }),
    ]);
    expect(await orderRefundsBothSides(ctx, order.Id)).toEqual({ ours: [200], provider: [200] });
    await waitForMail(ctx, { to: ann.email, kind: 'case-resolved' });
    expect(await mailCount(ctx, ann.email, 'case-resolved')).toBe(1);
    expect((await auditOf(ctx, 'Case', caseId)).filter((e) => e.action === 'resolve')).toHaveLength(
      1,
    );
  });
});

test('a refund the provider refuses leaves the case as it was, and a second try may resolve it', async () => {
  const staff = await staffMember(ctx, 'office');
  const { ann, order, caseId } = await reportedCase();
  const [payment] = await paymentIdsOf(ctx, order.Id);
  const [row] = await ctx.database.db.select().from(payments).where(eq(payments.id, payment));
  // The provider no longer knows the payment: it refuses every refund of it.
  await ctx.database.db
    .update(sandboxSessions)
    .set({ status: 'expired' })
    .where(eq(sandboxSessions.paymentId, row.providerPaymentId!));
  const refused = await office.post(
    `/api/admin/cases/${caseId}/resolve`,
    { Refund: 2 },
    staff.token,
  );
  expectStatus(refused, 502);
  expect(refused.json().message).toBe(REFUND_MESSAGES.providerFailed);
  expect((await office.order(order.Id, staff.token)).Cases[0].Status).toBe('Open');
  expect(await orderRefundsBothSides(ctx, order.Id)).toEqual({ ours: [], provider: [] });

  const resolved = await office.post(`/api/admin/cases/${caseId}/resolve`, undefined, staff.token);
  expectStatus(resolved, 200);
  await waitForMail(ctx, { to: ann.email, kind: 'case-resolved' });
  expect(await mailCount(ctx, ann.email, 'case-resolved')).toBe(1);
});
