// The customs paperwork (docs/decisions/0040): each parcel's CN22 or CN23 read back
// from its PDF on each side of the £270 limit, the carrier's electronic data file of a sailing read
// back row by row (a consignment holding two orders lists all their items), a parcel whose item
// lines are missing or do not add up refused at dispatch with the reason, the export certificate
// listing every item line, the retailer's order date, the sailing and the consignment number, and
// the leave-by date with its one warning e-mail on the app's clock.
import { extractText, getDocumentProxy } from 'unpdf';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, test } from 'vitest';
import { depotParcelSchema } from '../../src/shared/api/depot';
import { dispatchResponse, sailingsResponse } from '../../src/shared/api/depot-dispatch';
import type { ItemLineInput } from '../../src/shared/api/item-lines';
import { orderDetailResponse } from '../../src/shared/api/order-detail';
import { CUSTOMS_DATA_COLUMNS, DEFAULT_CUSTOMS_RULES } from '../../src/shared/customs';
import { mailOutbox, orders } from '../../src/server/db/schema';
import { sendEvidenceWarnings } from '../../src/server/modules/depot/evidence';
import { useTestApp } from '../support/app';
import { parseCsv } from '../support/csv';
import { pdfText } from '../support/pdf';
import { bearer } from '../support/accounts';
import { depotCalls, depotCustomer, measured, paidBooking } from '../support/depot';
import { staffMember } from '../support/staff';

const ctx = useTestApp();
const depot = depotCalls(ctx);
const today = () => new Date().toISOString().slice(0, 10);

afterEach(() => ctx.app.clock.set(null));

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

type Customer = Awaited<ReturnType<typeof depotCustomer>>;

/** A paid booking of band C with these lines (and value), received at the depot. */
async function receivedWith(
  customer: Customer,
  token: string,
  ItemValue: number,
  ItemLines: ItemLineInput[],
  more: Record<string, unknown> = {},
) {
  const order = await paidBooking(ctx, customer, 'C', {
    ItemDescription: ItemLines[0]?.Description ?? 'Household goods',
    ItemValue,
    ItemCount: ItemLines.reduce((n, l) => n + l.Quantity, 0) || 1,
    ItemLines,
    ...more,
  });
  const received = await depot.received(
    measured({ OrderId: order.Id, WeightKg: 3, Photos: [] }),
    token,
  );
  return { order, parcel: received.Parcel };
}

const dispatch = (body: unknown, token: string) =>
  depot.post('/api/admin/depot/dispatch', body, token);
const customsPdf = (parcelId: number, token: string) =>
  depot.get(`/api/admin/depot/parcels/${parcelId}/customs.pdf`, token);

