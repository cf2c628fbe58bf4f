// The office's catalogue and settings: price bands, extras and discount codes
// under /api/admin/catalogue, the site settings under /api/admin/settings. Every write is
// validated by the shared schemas (a 400 names the field), audited with the record before and
// after, and seen by the public reads at once on this node: the app here caches for ten minutes,
// so a public read that changes proves the write cleared the cache.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CONTACT_SLOT } from '../../src/shared/contact';
import { NOTICE_SLOT } from '../../src/shared/notice';
import { checkoutResponse } from '../../src/shared/api/checkout';
import { auditLog } from '../../src/server/db/schema';
import { createTestApp, useTestApp, type TestContext } from '../support/app';
import { bearer, registerCustomer } from '../support/accounts';
import { band, booking, checkoutCalls, checkoutCustomer, extra } from '../support/checkout';
import { staffMember } from '../support/staff';

const ctx = useTestApp({ CACHE_TTL_MS: '600000' });

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: unknown) =>
  ctx.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const office = async () => (await staffMember(ctx, 'office')).token;

const publicBands = async () =>
  (await ctx.post('/api/products', { options: { itemsPerPage: 100 } })).json().items as {
    Code: string;
    Price: number;
    Name: string;
  }[];
const publicExtras = async () =>
  (await ctx.post('/api/orderextras', { options: { itemsPerPage: 100 } })).json().items as {
    Id: number;
    Price: number;
    Enabled: boolean;
  }[];
const publicSettings = async () =>
  Object.fromEntries(
    (
      (await call('GET', '/public/settings')).json().items as {
        Category: string;
        Name: string;
        Value: string;
      }[]
    ).map((s) => [`${s.Category}/${s.Name}`, JSON.parse(s.Value) as unknown]),
  );

const auditOf = (subject: string, subjectId: string | number) =>
  ctx.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subject, subject), eq(auditLog.subjectId, String(subjectId))));

const fieldsOf = (res: { statusCode: number; body: string; json(): unknown }) => {
  expect(res.statusCode, res.body).toBe(400);
  return (res.json() as { errors: { field: string }[] }).errors.map((e) => e.field);
};

/** Band A as the office's form holds it, with the given changes. */
async function bandA(changes: Record<string, unknown> = {}) {
  const token = await office();
  const items = (await call('GET', '/api/admin/catalogue/products', token)).json().items as {
    Id: number;
    Code: string;
  }[];
  const { Id, ...fields } = items.find((b) => b.Code === 'A')! as Record<string, unknown>;
  return { Id: Id as number, body: { ...fields, ...changes }, token };
}

describe('who may use the catalogue and the settings', () => {
  test('anonymous 401, customers and the depot 403, the office and admins in', async () => {
    const customer = await registerCustomer(ctx);
    const tokens = {
      customer: customer.token,
      depot: (await staffMember(ctx, 'depot')).token,
      office: (await staffMember(ctx, 'office')).token,
      admin: (await staffMember(ctx, 'admin')).token,
    };
    const reads = [
      '/api/admin/catalogue/products',
      '/api/admin/catalogue/extras',
      '/api/admin/catalogue/discounts',
      '/api/admin/settings',
    ];
    for (const url of reads) {
      expect((await call('GET', url)).statusCode, url).toBe(401);
      expect((await call('GET', url, tokens.customer)).statusCode, url).toBe(403);
      expect((await call('GET', url, tokens.depot)).statusCode, url).toBe(403);
      expect((await call('GET', url, tokens.office)).statusCode, url).toBe(200);
      expect((await call('GET', url, tokens.admin)).statusCode, url).toBe(200);
    }
    const notice = { Notice: { NoticeBanner: 'Depot staff wrote this' } };
    expect((await call('PUT', '/api/admin/settings', tokens.depot, notice)).statusCode).toBe(403);
    expect((await call('PUT', '/api/admin/settings', tokens.customer, notice)).statusCode).toBe(
      403,
    );
    const { Id, body } = await bandA({ Price: 1 });
    expect(
      (await call('PUT', `/api/admin/catalogue/products/${Id}`, tokens.depot, body)).statusCode,
    ).toBe(403);
    expect((await publicSettings())['Site/NoticeBanner']).not.toBe('Depot staff wrote this');
    expect((await publicBands()).find((b) => b.Code === 'A')!.Price).not.toBe(1);
  });
});

