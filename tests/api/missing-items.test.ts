import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { orderCaseSchema } from '../../src/shared/api/cases';
import { CASE_MESSAGES } from '../../src/shared/missing-items';
import { orderDetailResponse } from '../../src/shared/api/order-detail';
import { ORDER_DETAIL_MESSAGES } from '../../src/shared/order-timeline';
import { mailOutbox, orderCases, orders } from '../../src/server/db/schema';
import { useTestApp } from '../support/app';
import { bearer, waitForMail } from '../support/accounts';
import { checkoutCustomer } from '../support/checkout';
import { paidBooking } from '../support/depot';
import { deliver, receive, shippedOrder } from '../support/parcels';

const ctx = useTestApp();

const report = (id: number | string, body: unknown, token?: string) =>
  ctx.post(`/public/orders/missing/${id}`, body, token ? bearer(token) : {});

const MISSING = 'The toaster was not in the box, only the kettle.';

const casesOf = (orderId: number) =>
  ctx.database.db.select().from(orderCases).where(eq(orderCases.orderId, orderId));

describe('POST /public/orders/missing/{Id}', () => {
  test('opens a case on a shipped order, acknowledged by e-mail, shown on the order', async () => {
    const ann = await checkoutCustomer(ctx);
    const order = await shippedOrder(ctx, ann);

    const res = await report(order.Id, { Description: `  ${MISSING}  ` }, ann.token);
    expect(res.statusCode, res.body).toBe(201);
    const opened = orderCaseSchema.parse(res.json());
    expect(opened).toMatchObject({
      Reference: expect.stringMatching(/^CASE-\d{6}$/),
      OrderId: order.Id,
      Status: 'Open',
      Description: MISSING,
      Messages: [{ From: 'customer', Body: MISSING, At: expect.any(String) }],
    });

    // The order keeps its status; the case shows on its page.
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, order.Id));
    expect(row.status).toBe('Shipped');
    const page = orderDetailResponse.parse(
      (
        await ctx.app.inject({ url: `/public/orders/${order.Id}`, headers: bearer(ann.token) })
      ).json(),
    );
    expect(page.Cases).toEqual([opened]);

    const mail = await waitForMail(ctx, { to: ann.email, kind: 'missing-items' });
    expect(mail.subject).toBe(`${opened.Reference}: we have your report about ${order.Reference}`);
    expect(mail.text).toContain(MISSING);
    expect(mail.links).toContain(`${ctx.config.publicUrl}/dashboard/orders/${order.Id}/`);
  });

  test('a second report while the case is open is added to it, not a new case', async () => {
    const ann = await checkoutCustomer(ctx);
    const order = await shippedOrder(ctx, ann);
    await deliver(ctx, order.Id);
    const first = await report(order.Id, { Description: MISSING }, ann.token);
    expect(first.statusCode, first.body).toBe(201);
    const more = 'Also the instruction booklet is missing.';
    const second = await report(order.Id, { Description: more }, ann.token);
    expect(second.statusCode, second.body).toBe(200);
    const added = orderCaseSchema.parse(second.json());
    expect(added.Reference).toBe(first.json().Reference);
    expect(added.Status).toBe('Open');
    expect(added.Messages.map((m) => m.Body)).toEqual([MISSING, more]);
    expect(await casesOf(order.Id)).toHaveLength(1);
    await waitForMail(
      ctx,
      (e) => e.to === ann.email && e.kind === 'missing-items' && e.text.includes(more),
      'the second acknowledgement',
    );

    // Once the office resolves it, a new report opens a new case.
    await ctx.database.db
      .update(orderCases)
      .set({ status: 'Resolved' })
      .where(eq(orderCases.orderId, order.Id));
    const third = await report(
      order.Id,
      { Description: 'The plug adapter is missing too.' },
      ann.token,
    );
    expect(third.statusCode).toBe(201);
    expect(third.json().Reference).not.toBe(added.Reference);
  });

  test('two reports at once open one case', async () => {
    const ann = await checkoutCustomer(ctx);
    const order = await shippedOrder(ctx, ann);
    const answers = await Promise.all([
      report(order.Id, { Description: MISSING }, ann.token),
      report(order.Id, { Description: 'Nothing but packaging arrived.' }, ann.token),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 201]);
    expect(await casesOf(order.Id)).toHaveLength(1);
  });

  test('before the parcel has left the UK, a report is refused and nothing is sent', async () => {
    const ann = await checkoutCustomer(ctx);
    const order = await paidBooking(ctx, ann);
    const waiting = await report(order.Id, { Description: MISSING }, ann.token);
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json().message).toBe(CASE_MESSAGES.notYet('Awaiting Parcel'));
    await receive(ctx, order.Id);
    const atDepot = await report(order.Id, { Description: MISSING }, ann.token);
    expect(atDepot.statusCode).toBe(409);
    expect(atDepot.json().message).toBe(CASE_MESSAGES.notYet('Received at Depot'));
    expect(await casesOf(order.Id)).toEqual([]);
    const acks = await ctx.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, 'missing-items'));
    expect(acks.filter((a) => a.message.to === ann.email)).toEqual([]);
  });

  test("another customer's order is not found; no token is a 401; a bad body names its field", async () => {
    const ann = await checkoutCustomer(ctx);
    const bob = await checkoutCustomer(ctx);
    const order = await shippedOrder(ctx, ann);

    const other = await report(order.Id, { Description: MISSING }, bob.token);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(ORDER_DETAIL_MESSAGES.notFound);
    expect((await report(order.Id, { Description: MISSING })).statusCode).toBe(401);
    expect(await casesOf(order.Id)).toEqual([]);

    const short = await report(order.Id, { Description: 'Missing' }, ann.token);
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual([
      { field: 'Description', error: 'must be at least 10 characters' },
    ]);
    const unknown = await report(order.Id, { Description: MISSING, Urgent: true }, ann.token);
    expect(unknown.statusCode).toBe(400);
    const badId = await report('ORD-1', { Description: MISSING }, ann.token);
    expect(badId.statusCode).toBe(400);
    expect(badId.json().errors).toEqual([expect.objectContaining({ field: 'Id' })]);
    expect(await casesOf(order.Id)).toEqual([]);
  });
});
