// A consolidated box's customs paperwork as a whole (docs/decisions/0040
// and 0041): one CN22 or CN23 for the box, chosen by the total declared value of every order in
// it, listing every item of all its parcels under the box's consignment number, read back from
// the PDF; the sailing's data file lists the same items under that number; and the box's
// bookings are valued together for island GST, the customer told in the dispatch e-mail.
import { describe, expect, test } from 'vitest';
import type { Consignment, StaffConsignment } from '../../src/shared/api/consolidation';
import type { ItemLineInput } from '../../src/shared/api/item-lines';
import { CUSTOMS_DATA_COLUMNS } from '../../src/shared/customs';
import { bearer, waitForMail } from '../support/accounts';
import { useTestApp } from '../support/app';
import { checkoutCustomer, type Customer } from '../support/checkout';
import { paidBooking } from '../support/depot';
import { receive } from '../support/parcels';
import { parseCsv } from '../support/csv';
import { pdfText } from '../support/pdf';
import { staffMember } from '../support/staff';

const ctx = useTestApp();
const today = () => new Date().toISOString().slice(0, 10);

const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

const line = (
  Description: string,
  Quantity: number,
  ValueEach: number,
  more: Partial<ItemLineInput> = {},
): ItemLineInput => ({
  Description,
  Quantity,
  ValueEach,
  Origin: 'GB',
  CommodityCode: '',
  ...more,
});

/** Band A bookings with these item lines, paid, consolidated, received, repacked and measured. */
async function measuredBox(customer: Customer, goods: ItemLineInput[][], token: string) {
  const booked = [];
  for (const lines of goods) {
    booked.push(
      await paidBooking(ctx, customer, 'A', {
        ItemDescription: lines[0].Description,
        ItemValue: lines.reduce((sum, l) => sum + l.Quantity * l.ValueEach, 0),
        ItemCount: lines.reduce((n, l) => n + l.Quantity, 0),
        ItemLines: lines,
      }),
    );
  }
  const made = await call('POST', '/public/consolidation/create', customer.token, {
    OrderIds: booked.map((o) => o.Id),
  });
  expect(made.statusCode, made.body).toBe(201);
  const box = made.json() as Consignment;
  for (const order of booked) {
    await receive(ctx, order.Id, { weightGrams: 1000, lengthMm: 300, widthMm: 200, heightMm: 100 });
  }
  const base = `/api/admin/depot/consignments/${box.Id}`;
  expect((await call('POST', `${base}/repack`, token)).statusCode).toBe(200);
  const measured = await call('POST', `${base}/measure`, token, {
    WeightKg: 3,
    LengthCm: 34,
    WidthCm: 24,
    HeightCm: 15,
  });
  expect(measured.statusCode, measured.body).toBe(200);
  return { box, booked, base };
}

