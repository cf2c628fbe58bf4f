import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, test } from 'vitest';
import { invoices, mailOutbox, payments } from '../../src/server/db/schema';
import { tellOverdueDisputes } from '../../src/server/modules/cases/overdue';
import { DEFAULT_DISPUTE_DECIDE_DAYS, DISPUTE_MESSAGES } from '../../src/shared/disputes';
import { officeTodayResponse } from '../../src/shared/api/office';
import { officeCasesResponse } from '../../src/shared/api/office-cases';
import { auditOf, officeCalls } from '../support/office';
import { waitForMail } from '../support/accounts';
import { CHECKOUT_MESSAGES } from '../../src/shared/checkout-messages';
import { customerInvoiceSchema, orderSummaryResponse } from '../../src/shared/api/orders';
import { useTestApp } from '../support/app';
import { bearer } from '../support/accounts';
import { checkoutCustomer } from '../support/checkout';
import { disputeCalls, excessInvoice, payInvoice } from '../support/disputes';
import { staffMember } from '../support/staff';

// A disputed invoice is not payable while its dispute is open (decision 0038): the page that
// pays it says why instead of offering Pay, the API refuses to start its payment, a payment page
// started before the dispute is closed, and the dashboard no longer asks for it; once staff
// decide, it is payable again (at the decided amount).

const ctx = useTestApp();
const calls = disputeCalls(ctx);
afterEach(() => ctx.app.clock.set(null));

async function setup() {
  const depot = await staffMember(ctx, 'depot');
  const staff = await staffMember(ctx, 'office');
  const ann = await checkoutCustomer(ctx);
  const held = await excessInvoice(ctx, ann, depot.token);
  return { depot, staff, ann, ...held };
}

const startPayment = (invoiceId: number, customer: { token: string }) =>
  ctx.post(`/public/payment/additional/${invoiceId}`, undefined, bearer(customer.token));
