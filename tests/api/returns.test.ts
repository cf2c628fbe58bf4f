// A return to the retailer (decision 0039): before its parcel sails the customer asks
// for it to go back with the retailer's label (checked as the depot's photos are) or with one we
// buy (invoiced at the catalogue's price); staff print or attach the label and mark it returned
// with the carrier's tracking number; the unused crossing is refunded once, even two at once.
import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, test } from 'vitest';
import { checkoutResponse } from '../../src/shared/api/checkout';
import { depotReturnSchema, depotReturnsResponse } from '../../src/shared/api/returns';
import { toPence } from '../../src/shared/money';
import { REFUND_MESSAGES } from '../../src/shared/refunds';
import { RETURN_MESSAGES } from '../../src/shared/returns';
import { orderExtras, refunds, sandboxRefunds } from '../../src/server/db/schema';
import { useTestApp } from '../support/app';
import { bearer, waitForMail } from '../support/accounts';
import { checkoutCalls, checkoutCustomer } from '../support/checkout';
import { base64, image, jpeg } from '../support/depot';
import { auditOf, expectStatus, officeCalls } from '../support/office';
import { shippedOrder } from '../support/parcels';
import { orderAtDepot, retailerLabelPdf, returnCalls } from '../support/returns';
import { staffMember } from '../support/staff';

const ctx = useTestApp();
const returns = returnCalls(ctx);
const office = officeCalls(ctx);
const calls = checkoutCalls(ctx);

const SENT = { Carrier: 'Royal Mail Tracked 48', TrackingNumber: 'RM123456785GB' };