describe('CN22 and CN23', () => {
  test('up to £270 a CN22, above it a CN23, each listing every item line; the data file has a row per item', async () => {
    const staff = await staffMember(ctx, 'depot');
    const ann = await depotCustomer(ctx);
    // exactly the limit: CN22
    const small = await receivedWith(ann, staff.token, 270, [
      line('Leather walking boots', 1, 180, { CommodityCode: '6403 91' }),
      line('Wool socks', 3, 30, { Origin: 'PT' }),
    ]);
    // a penny over: CN23
    const large = await receivedWith(ann, staff.token, 270.01, [
      line('Espresso machine', 1, 250.01, { Origin: 'IT', CommodityCode: '85167100' }),
      line('Descaler, "eco", 2 pack', 2, 10),
    ]);
    expect(small.parcel.CustomsForm).toBe('CN22');
    expect(large.parcel.CustomsForm).toBe('CN23');
    expect(small.parcel.CustomsProblem).toBeNull();

    const before = await customsPdf(small.parcel.Id, staff.token);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.headers['content-type']).toBe('application/pdf');
    expect(before.headers['content-disposition']).toContain(`CN22-${small.order.Reference}.pdf`);

    // both leave on one sailing; a third order shares the large one's consignment (consolidated)
    const third = await receivedWith(ann, staff.token, 15, [line('Phone case', 1, 15)]);
    const carrier = 'jersey-post';
    const res = await dispatch(
      {
        SailingDate: today(),
        Carrier: carrier,
        Parcels: [
          { OrderId: small.order.Id, TrackingNumber: 'JP000000022GB' },
          { OrderId: large.order.Id, TrackingNumber: 'JP000000023GB' },
          { OrderId: third.order.Id, TrackingNumber: 'JP000000023GB' },
        ],
      },
      staff.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(dispatchResponse.parse(res.json()).Parcels).toHaveLength(3);

    const cn22 = await pdfText((await customsPdf(small.parcel.Id, staff.token)).rawPayload);
    expect(cn22).toContain('CUSTOMS DECLARATION CN 22');
    expect(cn22).not.toContain('CN 23');
    for (const text of [
      'Leather walking boots',
      '£180.00',
      'Wool socks',
      '£90.00',
      '640391',
      'PT',
      '£270.00',
      'JP000000022GB',
      small.order.Reference,
      '[X] Sale of goods',
    ]) {
      expect(cn22).toContain(text);
    }
    // printed together at dispatch: the label's page, then the form's
    const both = await depot.get(
      `/api/admin/depot/parcels/${large.parcel.Id}/label-and-customs.pdf`,
      staff.token,
    );
    expect(both.statusCode, both.body).toBe(200);
    const pages = await getDocumentProxy(new Uint8Array(both.rawPayload));
    expect(pages.numPages).toBe(2);
    const [labelPage, formPage] = (await extractText(pages)).text;
    expect(labelPage).toContain(large.order.Reference);
    expect(labelPage).toContain('Jersey');
    expect(formPage).toContain('CUSTOMS DECLARATION CN 23');
    expect(formPage).toContain('Espresso machine');
    const cn23Res = await customsPdf(large.parcel.Id, staff.token);
    expect(cn23Res.headers['content-disposition']).toContain(`CN23-${large.order.Reference}.pdf`);
    const cn23 = await pdfText(cn23Res.rawPayload);
    expect(cn23).toContain('CUSTOMS DECLARATION CN 23');
    for (const text of [
      'Espresso machine',
      '£250.01',
      'Italy (IT)',
      '85167100',
      'Descaler, "eco", 2 pack',
      '£20.00',
      '£270.01',
      'JP000000023GB',
      'Ann',
    ]) {
      expect(cn23).toContain(text);
    }

    // the sailing is listed, and its data file has one row per item line, keyed by consignment
    const sailings = sailingsResponse.parse(
      (await depot.get('/api/admin/depot/sailings', staff.token)).json(),
    );
    expect(sailings.Sailings).toContainEqual({
      SailingDate: today(),
      Carrier: carrier,
      Parcels: expect.any(Number),
    });
    const csv = await depot.get(
      `/api/admin/depot/sailings/customs-data.csv?SailingDate=${today()}&Carrier=${carrier}`,
      staff.token,
    );
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain(`customs-data-${today()}-${carrier}.csv`);
    const [header, ...rows] = parseCsv(csv.body);
    expect(header).toEqual([...CUSTOMS_DATA_COLUMNS]);
    const col = (name: (typeof CUSTOMS_DATA_COLUMNS)[number]) => CUSTOMS_DATA_COLUMNS.indexOf(name);
    const ours = rows.filter((r) =>
      [small, large, third].some((o) => r[col('Order')] === o.order.Reference),
    );
    expect(ours).toHaveLength(5);
    const boots = ours.find((r) => r[col('Description')] === 'Leather walking boots')!;
    expect(boots[col('Consignment')]).toBe('JP000000022GB');
    expect(boots[col('Quantity')]).toBe('1');
    expect(boots[col('Value GBP')]).toBe('180.00');
    expect(boots[col('Commodity code')]).toBe('640391');
    expect(boots[col('Origin')]).toBe('GB');
    expect(boots[col('Sender')]).toBe(ctx.config.brand);
    expect(boots[col('Consignee')]).toBe('Ann Le Brocq');
    // the weight of a parcel is shared among its lines by value: 3 kg as 2 kg and 1 kg
    expect(
      ours.filter((r) => r[col('Order')] === small.order.Reference).map((r) => r[col('Weight kg')]),
    ).toEqual(['2.000', '1.000']);
    // one consignment, two orders, all three items
    const consolidated = ours.filter((r) => r[col('Consignment')] === 'JP000000023GB');
    expect(consolidated.map((r) => [r[col('Order')], r[col('Description')]])).toEqual([
      [large.order.Reference, 'Espresso machine'],
      [large.order.Reference, 'Descaler, "eco", 2 pack'],
      [third.order.Reference, 'Phone case'],
    ]);
    expect(consolidated[1][col('Value each GBP')]).toBe('10.00');
    expect(consolidated[1][col('Value GBP')]).toBe('20.00');

    // another day's sailing has nothing
    const none = await depot.get(
      `/api/admin/depot/sailings/customs-data.csv?SailingDate=2020-01-01&Carrier=${carrier}`,
      staff.token,
    );
    expect(none.statusCode).toBe(404);
    const bad = await depot.get(
      '/api/admin/depot/sailings/customs-data.csv?SailingDate=soon&Carrier=ferry',
      staff.token,
    );
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['Carrier', 'SailingDate']);
  });

  test('the limit is a setting; a description a spreadsheet would run is kept as text', async () => {
    const staff = await staffMember(ctx, 'depot');
    const ann = await depotCustomer(ctx);
    const { parcel } = await receivedWith(ann, staff.token, 50, [
      line('=HYPERLINK("x") gadget', 1, 50),
    ]);
    expect(parcel.CustomsForm).toBe('CN22');
    await ctx.database.db.execute(
      `update settings set value = '4000' where category = 'Customs' and name = 'Cn22LimitPence'`,
    );
    try {
      const now = depotParcelSchema.parse(
        (await depot.get(`/api/admin/depot/parcels/${parcel.Id}`, staff.token)).json(),
      );
      expect(now.CustomsForm).toBe('CN23');
    } finally {
      await ctx.database.db.execute(
        `update settings set value = '${DEFAULT_CUSTOMS_RULES.cn22LimitPence}' where category = 'Customs' and name = 'Cn22LimitPence'`,
      );
    }
    const res = await dispatch(
      {
        SailingDate: today(),
        Carrier: 'condor-freight',
        Parcels: [{ OrderId: parcel.OrderId, TrackingNumber: `CF${parcel.Id}X` }],
      },
      staff.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    const csv = await depot.get(
      `/api/admin/depot/sailings/customs-data.csv?SailingDate=${today()}&Carrier=condor-freight`,
      staff.token,
    );
    expect(csv.body).toContain(`"'=HYPERLINK(""x"") gadget"`);
  });
});

