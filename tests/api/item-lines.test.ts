// Item lines: a booking's goods line by line, given by the customer at booking, seen on
// their order, completed or corrected by the depot at receipt, every change in the audit log.
import { and, eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { checkoutResponse } from '../../src/shared/api/checkout';
import { orderItemLinesResponse } from '../../src/shared/api/item-lines';
import { orderDetailResponse } from '../../src/shared/api/order-detail';
import { ITEM_LINE_MESSAGES } from '../../src/shared/item-lines';
import { MESSAGES } from '../../src/shared/validation/messages';
import { auditLog } from '../../src/server/db/schema';
import { useTestApp } from '../support/app';
import { bearer, registerCustomer } from '../support/accounts';
import { band, booking, checkoutCalls, checkoutCustomer } from '../support/checkout';
import { paidBooking } from '../support/depot';
import { dispatch, receive } from '../support/parcels';
import { staffMember } from '../support/staff';

const ctx = useTestApp();
const checkout = checkoutCalls(ctx);

const KETTLE = {
  Description: 'Electric kettle',
  Quantity: 1,
  ValueEach: 49.99,
  Origin: 'CN',
  CommodityCode: '8516 10 80',
};
const TOASTER = { Description: 'Toaster', Quantity: 2, ValueEach: 20, Origin: 'gb' };

const detail = async (token: string, id: number) => {
  const res = await ctx.app.inject({ url: `/public/orders/${id}`, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return orderDetailResponse.parse(res.json()).Order;
};
const linesUrl = (id: number) => `/api/admin/depot/orders/${id}/item-lines`;
const putLines = (id: number, body: unknown, token?: string) =>
  ctx.app.inject({
    method: 'PUT',
    url: linesUrl(id),
    headers: token ? bearer(token) : {},
    payload: body as object,
  });
const auditOf = (orderId: number) =>
  ctx.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subject, 'Order'), eq(auditLog.subjectId, String(orderId))));