describe('a return with the retailer’s uploaded label', () => {
  test('is asked, printed, marked returned and refunded once, each step told', async () => {
    const staff = await staffMember(ctx, 'depot');
    const ann = await checkoutCustomer(ctx);
    const order = await orderAtDepot(ctx, ann);
    const pdf = await retailerLabelPdf();

    const before = await office.customerOrder(order.Id, ann);
    expect(before.CanAskReturn).toBe(true);
    expect(before.Return).toBeNull();

    const asked = await returns.ask(
      order.Id,
      { Reason: 'Wrong size', Label: { FileName: 'argos-label.pdf', Data: base64(pdf) } },
      ann.token,
    );
    expectStatus(asked, 201);
    expect(asked.json()).toMatchObject({
      State: 'label-ready',
      Bought: false,
      Invoice: null,
      Label: { FileName: 'argos-label.pdf', ContentType: 'application/pdf' },
    });
    const page = await office.customerOrder(order.Id, ann);
    expect(page.Order.StatusId_Name).toBe('Return Requested');
    expect(page.CanAskReturn).toBe(false);
    expect(page.Timeline.at(-1)?.Kind).toBe('return-asked');
    await waitForMail(ctx, { to: ann.email, kind: 'return-asked' });

    // It will not sail: the dispatch list leaves it out, the returns list has it.
    const dispatch = await ctx.app.inject({
      url: '/api/admin/depot/dispatch',
      headers: bearer(staff.token),
    });
    expect(JSON.stringify(dispatch.json())).not.toContain(order.Reference);
    const open = depotReturnsResponse.parse((await returns.list('open', staff.token)).json());
    const mine = open.items.find((r) => r.OrderId === order.Id);
    expect(mine).toMatchObject({
      State: 'label-ready',
      OrderReference: order.Reference,
    });

    // The label prints as it was uploaded: a real PDF with the retailer's words.
    const label = await returns.label(order.Id, staff.token);
    expect(label.statusCode).toBe(200);
    expect(label.headers['content-type']).toBe('application/pdf');
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(label.rawPayload)), {
      mergePages: true,
    });
    expect(text).toContain('ARGOS RETURNS');
    expect((await returns.customerLabel(order.Id, ann.token)).statusCode).toBe(200);
    const bob = await checkoutCustomer(ctx);
    expect((await returns.customerLabel(order.Id, bob.token)).statusCode).toBe(404);

    // Marking it returned gives the crossing back: the depot may not (decision 0046), and its
    // refusal moves nothing; the office may.
    const byDepot = await returns.returned(order.Id, SENT, staff.token);
    expectStatus(byDepot, 403);
    expect(byDepot.json().message).toBe(
      REFUND_MESSAGES.officeGivesBack(toPence(order.Payment.Amount)),
    );
    expect(
      await ctx.database.db.select().from(refunds).where(eq(refunds.orderId, order.Id)),
    ).toEqual([]);
    expect((await office.customerOrder(order.Id, ann)).Order.StatusId_Name).toBe(
      'Return Requested',
    );
    const officer = await staffMember(ctx, 'office');
    const done = await returns.returned(order.Id, SENT, officer.token);
    expectStatus(done, 200);
    const paidPence = toPence(order.Payment.Amount);
    expect(depotReturnSchema.parse(done.json())).toMatchObject({
      State: 'returned',
      Carrier: SENT.Carrier,
      TrackingNumber: SENT.TrackingNumber,
      Refund: paidPence / 100,
    });
    const after = await office.customerOrder(order.Id, ann);
    expect(after.Order.StatusId_Name).toBe('Returned to Retailer');
    expect(after.Refunded).toBe(paidPence / 100);
    expect(after.Timeline.slice(-2)).toEqual([
      expect.objectContaining({
        Kind: 'returned',
        Return: { Carrier: SENT.Carrier, TrackingNumber: SENT.TrackingNumber },
      }),
      expect.objectContaining({ Kind: 'refunded', Amount: paidPence / 100 }),
    ]);
    const mail = await waitForMail(ctx, { to: ann.email, kind: 'returned-to-retailer' });
    expect(mail.text).toContain(SENT.TrackingNumber);
    expect(mail.text).toContain(`£${(paidPence / 100).toFixed(2)}`);
    expect((await auditOf(ctx, 'Order', order.Id)).map((a) => a.action)).toEqual([
      'return.ask',
      'return.complete',
    ]);

    // Again: refused, nothing more given back.
    const again = await returns.returned(order.Id, SENT, officer.token);
    expectStatus(again, 409);
    expect(again.json().message).toBe(RETURN_MESSAGES.alreadyReturned);
    const rows = await ctx.database.db.select().from(refunds).where(eq(refunds.orderId, order.Id));
    expect(rows.map((r) => [r.amountPence, r.status])).toEqual([[paidPence, 'succeeded']]);
  });

  test('two staff marking it returned at once refund it once', async () => {
    const one = await staffMember(ctx, 'office');
    const two = await staffMember(ctx, 'admin');
    const ann = await checkoutCustomer(ctx);
    const order = await orderAtDepot(ctx, ann);
    const image = await jpeg(800, 1200);
    expectStatus(
      await returns.ask(
        order.Id,
        { Label: { FileName: 'label.jpg', Data: base64(image) } },
        ann.token,
      ),
      201,
    );
    const answers = await Promise.all([
      returns.returned(order.Id, SENT, one.token),
      returns.returned(order.Id, { ...SENT, TrackingNumber: 'RM999999995GB' }, two.token),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const paidPence = toPence(order.Payment.Amount);
    const rows = await ctx.database.db.select().from(refunds).where(eq(refunds.orderId, order.Id));
    expect(rows.map((r) => [r.amountPence, r.status])).toEqual([[paidPence, 'succeeded']]);
    const detail = await office.order(order.Id, two.token);
    expect(detail.Refundable).toBe(0);
    // The provider was asked once, with that refund's key.
    const given = await ctx.database.db
      .select()
      .from(sandboxRefunds)
      .where(eq(sandboxRefunds.idempotencyKey, rows[0].idempotencyKey));
    expect(given.map((r) => r.amountPence)).toEqual([paidPence]);
  });
});

