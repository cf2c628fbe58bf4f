// Withdrawing a return to the retailer (decision 0039): before staff act on it (send
// the parcel back, or attach the label they bought) the customer may withdraw their request: the
// order goes back to where it was and the parcel sails as booked; a label we were to buy is not
// bought: its invoice voided, or refunded once when already paid. Timeline, audit, e-mail.
import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { checkoutResponse } from '../../src/shared/api/checkout';
import { depotReturnsResponse, withdrawReturnResponse } from '../../src/shared/api/returns';
import { RETURN_MESSAGES } from '../../src/shared/returns';
import { invoices, refunds, sandboxRefunds } from '../../src/server/db/schema';
import { useTestApp } from '../support/app';
import { bearer, waitForMail } from '../support/accounts';
import { checkoutCalls, checkoutCustomer } from '../support/checkout';
import { image } from '../support/depot';
import { auditOf, expectStatus, officeCalls } from '../support/office';
import { orderAtDepot, retailerLabelPdf, returnCalls } from '../support/returns';
import { staffMember } from '../support/staff';

const ctx = useTestApp();
const returns = returnCalls(ctx);
const office = officeCalls(ctx);
const withdraw = (orderId: number, token: string) =>
  ctx.app.inject({
    method: 'DELETE',
    url: `/public/orders/return/${orderId}`,
    headers: bearer(token),
  });
const invoiceStatus = async (id: number) =>
  (await ctx.database.db.select().from(invoices).where(eq(invoices.id, id)))[0].status;

describe('the customer withdraws their return', () => {
  test('with their own label: back to the depot’s list to sail, told and audited; not twice', async () => {
    const staff = await staffMember(ctx, 'depot');
    const ann = await checkoutCustomer(ctx);
    const bob = await checkoutCustomer(ctx);
    const order = await orderAtDepot(ctx, ann);
    const label = (await retailerLabelPdf()).toString('base64');
    expectStatus(
      await returns.ask(
        order.Id,
        { Reason: 'Wrong size', Label: { FileName: 'l.pdf', Data: label } },
        ann.token,
      ),
      201,
    );
    expect((await office.customerOrder(order.Id, ann)).Return).toMatchObject({ CanWithdraw: true });

    expectStatus(await withdraw(order.Id, bob.token), 404);
    const res = await withdraw(order.Id, ann.token);
    expectStatus(res, 200);
    expect(withdrawReturnResponse.parse(res.json())).toEqual({ Refunded: 0 });

    const page = await office.customerOrder(order.Id, ann);
    expect(page.Order.StatusId_Name).toBe('Received at Depot');
    expect(page.Return).toBeNull();
    expect(page.CanAskReturn).toBe(true);
    expect(page.Timeline.map((e) => e.Kind).slice(-2)).toEqual([
      'return-asked',
      'return-withdrawn',
    ]);
    const open = depotReturnsResponse.parse((await returns.list('open', staff.token)).json());
    expect(open.items.map((r) => r.OrderId)).not.toContain(order.Id);
    expect(await auditOf(ctx, 'Order', order.Id)).toContainEqual(
      expect.objectContaining({ action: 'return.withdraw', actorId: ann.id }),
    );
    const mail = await waitForMail(ctx, { to: ann.email, kind: 'return-withdrawn' });
    expect(mail.text).toContain('It stays booked to the island');
    // The office still reads the order, the withdrawal on its timeline.
    const officeStaff = await staffMember(ctx, 'office');
    expect((await office.order(order.Id, officeStaff.token)).Events.at(-1)).toMatchObject({
      Kind: 'return-withdrawn',
      From: 'Return Requested',
      To: 'Received at Depot',
    });

    const again = await withdraw(order.Id, ann.token);
    expectStatus(again, 409);
    expect(again.json().message).toBe(RETURN_MESSAGES.noSuchReturn);
  });

  test('a label we were to buy: unpaid, its invoice is voided; paid, refunded once even asked twice', async () => {
    const ann = await checkoutCustomer(ctx);
    const unpaid = await orderAtDepot(ctx, ann);
    const asked = await returns.ask(unpaid.Id, { BuyLabel: true }, ann.token);
    expectStatus(asked, 201);
    expectStatus(await withdraw(unpaid.Id, ann.token), 200);
    expect(await invoiceStatus(asked.json().Invoice.Id)).toBe('void');
    const told = await waitForMail(ctx, { to: ann.email, kind: 'return-withdrawn' });
    expect(told.text).toContain('is cancelled');

    const bob = await checkoutCustomer(ctx);
    const paid = await orderAtDepot(ctx, bob);
    const bought = await returns.ask(paid.Id, { BuyLabel: true }, bob.token);
    const invoice = bought.json().Invoice;
    const started = await ctx.post(
      `/public/payment/additional/${invoice.Id}`,
      undefined,
      bearer(bob.token),
    );
    expectStatus(started, 201);
    await checkoutCalls(ctx).payWithCard(
      checkoutResponse.parse(started.json()),
      '4242424242424242',
    );
    const both = await Promise.all([withdraw(paid.Id, bob.token), withdraw(paid.Id, bob.token)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.statusCode === 200)!.json()).toEqual({ Refunded: invoice.Amount });
    expect(await invoiceStatus(invoice.Id)).toBe('void');
    const made = await ctx.database.db.select().from(refunds).where(eq(refunds.orderId, paid.Id));
    expect(made.map((r) => [r.amountPence, r.status])).toEqual([
      [Math.round(invoice.Amount * 100), 'succeeded'],
    ]);
    // Once at the provider too.
    const atProvider = await ctx.database.db.select().from(sandboxRefunds);
    expect(atProvider.reduce((sum, r) => sum + r.amountPence, 0)).toBe(made[0].amountPence);
    const mail = await waitForMail(ctx, { to: bob.email, kind: 'return-withdrawn' });
    expect(mail.text).toContain('we are refunding');
    expect((await office.customerOrder(paid.Id, bob)).Order.StatusId_Name).toBe(
      'Received at Depot',
    );
  });

  test('not once staff have attached the label they bought', async () => {
    const staff = await staffMember(ctx, 'depot');
    const ann = await checkoutCustomer(ctx);
    const order = await orderAtDepot(ctx, ann);
    expectStatus(await returns.ask(order.Id, { BuyLabel: true }, ann.token), 201);
    expectStatus(
      await returns.attach(order.Id, await image('png', 600, 900), 'rm.png', staff.token),
      200,
    );
    expect((await office.customerOrder(order.Id, ann)).Return).toMatchObject({
      CanWithdraw: false,
    });
    const refused = await withdraw(order.Id, ann.token);
    expectStatus(refused, 409);
    expect(refused.json().message).toBe(RETURN_MESSAGES.cannotWithdraw);
  });
});