describe('booking with item lines', () => {
  test('the customer lists the goods; their order shows each line and its total', async () => {
    const customer = await checkoutCustomer(ctx);
    const product = await band(ctx, 'C');
    const res = await checkout.checkout(customer, [
      booking(product.id, {
        ItemValue: 89.99,
        ItemLines: [KETTLE, TOASTER],
        RetailerDeliveryCharge: 4.95,
      }),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const [order] = checkoutResponse.parse(res.json()).Orders;
    const seen = await detail(customer.token, order.Id);
    // the fields of docs/requirements.md §3 stay as booked
    expect(seen.ItemDescription).toBe('Kettle and toaster');
    expect(seen.ItemValue).toBe(89.99);
    expect(seen.RetailerDeliveryCharge).toBe(4.95);
    expect(seen.ItemLines).toEqual([
      {
        Description: 'Electric kettle',
        Quantity: 1,
        ValueEach: 49.99,
        Origin: 'CN',
        CommodityCode: '85161080',
        Total: 49.99,
      },
      {
        Description: 'Toaster',
        Quantity: 2,
        ValueEach: 20,
        Origin: 'GB',
        CommodityCode: '',
        Total: 40,
      },
    ]);
  });

  test('item lines are optional: a booking without them has none', async () => {
    const customer = await checkoutCustomer(ctx);
    const order = await paidBooking(ctx, customer);
    const seen = await detail(customer.token, order.Id);
    expect(seen.ItemLines).toEqual([]);
    expect(seen.RetailerDeliveryCharge).toBe(0);
  });

  test('lines that do not add up to the declared value are refused, saying by how much', async () => {
    const customer = await checkoutCustomer(ctx);
    const product = await band(ctx, 'C');
    const res = await checkout.checkout(customer, [
      booking(product.id, { ItemValue: 100, ItemLines: [KETTLE, TOASTER] }),
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { field: 'Orders.0.ItemLines', error: ITEM_LINE_MESSAGES.total(8999, 10000) },
    ]);
    expect(ITEM_LINE_MESSAGES.total(8999, 10000)).toBe(
      'The item lines add up to £89.99, not the declared value of £100.00',
    );
  });

  test('each field of a line is checked with the shared rules, the field named', async () => {
    const customer = await checkoutCustomer(ctx);
    const product = await band(ctx, 'C');
    const cases: [Record<string, unknown>, string, string][] = [
      [{ Description: 'TV' }, 'Description', MESSAGES.minLength(3)],
      [{ Quantity: 0 }, 'Quantity', MESSAGES.positiveWholeNumber],
      [{ Quantity: 1.5 }, 'Quantity', MESSAGES.positiveWholeNumber],
      [{ ValueEach: 0 }, 'ValueEach', MESSAGES.greaterThanZero],
      [{ ValueEach: 1.234 }, 'ValueEach', 'Enter an amount in pounds and pence, e.g. 24.99'],
      [{ Origin: 'XX' }, 'Origin', ITEM_LINE_MESSAGES.origin],
      [{ Origin: '' }, 'Origin', MESSAGES.required],
      [{ CommodityCode: '12345' }, 'CommodityCode', ITEM_LINE_MESSAGES.commodityCode],
    ];
    for (const [change, field, error] of cases) {
      const res = await checkout.checkout(customer, [
        booking(product.id, { ItemValue: 49.99, ItemLines: [{ ...KETTLE, ...change }] }),
      ]);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().errors, field).toContainEqual({
        field: `Orders.0.ItemLines.0.${field}`,
        error,
      });
    }
    const many = await checkout.checkout(customer, [
      booking(product.id, {
        ItemValue: 51 * 49.99,
        ItemLines: Array.from({ length: 51 }, () => KETTLE),
      }),
    ]);
    expect(many.statusCode).toBe(400);
    expect(many.json().errors).toContainEqual({
      field: 'Orders.0.ItemLines',
      error: ITEM_LINE_MESSAGES.tooMany,
    });
  });
});

describe('the depot completes and corrects item lines at receipt', () => {
  test('only staff who receive parcels may read or change them', async () => {
    const customer = await checkoutCustomer(ctx);
    const order = await paidBooking(ctx, customer);
    const body = { ItemLines: [{ ...KETTLE, ValueEach: 89.99 }] };
    expect((await ctx.app.inject({ url: linesUrl(order.Id) })).statusCode).toBe(401);
    expect((await putLines(order.Id, body)).statusCode).toBe(401);
    const other = await registerCustomer(ctx);
    for (const token of [customer.token, other.token]) {
      expect(
        (await ctx.app.inject({ url: linesUrl(order.Id), headers: bearer(token) })).statusCode,
      ).toBe(403);
      expect((await putLines(order.Id, body, token)).statusCode).toBe(403);
    }
    const depot = await staffMember(ctx, 'depot');
    expect((await putLines(999_999, body, depot.token)).statusCode).toBe(404);
  });

  test('staff add the lines from the retailer’s invoice, then correct one; each change audited', async () => {
    const customer = await checkoutCustomer(ctx);
    const order = await paidBooking(ctx, customer); // declared £89.99, no lines
    await receive(ctx, order.Id);
    const depot = await staffMember(ctx, 'depot');

    const empty = await ctx.app.inject({ url: linesUrl(order.Id), headers: bearer(depot.token) });
    expect(empty.statusCode).toBe(200);
    expect(orderItemLinesResponse.parse(empty.json())).toMatchObject({
      Reference: order.Reference,
      ItemValue: 89.99,
      ItemLines: [],
      LinesTotal: 0,
      Mismatch: null,
    });

    const added = await putLines(order.Id, { ItemLines: [KETTLE, TOASTER] }, depot.token);
    expect(added.statusCode, added.body).toBe(200);
    expect(orderItemLinesResponse.parse(added.json())).toMatchObject({
      LinesTotal: 89.99,
      Mismatch: null,
    });

    // the invoice shows the toasters at £19.50 each and the total £88.99
    const corrected = await putLines(
      order.Id,
      { ItemLines: [KETTLE, { ...TOASTER, ValueEach: 19.5 }], ItemValue: 88.99 },
      depot.token,
    );
    expect(corrected.statusCode, corrected.body).toBe(200);
    const seen = await detail(customer.token, order.Id);
    expect(seen.ItemValue).toBe(88.99);
    expect(seen.ItemLines.map((l) => [l.Description, l.Quantity, l.ValueEach, l.Total])).toEqual([
      ['Electric kettle', 1, 49.99, 49.99],
      ['Toaster', 2, 19.5, 39],
    ]);

    const entries = await auditOf(order.Id);
    expect(entries.map((e) => [e.action, e.actorId])).toEqual([
      ['add item lines', depot.user.id],
      ['correct item lines', depot.user.id],
    ]);
    expect(entries[0].before).toEqual({ ItemValue: '£89.99' });
    expect(entries[1].before).toMatchObject({ 'Line 2': '2 × Toaster @ £20.00, GB' });
    expect(entries[1].after).toMatchObject({
      ItemValue: '£88.99',
      'Line 1': '1 × Electric kettle @ £49.99, CN, 85161080',
      'Line 2': '2 × Toaster @ £19.50, GB',
    });
  });

  test('lines that do not add up are refused and nothing changes', async () => {
    const customer = await checkoutCustomer(ctx);
    const order = await paidBooking(ctx, customer);
    const depot = await staffMember(ctx, 'depot');
    const res = await putLines(order.Id, { ItemLines: [KETTLE] }, depot.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { field: 'ItemLines', error: ITEM_LINE_MESSAGES.total(4999, 8999) },
    ]);
    const none = await putLines(order.Id, { ItemLines: [] }, depot.token);
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toEqual([
      { field: 'ItemLines', error: 'Enter at least one item line' },
    ]);
    expect((await detail(customer.token, order.Id)).ItemLines).toEqual([]);
    expect(await auditOf(order.Id)).toEqual([]);
  });

  test('once the parcel has left the UK its lines can no longer be changed', async () => {
    const customer = await checkoutCustomer(ctx);
    const order = await paidBooking(ctx, customer);
    await receive(ctx, order.Id);
    await dispatch(ctx, order.Id);
    const depot = await staffMember(ctx, 'depot');
    const res = await putLines(order.Id, { ItemLines: [KETTLE, TOASTER] }, depot.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      `${order.Reference} is Shipped: its item lines can no longer be changed.`,
    );
  });
});