describe('dispatch is refused without item lines that add up', () => {
  test('no item lines: 409 saying so, nothing leaves; lines that do not add up: 409 with the sums', async () => {
    const staff = await staffMember(ctx, 'depot');
    const ann = await depotCustomer(ctx);
    const bare = await receivedWith(ann, staff.token, 89.99, []);
    const fine = await receivedWith(ann, staff.token, 20, [line('Scarf', 1, 20)]);
    expect(bare.parcel.CustomsProblem).toContain('has no item lines');

    const form = await customsPdf(bare.parcel.Id, staff.token);
    expect(form.statusCode).toBe(409);
    expect(form.json().message).toContain('has no item lines');

    const res = await dispatch(
      {
        SailingDate: today(),
        Carrier: 'jersey-post',
        Parcels: [
          { OrderId: fine.order.Id, TrackingNumber: 'JP1' },
          { OrderId: bare.order.Id, TrackingNumber: 'JP2' },
        ],
      },
      staff.token,
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      `${bare.order.Reference} cannot be dispatched: it has no item lines. Add them at receipt from the retailer’s invoice: the customs declaration and the carrier’s data list every item.`,
    );
    const statuses = await ctx.database.db
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .where(eq(orders.customerId, ann.id));
    expect(statuses.map((s) => s.status)).toEqual(['Received at Depot', 'Received at Depot']);

    // the declared value changed behind the lines' back (as an old booking might have it)
    await ctx.database.db
      .update(orders)
      .set({ itemValuePence: 2500 })
      .where(eq(orders.id, fine.order.Id));
    const mismatch = await dispatch(
      {
        SailingDate: today(),
        Carrier: 'jersey-post',
        Parcels: [{ OrderId: fine.order.Id, TrackingNumber: 'JP1' }],
      },
      staff.token,
    );
    expect(mismatch.statusCode).toBe(409);
    expect(mismatch.json().message).toBe(
      `${fine.order.Reference} cannot be dispatched: The item lines add up to £20.00, not the declared value of £25.00. Correct them at receipt from the retailer’s invoice.`,
    );
  });
});