describe('price bands', () => {
  test('a new price shows on the public list at once, is audited, and paid orders keep theirs', async () => {
    // A customer books band A at its old price before the change.
    const ann = await checkoutCustomer(ctx);
    const a = await band(ctx, 'A');
    const booked = checkoutResponse.parse(
      (await checkoutCalls(ctx).checkout(ann, [booking(a.id)])).json(),
    );
    const oldPrice = a.pricePence / 100;
    expect(booked.Orders[0].Total).toBe(oldPrice);

    expect((await publicBands()).find((b) => b.Code === 'A')!.Price).toBe(oldPrice); // cached now
    const { Id, body, token } = await bandA({ Price: 7.45, Name: 'Small parcel (up to 5 kg)' });
    const res = await call('PUT', `/api/admin/catalogue/products/${Id}`, token, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ Price: 7.45, Name: 'Small parcel (up to 5 kg)', Code: 'A' });

    const shown = (await publicBands()).find((b) => b.Code === 'A')!;
    expect(shown).toMatchObject({ Price: 7.45, Name: 'Small parcel (up to 5 kg)' });
    const [entry] = await auditOf('Product', Id);
    expect(entry).toMatchObject({ action: 'update' });
    expect(entry.before).toMatchObject({ Price: oldPrice });
    expect(entry.after).toMatchObject({ Price: 7.45 });
    expect(entry.actorId).not.toBeNull();

    // The order booked before keeps what it was charged.
    const orders = (await checkoutCalls(ctx).orders(ann)).json().Orders as {
      Id: number;
      Total: number;
    }[];
    expect(orders.find((o) => o.Id === booked.Orders[0].Id)!.Total).toBe(oldPrice);
    // A new booking is charged the new price.
    const again = checkoutResponse.parse(
      (await checkoutCalls(ctx).checkout(ann, [booking(a.id)])).json(),
    );
    expect(again.Orders[0].Total).toBe(7.45);
  });

  test('each field is checked by the shared rules, and a 400 names it', async () => {
    const { Id, body, token } = await bandA();
    const audited = (await auditOf('Product', Id)).length;
    const put = (changes: Record<string, unknown>) =>
      call('PUT', `/api/admin/catalogue/products/${Id}`, token, { ...body, ...changes });
    expect(fieldsOf(await put({ Price: -3 }))).toEqual(['Price']);
    expect(fieldsOf(await put({ Price: 4.999 }))).toEqual(['Price']);
    expect(fieldsOf(await put({ Name: '  ' }))).toEqual(['Name']);
    expect(fieldsOf(await put({ Code: 'B' }))).toEqual(['Code']); // band B has it
    expect(fieldsOf(await put({ MaxWeight: 0 }))).toEqual(['MaxWeight']);
    expect(fieldsOf(await put({ Length: 2.5 }))).toEqual(['Length']);
    expect(fieldsOf(await put({ enabled: 'yes' }))).toEqual(['enabled']);
    expect(fieldsOf(await put({ Colour: 'red' }))).toContain('body');
    expect(
      (await call('PUT', '/api/admin/catalogue/products/999999', token, body)).statusCode,
    ).toBe(404);
    expect(await auditOf('Product', Id)).toHaveLength(audited);
  });

  test('a new band, private at first, reaches the public list when made public', async () => {
    const token = await office();
    const fields = {
      Name: 'Pallet',
      Code: 'p1',
      Description: 'A whole pallet.',
      Price: 199,
      SortOrder: 500,
      enabled: true,
      public: false,
      Length: 1200,
      Width: 1000,
      Height: 1500,
      MaxWeight: 300_000,
      TTLMDProductCode: 0,
    };
    await publicBands();
    const made = await call('POST', '/api/admin/catalogue/products', token, fields);
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ Code: 'P1', public: false });
    expect((await publicBands()).map((b) => b.Code)).not.toContain('P1');
    const { Id } = made.json() as { Id: number };
    await call('PUT', `/api/admin/catalogue/products/${Id}`, token, { ...fields, public: true });
    expect((await publicBands()).map((b) => b.Code)).toContain('P1');
    expect((await auditOf('Product', Id)).map((e) => e.action)).toEqual(['create', 'update']);
  });
});

