import PDFDocument from 'pdfkit';
import type { AskReturnRequest, MarkReturnedRequest } from '../../src/shared/api/returns';
import type { TestContext } from './app';
import { bearer } from './accounts';
import { paidBooking } from './depot';
import type { Customer } from './checkout';
import { receive } from './parcels';

/** Returns to the retailer: a retailer's label as a real PDF, and the calls. */

/** A retailer's return label: a real one-page PDF with its words on it. */
export function retailerLabelPdf(words = 'ARGOS RETURNS - FREEPOST RTN-1234'): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A6', margin: 24 });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.fontSize(14).text(words);
    doc.end();
  });
}

/** A paid booking whose parcel is at the depot: Received at Depot. */
export async function orderAtDepot(ctx: TestContext, customer: Customer) {
  const order = await paidBooking(ctx, customer);
  await receive(ctx, order.Id);
  return order;
}

export function returnCalls(ctx: TestContext) {
  return {
    ask: (orderId: number, body: AskReturnRequest, token: string) =>
      ctx.post(`/public/orders/return/${orderId}`, body, bearer(token)),
    customerLabel: (orderId: number, token: string) =>
      ctx.app.inject({ url: `/public/orders/returnlabel/${orderId}`, headers: bearer(token) }),
    list: (state: 'open' | 'returned', token: string) =>
      ctx.app.inject({ url: `/api/admin/depot/returns?state=${state}`, headers: bearer(token) }),
    label: (orderId: number, token: string) =>
      ctx.app.inject({ url: `/api/admin/depot/returns/${orderId}/label`, headers: bearer(token) }),
    attach: (orderId: number, data: Buffer, fileName: string, token: string) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/admin/depot/returns/${orderId}/label`,
        headers: bearer(token),
        payload: { Label: { FileName: fileName, Data: data.toString('base64') } },
      }),
    returned: (orderId: number, body: MarkReturnedRequest, token: string) =>
      ctx.post(`/api/admin/depot/returns/${orderId}/returned`, body, bearer(token)),
  };
}