describe('evidence in time', () => {
  test('the leave-by date is 3 months from the retailer order date, on the order page and the depot list (sorted by it); one warning e-mail 14 days before', async () => {
    const staff = await staffMember(ctx, 'depot');
    const ann = await depotCustomer(ctx);
    const late = await receivedWith(ann, staff.token, 40, [line('Lamp', 1, 40)], {
      RetailerOrderDate: '2026-08-31',
    });
    const early = await receivedWith(ann, staff.token, 40, [line('Rug', 1, 40)], {
      RetailerOrderDate: '2026-08-10',
    });
    const none = await receivedWith(ann, staff.token, 40, [line('Mug', 1, 40)]);
    // 31 August + 3 months: November has no 31st, so its last day
    expect(late.parcel.LeaveBy).toBe('2026-11-30');
    expect(early.parcel.LeaveBy).toBe('2026-11-10');
    expect(none.parcel.LeaveBy).toBeNull();

    const list = await depot.parcels('state=ready&sort=leave-by&itemsPerPage=100', staff.token);
    expect(list.statusCode, list.body).toBe(200);
    const ids = (list.json().items as { OrderId: number }[]).map((p) => p.OrderId);
    expect(ids.indexOf(early.order.Id)).toBeLessThan(ids.indexOf(late.order.Id));
    expect(ids.indexOf(late.order.Id)).toBeLessThan(ids.indexOf(none.order.Id));

    const detail = async () =>
      orderDetailResponse.parse(
        (
          await ctx.app.inject({
            url: `/public/orders/${late.order.Id}`,
            headers: bearer(ann.token),
          })
        ).json(),
      );
    ctx.app.clock.set(new Date('2026-11-15T10:00:00Z'));
    const calm = await detail();
    expect(calm.Order.RetailerOrderDate).toBe('2026-08-31');
    expect(calm.Order.LeaveBy).toBe('2026-11-30');
    expect(calm.LeaveBySoon).toBe(false);

    const warnings = async () =>
      (await ctx.database.db.select().from(mailOutbox)).filter(
        (r) => r.message.to === ann.email && r.message.kind === 'evidence-deadline-soon',
      );
    // 15 days before: nothing (early's own date, 10 November, is past: not warned either)
    expect(await sendEvidenceWarnings(ctx.app, new Date('2026-11-15T10:00:00Z'))).toBe(0);
    expect(await warnings()).toHaveLength(0);
    // 14 days before: one warning, for the late parcel only
    ctx.app.clock.set(new Date('2026-11-16T09:00:00Z'));
    expect(await sendEvidenceWarnings(ctx.app, new Date('2026-11-16T09:00:00Z'))).toBe(1);
    expect(await sendEvidenceWarnings(ctx.app, new Date('2026-11-20T09:00:00Z'))).toBe(0);
    const [mail] = await warnings();
    expect(mail.message.subject).toMatch(
      new RegExp(
        `^Your parcel ${late.order.Reference} must leave the UK by Monday,? 30 November 2026$`,
      ),
    );
    expect(mail.message.text).toContain('within 3 months of your order with them');
    expect((await detail()).LeaveBySoon).toBe(true);
  });

  test('the export certificate lists every item line, the retailer order number and date, the sailing and the consignment number', async () => {
    const staff = await staffMember(ctx, 'depot');
    const ann = await depotCustomer(ctx);
    const { order } = await receivedWith(
      ann,
      staff.token,
      64.5,
      [
        line('Linen shirt', 2, 25),
        line('Silk tie', 1, 14.5, { Origin: 'CN', CommodityCode: '621510' }),
      ],
      { RetailerOrderDate: '2026-11-02', RetailerOrderNumber: 'JL-778899' },
    );
    const res = await dispatch(
      {
        SailingDate: today(),
        Carrier: 'condor-freight',
        Parcels: [{ OrderId: order.Id, TrackingNumber: 'CF445566JE' }],
      },
      staff.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    const pdf = await ctx.app.inject({
      url: `/public/orders/exportcert/${order.Id}`,
      headers: bearer(ann.token),
    });
    expect(pdf.statusCode, pdf.body).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    const [y, m, d] = today().split('-');
    for (const expected of [
      'Linen shirt',
      '£25.00',
      '£50.00',
      'Silk tie',
      '£14.50',
      '621510',
      'CN',
      'JL-778899',
      '02-11-2026',
      `Condor Ferries Freight sailing of ${d}-${m}-${y}`,
      'Consignment number',
      'CF445566JE',
    ]) {
      expect(text).toContain(expected);
    }
  });
});