const invoicePage = async (invoiceId: number, customer: { token: string }) => {
  const res = await ctx.app.inject({
    url: `/public/orders/invoices/${invoiceId}`,
    headers: bearer(customer.token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return customerInvoiceSchema.parse(res.json());
};
const toPay = async (customer: { token: string }) => {
  const res = await ctx.app.inject({
    url: '/public/orders/summary',
    headers: bearer(customer.token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return orderSummaryResponse.parse(res.json()).InvoicesToPay.items.map((i) => i.Id);
};

describe('a disputed invoice is not payable until staff decide', () => {
  test('the payment is refused with the reason, the dashboard stops asking; decided, it is payable', async () => {
    const { ann, invoice, staff } = await setup();
    expect(await toPay(ann)).toEqual([invoice.Id]);
    expect((await invoicePage(invoice.Id, ann)).DisputedIn).toBeNull();

    const opened = await calls.disputed(invoice.Id, ann);
    const refused = await startPayment(invoice.Id, ann);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      CHECKOUT_MESSAGES.invoiceDisputed(invoice.Reference, opened.Reference),
    );
    expect(await invoicePage(invoice.Id, ann)).toMatchObject({
      Status: 'unpaid',
      DisputedIn: opened.Reference,
    });
    expect(await toPay(ann)).toEqual([]);

    const reduced = await calls.decide(
      opened.Id,
      { Decision: 'reduce', Amount: 1.5, Message: 'Measured again: a little over.' },
      staff.token,
    );
    expect(reduced.statusCode, reduced.body).toBe(200);
    expect(await invoicePage(invoice.Id, ann)).toMatchObject({ Amount: 1.5, DisputedIn: null });
    expect(await toPay(ann)).toEqual([invoice.Id]);
    await payInvoice(ctx, ann, invoice.Id);
    expect((await invoicePage(invoice.Id, ann)).Status).toBe('paid');
  });

  test('a payment page started before the dispute is closed when it opens', async () => {
    const { ann, invoice, staff } = await setup();
    const started = await startPayment(invoice.Id, ann);
    expect(started.statusCode, started.body).toBe(201);
    const opened = await calls.disputed(invoice.Id, ann);
    const rows = await ctx.database.db
      .select()
      .from(payments)
      .where(eq(payments.invoiceId, invoice.Id));
    expect(rows.map((r) => r.status)).toEqual(['cancelled']);
    expect((await startPayment(invoice.Id, ann)).statusCode).toBe(409);
    // Decided: it leaves the office's overdue count alone in the next test.
    expect((await calls.decide(opened.Id, { Decision: 'cancel' }, staff.token)).statusCode).toBe(
      200,
    );
  });
});

const DAY = 24 * 60 * 60 * 1000;
const office = officeCalls(ctx);
/** The case as the office's cases list shows it (open ones first), at the app's clock. */
const listedCase = async (caseId: number, token: string) => {
  const res = await ctx.app.inject({
    url: '/api/admin/cases?itemsPerPage=100',
    headers: bearer(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return officeCasesResponse.parse(res.json()).items.find((c) => c.Id === caseId);
};
const today = async (token: string) => {
  const res = await ctx.app.inject({ url: '/api/admin/today', headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return officeTodayResponse.parse(res.json());
};

describe('a dispute staff leave undecided', () => {
  test('past its days it is flagged to the office and the customer told once; never decided by itself', async () => {
    const { ann, invoice, order, staff } = await setup();
    const opened = await calls.disputed(invoice.Id, ann);
    const decideBy = new Date(opened.Created).getTime() + DEFAULT_DISPUTE_DECIDE_DAYS * DAY;
    expect(new Date(opened.Dispute!.DecideBy!).getTime()).toBe(decideBy);
    const before = (await today(staff.token)).DisputesOverdue;

    // Not yet: nothing told, nothing flagged.
    ctx.app.clock.set(new Date(decideBy - 60_000));
    expect(await tellOverdueDisputes(ctx.app, ctx.app.clock.now())).toBe(0);
    expect((await today(staff.token)).DisputesOverdue).toBe(before);
    expect(await listedCase(opened.Id, staff.token)).toMatchObject({
      Overdue: false,
      Dispute: { DecideBy: new Date(decideBy).toISOString() },
    });

    // Past it: told once, however many runs.
    ctx.app.clock.set(new Date(decideBy + 60_000));
    await Promise.all([
      tellOverdueDisputes(ctx.app, ctx.app.clock.now()),
      tellOverdueDisputes(ctx.app, ctx.app.clock.now()),
    ]);
    await tellOverdueDisputes(ctx.app, new Date(decideBy + 3 * DAY));
    const mails = (await ctx.database.db.select().from(mailOutbox)).filter(
      (m) => m.message.to === ann.email && m.message.kind === 'dispute-overdue',
    );
    expect(mails).toHaveLength(1);
    const mail = await waitForMail(ctx, { to: ann.email, kind: 'dispute-overdue' });
    expect(mail.text).toContain(DISPUTE_MESSAGES.overdue(new Date(decideBy)));
    expect((await today(staff.token)).DisputesOverdue).toBe(before + 1);
    // The office's cases list flags it.
    expect((await listedCase(opened.Id, staff.token))?.Overdue).toBe(true);
    expect(await auditOf(ctx, 'Case', opened.Id)).toContainEqual(
      expect.objectContaining({ action: 'dispute.overdue', actorId: null }),
    );
    // The customer sees it on the case; the dispute stays open and the invoice unpayable.
    const page = await office.customerOrder(order.Id, ann);
    const shown = page.Cases.find((c) => c.Id === opened.Id)!;
    expect(shown.Status).not.toBe('Resolved');
    expect(shown.Messages.at(-1)?.Body).toBe(DISPUTE_MESSAGES.overdue(new Date(decideBy)));
    const [row] = await ctx.database.db.select().from(invoices).where(eq(invoices.id, invoice.Id));
    expect(row.status).toBe('unpaid');
    expect((await startPayment(invoice.Id, ann)).statusCode).toBe(409);

    // Decided late: no longer overdue.
    const upheld = await calls.decide(
      opened.Id,
      { Decision: 'uphold', Message: 'Sorry for the wait: the photos show it.' },
      staff.token,
    );
    expect(upheld.statusCode, upheld.body).toBe(200);
    expect((await today(staff.token)).DisputesOverdue).toBe(before);
    expect(await listedCase(opened.Id, staff.token)).toMatchObject({
      Status: 'Resolved',
      Overdue: false,
      Dispute: { DecideBy: null },
    });
  });
});
