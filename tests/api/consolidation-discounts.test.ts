// A box's refund over bookings one of which was paid with a discount (decision 0046): each
// booking gives back at most what is left of what was paid for it, so the order of the bookings
// does not decide whether the box can leave.
import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { checkoutResponse } from '../../src/shared/api/checkout';
import { discountCodes, orders } from '../../src/server/db/schema';
import { itemiseFromBooking } from '../../src/server/modules/orders/item-lines';
import { useTestApp } from '../support/app';
import { band, booking, checkoutCalls, checkoutCustomer, type Customer } from '../support/checkout';
import { consolidationCalls } from '../support/consolidation';
import { paidBooking } from '../support/depot';
import { orderRefundsBothSides } from '../support/money';
import { expectStatus } from '../support/office';
import { staffMember } from '../support/staff';

const ctx = useTestApp();
const calls = checkoutCalls(ctx);
const boxes = consolidationCalls(ctx);
/** One crossing in band A: smaller than either booking's declared box. */
const SMALL_BOX = { WeightKg: 1, LengthCm: 20, WidthCm: 15, HeightCm: 10 };

/** A band A booking paid with a discount code taking `pence` off it. */
async function discountedBooking(customer: Customer, code: string, pence: number) {
  await ctx.database.db.insert(discountCodes).values({ code, kind: 'fixed', amountPence: pence });
  const a = await band(ctx, 'A');
  const res = await calls.checkout(customer, [booking(a.id)], { DiscountCode: code });
  expectStatus(res, 201);
  const result = checkoutResponse.parse(res.json());
  expect((await calls.payWithCard(result, '4242424242424242')).statusCode).toBe(303);
  return result.Orders[0];
}

describe.each([
  ['first', true],
  ['second', false],
])('a box whose %s booking used a discount code', (_, discountedFirst) => {
  test('is dispatched, its refund within what each booking has left; ours and the provider’s agree', async () => {
    const office = await staffMember(ctx, 'office');
    const ann = await checkoutCustomer(ctx);
    const code = `BOX${discountedFirst ? 'ONE' : 'TWO'}${Date.now().toString(36).toUpperCase()}`;
    const plain = async () => paidBooking(ctx, ann, 'A');
    const discounted = async () => discountedBooking(ann, code, 600);
    const list = discountedFirst
      ? [await discounted(), await plain()]
      : [await plain(), await discounted()];
    const ids = list.map((o) => o.Id);
    await ctx.database.db.transaction((tx) => itemiseFromBooking(tx, ids));
    const made = await boxes.consolidate(ann, ids);
    const box = await boxes.measured(made.Id, ids, office.token, SMALL_BOX);
    const back = -Math.round(box.Final!.Difference * 100);
    expect(back).toBeGreaterThan(0);

    const sent = await boxes.dispatch(made.Id, office.token);
    expectStatus(sent, 200);
    expect(sent.json()).toMatchObject({ Status: 'dispatched', Refunded: back / 100 });
    let total = 0;
    for (const id of ids) {
      const [order] = await ctx.database.db.select().from(orders).where(eq(orders.id, id));
      const sides = await orderRefundsBothSides(ctx, id);
      expect(sides.provider).toEqual(sides.ours);
      const given = sides.ours.reduce((s, p) => s + p, 0);
      expect(given).toBeLessThanOrEqual(order.totalPence - order.discountPence);
      total += given;
    }
    expect(total).toBe(back);
  });
});