describe('a return with a label we buy', () => {
  test('is invoiced at the catalogue’s price, waits for payment and its label, and refunds the crossing only', async () => {
    const staff = await staffMember(ctx, 'depot');
    const ann = await checkoutCustomer(ctx);
    const order = await orderAtDepot(ctx, ann);
    const [extra] = await ctx.database.db
      .select()
      .from(orderExtras)
      .where(eq(orderExtras.code, 'return-to-sender'));

    const page = await office.customerOrder(order.Id, ann);
    expect(page.ReturnLabelPrice).toBe(extra.pricePence / 100);
    const asked = await returns.ask(order.Id, { BuyLabel: true }, ann.token);
    expectStatus(asked, 201);
    const invoice = asked.json().Invoice;
    expect(asked.json()).toMatchObject({ State: 'awaiting-label', Bought: true });
    expect(invoice).toMatchObject({ Amount: extra.pricePence / 100, Status: 'unpaid' });
    const mail = await waitForMail(ctx, { to: ann.email, kind: 'return-asked' });
    expect(mail.text).toContain(`/dashboard/pay/${invoice.Id}`);

    const noLabel = await returns.returned(order.Id, SENT, staff.token);
    expectStatus(noLabel, 409);
    expect(noLabel.json().message).toBe(RETURN_MESSAGES.labelMissing);

    const attached = await returns.attach(
      order.Id,
      await image('png', 600, 900),
      'rm-label.png',
      staff.token,
    );
    expectStatus(attached, 200);
    expect(attached.json()).toMatchObject({
      State: 'label-ready',
      Label: { FileName: 'rm-label.png', ContentType: 'image/jpeg' },
    });
    const timeline = (await office.customerOrder(order.Id, ann)).Timeline.map((e) => e.Kind);
    expect(timeline.slice(-2)).toEqual(['return-asked', 'return-label']);

    const unpaid = await returns.returned(order.Id, SENT, staff.token);
    expectStatus(unpaid, 409);
    expect(unpaid.json().message).toBe(RETURN_MESSAGES.labelUnpaid(invoice.Reference));

    // The customer pays the label through the invoice flow.
    const started = await ctx.app.inject({
      method: 'POST',
      url: `/public/payment/additional/${invoice.Id}`,
      headers: bearer(ann.token),
    });
    expect(started.statusCode, started.body).toBe(201);
    await calls.payWithCard(checkoutResponse.parse(started.json()), '4242424242424242');

    const done = await returns.returned(order.Id, SENT, (await staffMember(ctx, 'office')).token);
    expectStatus(done, 200);
    const paidPence = toPence(order.Payment.Amount);
    expect(done.json().Refund).toBe(paidPence / 100);
    const after = await office.customerOrder(order.Id, ann);
    expect(after.Refunded).toBe(paidPence / 100);
    expect((await auditOf(ctx, 'Order', order.Id)).map((a) => a.action)).toEqual([
      'return.ask',
      'return.label',
      'return.complete',
    ]);
  });
});

