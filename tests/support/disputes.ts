import { expect } from 'vitest';
import { orderCaseSchema } from '../../src/shared/api/cases';
import { checkoutResponse } from '../../src/shared/api/checkout';
import {
  officeCaseDetailResponse,
  type DecideDisputeRequest,
} from '../../src/shared/api/office-cases';
import type { TestContext } from './app';
import { bearer } from './accounts';
import { checkoutCalls, type Customer } from './checkout';
import { depotCalls, measured, paidBooking } from './depot';

/**
 * Disputes of a re-measure: a band A booking (£6.95) received 1 mm too long, so the
 * depot raises an excess-carriage invoice of £3.00 (band B) and holds it; the customer's and the
 * office's calls on it.
 */
export async function excessInvoice(ctx: TestContext, customer: Customer, depotToken: string) {
  const order = await paidBooking(ctx, customer, 'A');
  const received = await depotCalls(ctx).received(
    measured({ OrderId: order.Id, LengthCm: 35.1, WidthCm: 25, HeightCm: 16, WeightKg: 5 }),
    depotToken,
  );
  expect(received.Invoice).toMatchObject({ Amount: 3, Kind: 'excess', Status: 'unpaid' });
  return { order, invoice: received.Invoice!, parcel: received.Parcel };
}

/** Pays an invoice with the sandbox card, as the customer does. */
export async function payInvoice(ctx: TestContext, customer: Customer, invoiceId: number) {
  const started = await ctx.post(
    `/public/payment/additional/${invoiceId}`,
    undefined,
    bearer(customer.token),
  );
  expect(started.statusCode, started.body).toBe(201);
  const paid = await checkoutCalls(ctx).payWithCard(
    checkoutResponse.parse(started.json()),
    '4242424242424242',
  );
  expect(paid.statusCode).toBe(303);
}

export const disputeCalls = (ctx: TestContext) => ({
  dispute: (invoiceId: number, customer: { token: string }, Message = disputeMessage) =>
    ctx.post(`/public/orders/dispute/${invoiceId}`, { Message }, bearer(customer.token)),
  /** Disputes and answers the case (fails the test on anything but 201). */
  disputed: async (invoiceId: number, customer: { token: string }) => {
    const res = await ctx.post(
      `/public/orders/dispute/${invoiceId}`,
      { Message: disputeMessage },
      bearer(customer.token),
    );
    expect(res.statusCode, res.body).toBe(201);
    return orderCaseSchema.parse(res.json());
  },
  caseDetail: async (caseId: number, token: string) => {
    const res = await ctx.app.inject({ url: `/api/admin/cases/${caseId}`, headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    return officeCaseDetailResponse.parse(res.json());
  },
  remeasure: (caseId: number, body: unknown, token: string) =>
    ctx.post(`/api/admin/cases/${caseId}/remeasure`, body, bearer(token)),
  decide: (caseId: number, body: DecideDisputeRequest | Record<string, unknown>, token: string) =>
    ctx.post(`/api/admin/cases/${caseId}/decide`, body, bearer(token)),
  remind: (invoiceId: number, token: string) =>
    ctx.post(`/api/admin/invoices/${invoiceId}/remind`, undefined, bearer(token)),
});

export const disputeMessage = 'The parcel was 35 cm long when it left the shop, I measured it.';