describe('two office members adding the same thing at once', () => {
  test('one band or code is made, the other is told the code is taken; two extras both made', async () => {
    const token = await office();
    const band = {
      Name: 'Crate',
      Code: 'CR1',
      Description: 'A wooden crate.',
      Price: 49,
      SortOrder: 600,
      enabled: true,
      public: false,
      Length: 800,
      Width: 600,
      Height: 600,
      MaxWeight: 100_000,
      TTLMDProductCode: 0,
    };
    const bands = await Promise.all(
      [1, 2].map(() => call('POST', '/api/admin/catalogue/products', token, band)),
    );
    expect(bands.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    expect(fieldsOf(bands.find((r) => r.statusCode === 400)!)).toEqual(['Code']);

    const code = { Code: 'TWICE5', Kind: 'percent', Percent: 5 };
    const codes = await Promise.all(
      [1, 2].map(() => call('POST', '/api/admin/catalogue/discounts', token, code)),
    );
    expect(codes.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    expect(fieldsOf(codes.find((r) => r.statusCode === 400)!)).toEqual(['Code']);

    const extra = { Name: 'Same-day crate', Price: 5, SortOrder: 700, Enabled: false };
    const extras = await Promise.all(
      [1, 2].map(() => call('POST', '/api/admin/catalogue/extras', token, extra)),
    );
    expect(extras.map((r) => r.statusCode)).toEqual([201, 201]);
    expect(new Set(extras.map((r) => r.json().Id)).size).toBe(2);
  });
});

describe('extras', () => {
  test('a price and hiding an extra show in the public extras at once, audited', async () => {
    const token = await office();
    const signature = await extra(ctx, 'signature');
    await publicExtras();
    const body = {
      Name: signature.name,
      Description: signature.description,
      Price: 3.1,
      SortOrder: signature.sortOrder,
      Enabled: false,
    };
    const res = await call('PUT', `/api/admin/catalogue/extras/${signature.id}`, token, body);
    expect(res.statusCode, res.body).toBe(200);
    expect((await publicExtras()).find((e) => e.Id === signature.id)).toMatchObject({
      Price: 3.1,
      Enabled: false,
    });
    const [entry] = await auditOf('OrderExtra', signature.id);
    expect(entry.before).toMatchObject({ Price: 2.5, Enabled: true });
    expect(entry.after).toMatchObject({ Price: 3.1, Enabled: false });

    expect(
      fieldsOf(
        await call('PUT', `/api/admin/catalogue/extras/${signature.id}`, token, {
          ...body,
          Price: 0,
        }),
      ),
    ).toEqual(['Price']);
    const made = await call('POST', '/api/admin/catalogue/extras', token, {
      ...body,
      Name: 'Gift wrapping',
      Enabled: true,
    });
    expect(made.statusCode, made.body).toBe(201);
    expect((await publicExtras()).map((e) => e.Id)).toContain(made.json().Id);
  });
});

describe('discount codes', () => {
  test('made, listed with their uses, and disabled: a disabled code is refused at checkout', async () => {
    const token = await office();
    const create = (body: Record<string, unknown>) =>
      call('POST', '/api/admin/catalogue/discounts', token, body);
    expect(fieldsOf(await create({ Code: 'SPRING', Kind: 'percent' }))).toEqual(['Percent']);
    expect(fieldsOf(await create({ Code: 'SPRING', Kind: 'fixed', Percent: 5 }))).toEqual([
      'Amount',
    ]);
    expect(fieldsOf(await create({ Code: 'no', Kind: 'percent', Percent: 5 }))).toEqual(['Code']);
    expect(fieldsOf(await create({ Code: 'WELCOME10', Kind: 'percent', Percent: 5 }))).toEqual([
      'Code',
    ]);
    expect(
      fieldsOf(
        await create({
          Code: 'SPRING',
          Kind: 'percent',
          Percent: 5,
          ValidFrom: '2026-05-01',
          ValidTo: '2026-04-01',
        }),
      ),
    ).toEqual(['ValidTo']);

    const made = await create({
      Code: 'spring-5',
      Description: 'Five pounds off in spring',
      Kind: 'fixed',
      Amount: 5,
      MinSpend: 20,
      MaxUses: 100,
    });
    expect(made.statusCode, made.body).toBe(201);
    const code = made.json() as { Id: number; Code: string };
    expect(code).toMatchObject({ Code: 'SPRING-5', Amount: 5, MinSpend: 20, Enabled: true });
    expect((await auditOf('DiscountCode', code.Id))[0].after).toMatchObject({ Code: 'SPRING-5' });

    // A customer uses it: the office sees who, on which checkout, and for how much.
    const ann = await checkoutCustomer(ctx);
    const c = await band(ctx, 'F'); // over the code's minimum spend
    const checkout = checkoutResponse.parse(
      (
        await checkoutCalls(ctx).checkout(ann, [booking(c.id)], { DiscountCode: 'SPRING-5' })
      ).json(),
    );
    const uses = await call('GET', `/api/admin/catalogue/discounts/${code.Id}/uses`, token);
    expect(uses.statusCode, uses.body).toBe(200);
    expect(uses.json().items).toMatchObject([
      {
        Status: 'reserved',
        Customer: { Id: ann.id, Name: 'Ann Le Brocq' },
        Checkout: { Reference: checkout.Payment.Reference, Discount: 5 },
      },
    ]);
    const listed = await call('GET', '/api/admin/catalogue/discounts?q=spring', token);
    expect(listed.json()).toMatchObject({ total: 1, items: [{ Code: 'SPRING-5', Reserved: 1 }] });

    const off = await call('POST', `/api/admin/catalogue/discounts/${code.Id}/disable`, token);
    expect(off.json()).toMatchObject({ Enabled: false });
    const refused = await checkoutCalls(ctx).checkDiscount(ann, {
      Code: 'SPRING-5',
      Orders: [booking(c.id)],
    });
    expect(fieldsOf(refused)).toEqual(['Code']);
    expect((await auditOf('DiscountCode', code.Id)).map((e) => e.action)).toEqual([
      'create',
      'disable',
    ]);
  });
});

describe('site settings', () => {
  test('the notice banner changes on GET /public/settings at once, audited', async () => {
    const token = await office();
    expect((await publicSettings())['Site/NoticeBanner']).toContain('Christmas'); // cached now
    const res = await call('PUT', '/api/admin/settings', token, {
      Notice: { NoticeBanner: 'Closed on Liberation Day, 9 May.' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().Notice.NoticeBanner).toBe('Closed on Liberation Day, 9 May.');
    expect((await publicSettings())['Site/NoticeBanner']).toBe('Closed on Liberation Day, 9 May.');
    const [entry] = await auditOf('Setting', 'Site/NoticeBanner');
    expect(entry.before).toMatchObject({ Value: expect.stringContaining('Christmas') });
    expect(entry.after).toMatchObject({ Value: 'Closed on Liberation Day, 9 May.' });
  });

  test('contact, depot, social links and GST: stored as the public settings read them', async () => {
    const token = await office();
    const current = (await call('GET', '/api/admin/settings', token)).json();
    expect(current.Tax.Jersey).toEqual({ Enabled: true, Percent: 5, Threshold: 60 });
    expect(current.Tax.Guernsey).toEqual({ Enabled: false, Percent: 5, Threshold: 60 });
    const res = await call('PUT', '/api/admin/settings', token, {
      Contact: { ...current.Contact, Phone: '+44 1534 880 999' },
      Depot: {
        ...current.Depot,
        ReceivingHours: { days: 'Monday to Saturday', opens: '08:00', closes: '17:30' },
      },
      Social: { Links: [{ name: 'Instagram', url: 'www.instagram.com/ferrybox' }] },
      Tax: { ...current.Tax, Jersey: { Enabled: true, Percent: 7.5, Threshold: 150 } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const shown = await publicSettings();
    expect(shown['Contact/Phone']).toBe('+44 1534 880 999');
    expect(shown['Depot/ReceivingHours']).toEqual({
      days: 'Monday to Saturday',
      opens: '08:00',
      closes: '17:30',
    });
    expect(shown['Social/Links']).toEqual([
      { name: 'Instagram', url: 'https://www.instagram.com/ferrybox' },
    ]);
    expect(shown['Tax/Gst']).toMatchObject({
      Jersey: { Enabled: true, Rate: 0.075, ThresholdPence: 15000 },
      Guernsey: { Enabled: false, Rate: 0.05, ThresholdPence: 6000 },
    });
    // Only what changed is in the audit log (the e-mail and addresses were sent unchanged).
    expect(await auditOf('Setting', 'Contact/Phone')).toHaveLength(1);
    expect(await auditOf('Setting', 'Contact/Email')).toHaveLength(0);
    expect((await call('GET', '/api/admin/settings', token)).json().Tax.Jersey).toEqual({
      Enabled: true,
      Percent: 7.5,
      Threshold: 150,
    });
  });

  test('a bad phone, e-mail, rate or time is a 400 naming the field, and nothing changes', async () => {
    const token = await office();
    const current = (await call('GET', '/api/admin/settings', token)).json();
    const put = (body: unknown) => call('PUT', '/api/admin/settings', token, body);
    expect(fieldsOf(await put({ Contact: { ...current.Contact, Phone: 'call us' } }))).toEqual([
      'Contact.Phone',
    ]);
    expect(fieldsOf(await put({ Contact: { ...current.Contact, Email: 'care@' } }))).toEqual([
      'Contact.Email',
    ]);
    const jersey = (change: object) => ({
      Tax: { ...current.Tax, Jersey: { ...current.Tax.Jersey, ...change } },
    });
    expect(fieldsOf(await put(jersey({ Percent: 120 })))).toEqual(['Tax.Jersey.Percent']);
    expect(fieldsOf(await put(jersey({ Threshold: -1 })))).toEqual(['Tax.Jersey.Threshold']);
    expect(fieldsOf(await put(jersey({ Enabled: 'yes' })))).toEqual(['Tax.Jersey.Enabled']);
    const hours = { ...current.Depot.ReceivingHours, closes: '06:00' };
    expect(fieldsOf(await put({ Depot: { ...current.Depot, ReceivingHours: hours } }))).toEqual([
      'Depot.ReceivingHours.closes',
    ]);
    expect(
      fieldsOf(await put({ Social: { Links: [{ name: 'Blog', url: 'javascript:alert(1)' }] } })),
    ).toEqual(['Social.Links.0.url']);
    expect(fieldsOf(await put({}))).toEqual(['body']);
    expect((await call('GET', '/api/admin/settings', token)).json()).toEqual(current);
  });
});

describe('the pages the server sends', () => {
  let site: TestContext;
  let root: string;
  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'ferrybox-office-settings-'));
    fs.writeFileSync(
      path.join(root, '__spa-fallback.html'),
      `<!DOCTYPE html><html><body>${NOTICE_SLOT}<main></main><footer>${CONTACT_SLOT}</footer></body></html>`,
    );
    site = await createTestApp(
      { SERVE_WEB: 'true', CACHE_TTL_MS: '600000' },
      {},
      { webRoot: root },
    );
  });
  afterAll(async () => {
    await site?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  test('carry the new banner and e-mail address on the next request after the office saves them', async () => {
    const page = async () => (await site.app.inject({ url: '/basket' })).body;
    expect(await page()).toContain('Christmas 2026'); // and the settings are cached now
    const token = (await staffMember(site, 'office')).token;
    const current = (
      await site.app.inject({ url: '/api/admin/settings', headers: bearer(token) })
    ).json();
    const res = await site.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: bearer(token),
      payload: {
        Notice: { NoticeBanner: 'Sailings <b>resume</b> on Monday.' },
        Contact: { ...current.Contact, Email: 'help@ferrybox.je' },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = await page();
    expect(body).not.toContain('Christmas 2026');
    expect(body).toContain('Sailings &lt;b&gt;resume&lt;/b&gt; on Monday.');
    expect(body).toContain('<a href="mailto:help@ferrybox.je">help@ferrybox.je</a>');
  });
});
