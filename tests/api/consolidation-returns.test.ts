// A booking in a consolidation is not returned to the retailer on its own (decision 0046): the
// box would be left waiting for a parcel that went back, and its other paid bookings stuck. The
// customer cancels the consolidation (or leaves the booking out) first. Under a race the two
// requests are served one after the other: never both.
import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { consignmentOrders, orders } from '../../src/server/db/schema';
import { consignmentReference } from '../../src/shared/consolidation';
import { RETURN_MESSAGES } from '../../src/shared/returns';
import { useTestApp } from '../support/app';
import { checkoutCustomer } from '../support/checkout';
import { consolidationCalls } from '../support/consolidation';
import { expectStatus, officeCalls } from '../support/office';
import { receive } from '../support/parcels';
import { returnCalls } from '../support/returns';

const ctx = useTestApp();
const boxes = consolidationCalls(ctx);
const returns = returnCalls(ctx);
const office = officeCalls(ctx);
const BUY = { BuyLabel: true, Reason: 'Wrong size' };
/** A parcel within band A's size: received without an excess invoice. */
const SMALL = { weightGrams: 500, lengthMm: 200, widthMm: 150, heightMm: 50 };

describe('a booking in a consolidation', () => {
  test('cannot be returned to the retailer: 409 naming the consolidation, and the page does not offer it', async () => {
    const ann = await checkoutCustomer(ctx);
    const ids = (await boxes.bookings(ann, ['A', 'A'])).map((o) => o.Id);
    for (const id of ids) await receive(ctx, id, SMALL);
    const made = await boxes.consolidate(ann, ids);
    expect((await office.customerOrder(ids[0], ann)).CanAskReturn).toBe(false);

    const res = await returns.ask(ids[0], BUY, ann.token);
    expectStatus(res, 409);
    expect(res.json().message).toBe(RETURN_MESSAGES.inConsolidation(consignmentReference(made.Id)));
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, ids[0]));
    expect(row.status).toBe('Received at Depot');

    // Cancelled, the booking may go back.
    expectStatus(
      await boxes.call('POST', `/public/consolidation/cancel/${made.Id}`, ann.token),
      200,
    );
    expect((await office.customerOrder(ids[0], ann)).CanAskReturn).toBe(true);
    expectStatus(await returns.ask(ids[0], BUY, ann.token), 201);
  });

  test('asked to go together and returned at once: never both', async () => {
    const ann = await checkoutCustomer(ctx);
    const ids = (await boxes.bookings(ann, ['A', 'A'])).map((o) => o.Id);
    for (const id of ids) await receive(ctx, id, SMALL);
    const [together, back] = await Promise.all([
      boxes.call('POST', '/public/consolidation/create', ann.token, { OrderIds: ids }),
      returns.ask(ids[0], BUY, ann.token),
    ]);
    expect([together.statusCode, back.statusCode].sort()).toEqual([201, 409]);
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, ids[0]));
    const linked = await ctx.database.db
      .select()
      .from(consignmentOrders)
      .where(eq(consignmentOrders.orderId, ids[0]));
    // Either in the box and not returned, or returned and in no box.
    expect(row.status === 'Return Requested').toBe(linked.length === 0);
  });
});