describe('a consolidated box’s customs paperwork', () => {
  test('over the limit together: one CN23 listing every item of all its parcels, and the data file’s rows under its number', async () => {
    const depot = await staffMember(ctx, 'office'); // the box gives money back: the office's (decision 0046)
    const ann = await checkoutCustomer(ctx);
    // each booking alone would be a CN22 (£150.00 and £130.00); the box, £280.00, a CN23
    const { box, booked, base } = await measuredBox(
      ann,
      [
        [line('Hiking boots', 1, 120, { CommodityCode: '640391' }), line('Gaiters', 2, 15)],
        [line('Rain jacket', 1, 130, { Origin: 'VN' })],
      ],
      depot.token,
    );
    const before = await call('GET', `${base}/customs.pdf`, depot.token);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.headers['x-customs-form']).toBe('CN23');
    expect(before.headers['content-disposition']).toContain(`CN23-${box.Reference}.pdf`);

    const sent = await call('POST', `${base}/dispatch`, depot.token, {
      SailingDate: today(),
      Carrier: 'jersey-post',
      TrackingNumber: 'JP777000280GB',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect((sent.json() as StaffConsignment).Status).toBe('dispatched');

    const form = await call('GET', `${base}/customs.pdf`, depot.token);
    expect(form.statusCode).toBe(200);
    const text = await pdfText(form.rawPayload);
    expect(text).toContain('CUSTOMS DECLARATION CN 23');
    expect(text).not.toContain('CN 22');
    for (const expected of [
      `Consolidation ${box.Reference}`,
      `Orders ${booked[0].Reference}, ${booked[1].Reference}`,
      'Hiking boots',
      '£120.00',
      '640391',
      'Gaiters',
      '£30.00',
      'Rain jacket',
      '£130.00',
      'Vietnam (VN)',
      '£280.00',
      '3.000 kg',
      'JP777000280GB',
    ]) {
      expect(text).toContain(expected);
    }

    const csv = await call(
      'GET',
      `/api/admin/depot/sailings/customs-data.csv?SailingDate=${today()}&Carrier=jersey-post`,
      depot.token,
    );
    expect(csv.statusCode, csv.body).toBe(200);
    const [header, ...rows] = parseCsv(csv.body);
    expect(header).toEqual([...CUSTOMS_DATA_COLUMNS]);
    const col = (name: (typeof CUSTOMS_DATA_COLUMNS)[number]) => CUSTOMS_DATA_COLUMNS.indexOf(name);
    const boxRows = rows.filter((r) => r[col('Consignment')] === 'JP777000280GB');
    expect(
      boxRows.map((r) => [r[col('Order')], r[col('Description')], r[col('Value GBP')]]),
    ).toEqual([
      [booked[0].Reference, 'Hiking boots', '120.00'],
      [booked[0].Reference, 'Gaiters', '30.00'],
      [booked[1].Reference, 'Rain jacket', '130.00'],
    ]);
  });

  test('under the limit together: one CN22; its bookings valued together for GST, the customer told', async () => {
    const depot = await staffMember(ctx, 'office'); // the box gives money back: the office's (decision 0046)
    const ann = await checkoutCustomer(ctx);
    // goods £30.00 and £25.00, each with band A's carriage under £60; together over it
    const { box, booked, base } = await measuredBox(
      ann,
      [[line('Scented candle', 2, 15)], [line('Tea towels', 1, 25)]],
      depot.token,
    );
    const form = await call('GET', `${base}/customs.pdf`, depot.token);
    expect(form.statusCode, form.body).toBe(200);
    expect(form.headers['x-customs-form']).toBe('CN22');
    const text = await pdfText(form.rawPayload);
    expect(text).toContain('CUSTOMS DECLARATION CN 22');
    for (const expected of ['Scented candle', 'Tea towels', '£55.00', box.Reference]) {
      expect(text).toContain(expected);
    }

    const sent = await call('POST', `${base}/dispatch`, depot.token, {
      SailingDate: today(),
      Carrier: 'condor-freight',
      TrackingNumber: 'CF880055JE',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const mail = await waitForMail(ctx, { to: ann.email, kind: 'consolidation-dispatched' });
    expect(mail.text).toContain(
      `${booked[0].Reference} and ${booked[1].Reference} reach Jersey on the same sailing, so they are valued together`,
    );
    expect(mail.text).toContain('at or over the £60.00 threshold');
  });

  test('a box whose order has no item lines has no declaration; an unknown box none either', async () => {
    const depot = await staffMember(ctx, 'depot');
    const ann = await checkoutCustomer(ctx);
    const { booked, base } = await measuredBox(
      ann,
      [[line('Desk lamp', 1, 40)], [line('Bulbs', 4, 2.5)]],
      depot.token,
    );
    await ctx.database.db.execute(`delete from order_item_lines where order_id = ${booked[1].Id}`);
    const refused = await call('GET', `${base}/customs.pdf`, depot.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain(`${booked[1].Reference} cannot be dispatched`);
    const unknown = await call(
      'GET',
      '/api/admin/depot/consignments/999999/customs.pdf',
      depot.token,
    );
    expect(unknown.statusCode).toBe(404);
    const customer = await call('GET', `${base}/customs.pdf`, ann.token);
    expect(customer.statusCode).toBe(403);
  });
});