describe('the rules', () => {
  test('not after sailing, not before arrival, not twice, and only one’s own order', async () => {
    const ann = await checkoutCustomer(ctx);
    const pdf = base64(await retailerLabelPdf());
    const shipped = await shippedOrder(ctx, ann);
    const sailed = await returns.ask(shipped.Id, { Label: { Data: pdf } }, ann.token);
    expectStatus(sailed, 409);
    expect(sailed.json().message).toBe(RETURN_MESSAGES.notReturnable('Shipped'));
    expect((await office.customerOrder(shipped.Id, ann)).CanAskReturn).toBe(false);

    const atDepot = await orderAtDepot(ctx, ann);
    const bob = await checkoutCustomer(ctx);
    expectStatus(await returns.ask(atDepot.Id, { Label: { Data: pdf } }, bob.token), 404);
    expectStatus(await returns.ask(atDepot.Id, { Label: { Data: pdf } }, ann.token), 201);
    const twice = await returns.ask(atDepot.Id, { BuyLabel: true }, ann.token);
    expectStatus(twice, 409);
    expect(twice.json().message).toBe(RETURN_MESSAGES.notReturnable('Return Requested'));
  });

  test('a label must be a whole, plain PDF or a real image, named in the 400', async () => {
    const ann = await checkoutCustomer(ctx);
    const order = await orderAtDepot(ctx, ann);
    const pdf = await retailerLabelPdf();
    const cases: [Buffer, string][] = [
      [await image('gif', 100, 100), RETURN_MESSAGES.labelType],
      [Buffer.from('hello, not a label'), RETURN_MESSAGES.labelType],
      [pdf.subarray(0, Math.floor(pdf.length / 2)), RETURN_MESSAGES.labelDamaged],
      [
        Buffer.concat([
          pdf.subarray(0, 20),
          Buffer.from('/OpenAction << /S /JavaScript /JS (app.alert(1)) >>'),
          pdf.subarray(20),
        ]),
        RETURN_MESSAGES.labelActive,
      ],
      [(await jpeg(400, 400)).subarray(0, 300), RETURN_MESSAGES.labelUnreadable],
    ];
    for (const [bytes, error] of cases) {
      const res = await returns.ask(order.Id, { Label: { Data: base64(bytes) } }, ann.token);
      expectStatus(res, 400);
      expect(res.json().errors).toEqual([{ field: 'Label.Data', error }]);
    }
    const both = await returns.ask(
      order.Id,
      { Label: { Data: base64(pdf) }, BuyLabel: true },
      ann.token,
    );
    expectStatus(both, 400);
    expect(both.json().errors).toEqual([{ field: 'Label', error: RETURN_MESSAGES.labelOrBuy }]);
    const neither = await returns.ask(order.Id, {}, ann.token);
    expectStatus(neither, 400);
    // Nothing was asked by the refused ones.
    expect((await office.customerOrder(order.Id, ann)).Order.StatusId_Name).toBe(
      'Received at Depot',
    );
  });
});

describe('a label file (decision 0046)', () => {
  test('HTML or a program holding %PDF- near its start is refused, naming the field', async () => {
    const ann = await checkoutCustomer(ctx);
    const order = await orderAtDepot(ctx, ann);
    const pdf = await retailerLabelPdf();
    for (const [FileName, head] of [
      ['label.html', '<html><!-- %PDF-1.4 --><script>alert(1)</script></html>'],
      ['label.exe', 'MZ\x90\x00 %PDF-1.4 this program cannot be run in DOS mode'],
    ]) {
      const res = await returns.ask(
        order.Id,
        { Label: { FileName, Data: base64(Buffer.concat([Buffer.from(head, 'latin1'), pdf])) } },
        ann.token,
      );
      expectStatus(res, 400);
      expect(res.json().errors).toEqual([
        { field: 'Label.Data', error: RETURN_MESSAGES.labelType },
      ]);
    }
  });

  test('a PDF is served as a PDF to save: its type, attachment, a name ending .pdf, never sniffed', async () => {
    const staff = await staffMember(ctx, 'depot');
    const ann = await checkoutCustomer(ctx);
    const order = await orderAtDepot(ctx, ann);
    const pdf = await retailerLabelPdf();
    expectStatus(
      await returns.ask(
        order.Id,
        { Label: { FileName: 'label.html', Data: base64(pdf) } },
        ann.token,
      ),
      201,
    );
    for (const res of [
      await returns.customerLabel(order.Id, ann.token),
      await returns.label(order.Id, staff.token),
    ]) {
      expectStatus(res, 200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe('attachment; filename="label.html.pdf"');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.rawPayload.equals(pdf)).toBe(true);
    }
  });
});
