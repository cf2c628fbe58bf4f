import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { orderDetailResponse } from '../../src/shared/api/order-detail';
import { officeOrderDetailResponse } from '../../src/shared/api/office';
import { customerOrderSchema, type QuoteRequest } from '../../src/shared/api/orders';
import { auditLog } from '../../src/server/db/schema';
import type { InjectResponse, TestContext } from './app';
import { bearer } from './accounts';
import type { Customer } from './checkout';
import { depotCalls } from './depot';

/** The office's calls, and what the customer sees of their order. */
export function officeCalls(ctx: TestContext) {
  const { get, post } = depotCalls(ctx);
  return {
    get,
    post,
    /** The office's view of an order (fails the test on anything but 200). */
    order: async (id: number, token: string) => {
      const res = await get(`/api/admin/orders/${id}`, token);
      expect(res.statusCode, res.body).toBe(200);
      return officeOrderDetailResponse.parse(res.json());
    },
    /** The customer's own order page, as GET /public/orders/{Id} answers it. */
    customerOrder: async (id: number, customer: { token: string }) => {
      const res = await get(`/public/orders/${id}`, customer.token);
      expect(res.statusCode, res.body).toBe(200);
      return orderDetailResponse.parse(res.json());
    },
    refund: (id: number, body: unknown, token: string) =>
      post(`/api/admin/orders/${id}/refund`, body, token),
    cancel: (id: number, body: unknown, token: string) =>
      post(`/api/admin/orders/${id}/cancel`, body, token),
  };
}

/** The audit entries of a record. */
export const auditOf = (ctx: TestContext, subject: string, subjectId: number) =>
  ctx.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.subject, subject))
    .then((rows) => rows.filter((r) => r.subjectId === String(subjectId)));

/** A boxed sofa to Jersey: larger than every band, so the customer asks for a quote. */
export const SOFA: QuoteRequest = {
  size: { length: 2300, width: 1000, height: 900 },
  Weight: 85_000,
  ItemDescription: 'Three-seat sofa, boxed',
  ItemValue: 899.5,
  Island: 'Jersey',
  Notes: 'Ground floor, wide door.',
};

/** A quote the customer asked for (Quote Requested). */
export async function requestQuote(ctx: TestContext, customer: Customer) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/public/orders/createquote',
    headers: bearer(customer.token),
    payload: SOFA,
  });
  expect(res.statusCode, res.body).toBe(201);
  return customerOrderSchema.parse(res.json());
}

export const expectStatus = (res: InjectResponse, status: number) =>
  expect(res.statusCode, res.body).toBe(status);
