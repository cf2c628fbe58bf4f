import { describe, expect, test } from 'vitest';
import { OFFICE_MESSAGES } from '../../src/shared/api/office';
import { officeCaseDetailResponse } from '../../src/shared/api/office-cases';
import { useTestApp } from '../support/app';
import { bearer } from '../support/accounts';
import { checkoutCustomer } from '../support/checkout';
import { expectStatus, officeCalls } from '../support/office';
import { shippedOrder } from '../support/parcels';
import { staffMember } from '../support/staff';

// GET /api/admin/cases/{Id}: the office's view of one case, with what may be refunded on its order.

const ctx = useTestApp();
const office = officeCalls(ctx);

describe('one case for the office', () => {
  test('its conversation, what may be refunded, and the refund once resolved with one', async () => {
    const staff = await staffMember(ctx, 'office');
    const ann = await checkoutCustomer(ctx);
    const order = await shippedOrder(ctx, ann);
    const opened = await ctx.post(
      `/public/orders/missing/${order.Id}`,
      { Description: 'The kettle was not in the box.' },
      bearer(ann.token),
    );
    expectStatus(opened, 201);
    const id = opened.json().Id as number;
    const view = async () => {
      const res = await office.get(`/api/admin/cases/${id}`, staff.token);
      expectStatus(res, 200);
      return officeCaseDetailResponse.parse(res.json());
    };

    const first = await view();
    const paid = (await office.order(order.Id, staff.token)).Refundable;
    expect(first).toMatchObject({
      Case: { Id: id, Status: 'Open', OrderReference: order.Reference },
      OrderStatus: 'Shipped',
      Refundable: paid,
      Refunds: [],
    });
    expect(first.Case.Messages).toEqual([
      expect.objectContaining({ From: 'customer', Body: 'The kettle was not in the box.' }),
    ]);

    expectStatus(
      await office.post(`/api/admin/cases/${id}/resolve`, { Refund: 1.5 }, staff.token),
      200,
    );
    const after = await view();
    expect(after.Case.Status).toBe('Resolved');
    expect(after.Refundable).toBeCloseTo(paid - 1.5, 2);
    expect(after.Refunds).toEqual([
      expect.objectContaining({ Amount: 1.5, Status: 'succeeded', Staff: 'office' }),
    ]);
  });

  test('an unknown case is a 404', async () => {
    const staff = await staffMember(ctx, 'office');
    const res = await office.get('/api/admin/cases/999999', staff.token);
    expectStatus(res, 404);
    expect(res.json().message).toBe(OFFICE_MESSAGES.noSuchCase);
  });
});
