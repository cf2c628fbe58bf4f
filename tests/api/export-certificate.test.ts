import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { CERTIFICATE_MESSAGES, formatVerificationCode } from '../../src/shared/api/certificates';
import { exportCertificates, orders, users } from '../../src/server/db/schema';
import { transitionOrders } from '../../src/server/modules/orders/lifecycle';
import { SYSTEM } from '../../src/server/lib/actor';
import { useTestApp } from '../support/app';
import { pdfText } from '../support/pdf';
import { bearer } from '../support/accounts';
import { checkoutCustomer, type Customer } from '../support/checkout';
import { paidBooking } from '../support/depot';
import { deliver, dispatch, receive } from '../support/parcels';

// Every request comes from one address: registration is let through, and the certificate check
// limited low so that a test reaches it (each test's checks come from an address of its own).
const ctx = useTestApp(
  { RATE_LIMIT_SCALE: '1' },
  {
    rateLimits: {
      register: {
        ip: { limit: 1000, windowSeconds: 3600 },
        account: { limit: 1000, windowSeconds: 3600 },
      },
      verifyCertificate: { ip: { limit: 5, windowSeconds: 3600 } },
    },
  },
);

let addressCounter = 0;
const newIp = () => `10.9.0.${++addressCounter}`;

const SAILING = '2026-12-14';

/** The depot receives the parcel and sends it on the sailing of 14 December with Condor. */
async function exportedOrder(customer: Customer, { received = true, dispatched = true } = {}) {
  const order = await paidBooking(ctx, customer);
  if (received) await receive(ctx, order.Id);
  if (dispatched) {
    await dispatch(ctx, order.Id, {
      carrier: 'condor-freight',
      trackingNumber: `CF${order.Id}JE`,
      sailing: SAILING,
    });
  }
  return order;
}

const download = (id: number | string, token?: string) =>
  ctx.app.inject({
    url: `/public/orders/exportcert/${id}`,
    headers: token ? bearer(token) : {},
  });

const verify = (code: string, ip = newIp()) =>
  ctx.app.inject({
    url: `/public/certificates/verify/${encodeURIComponent(code)}`,
    remoteAddress: ip,
  });

async function certificatesOf(orderId: number) {
  return ctx.database.db
    .select()
    .from(exportCertificates)
    .where(eq(exportCertificates.orderId, orderId));
}

describe('GET /public/orders/exportcert/{Id}', () => {
  test('is refused until the parcel has left the UK', async () => {
    const ann = await checkoutCustomer(ctx);
    const waiting = await exportedOrder(ann, { received: false, dispatched: false });
    const atDepot = await exportedOrder(ann, { dispatched: false });
    for (const order of [waiting, atDepot]) {
      const res = await download(order.Id, ann.token);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ statusCode: 409, message: CERTIFICATE_MESSAGES.notYetExported });
      expect(await certificatesOf(order.Id)).toEqual([]);
    }
  });

  test('a shipped order whose sailing was never recorded says so instead of a bare certificate', async () => {
    const ann = await checkoutCustomer(ctx);
    const order = await exportedOrder(ann, { dispatched: false });
    // Moved on without the depot's dispatch (no carrier, tracking number or date of export).
    await transitionOrders(ctx.database.db, [order.Id], 'Received at Depot', 'Shipped', SYSTEM);
    const res = await download(order.Id, ann.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(CERTIFICATE_MESSAGES.sailingNotRecorded);
    expect(await certificatesOf(order.Id)).toEqual([]);
  });

  test('answers the PDF with what HMRC accepts as proof of export', async () => {
    const ann = await checkoutCustomer(ctx);
    const order = await exportedOrder(ann);
    const res = await download(order.Id, ann.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Export-Certificate-${order.Reference}.pdf"`,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const [certificate] = await certificatesOf(order.Id);
    const [customer] = await ctx.database.db.select().from(users).where(eq(users.id, ann.id));
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, order.Id));
    const text = await pdfText(res.rawPayload);
    for (const expected of [
      'Certificate of Export',
      order.Reference,
      // supplier: the retailer, its website and order number
      'John Lewis',
      'www.johnlewis.com',
      row.retailerOrderNumber,
      // consignor: Ferrybox at its depot
      'Ferrybox',
      'Unit 7, Quartremaine Road',
      // customer and delivery address
      'Ann Le Brocq',
      customer.reference,
      '12 Rue de la Mare',
      'Jersey JE2 3AB',
      // goods, quantity, value
      'Kettle and toaster',
      '2 items',
      '£89.99',
      // destination, transport and route, date of export, carrier and tracking number
      'Jersey, Channel Islands',
      'Sea freight',
      'Portsmouth (UK) to St Helier, Jersey',
      '14-12-2026',
      'Condor Ferries Freight',
      `CF${order.Id}JE`,
      // how to check it
      formatVerificationCode(certificate.code),
      `${ctx.config.publicUrl}/verify/${certificate.code}`,
    ]) {
      expect(text).toContain(expected);
    }
    expect(certificate.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{20}$/);
  });

  test('a later download shows the same certificate, whatever changed on the order since', async () => {
    const ann = await checkoutCustomer(ctx);
    const order = await exportedOrder(ann);
    const first = await download(order.Id, ann.token);
    const [issued] = await certificatesOf(order.Id);
    await deliver(ctx, order.Id);
    await ctx.database.db
      .update(orders)
      .set({ description: 'Something else', retailerName: 'Argos' })
      .where(eq(orders.id, order.Id));

    const second = await download(order.Id, ann.token);
    expect(second.statusCode).toBe(200);
    expect(await certificatesOf(order.Id)).toEqual([issued]);
    const [before, after] = [await pdfText(first.rawPayload), await pdfText(second.rawPayload)];
    expect(after).toBe(before);
    expect(after).toContain('Kettle and toaster');
    expect(after).not.toContain('Argos');
  });

  test('two first downloads at once issue one certificate with one code', async () => {
    const ann = await checkoutCustomer(ctx);
    const order = await exportedOrder(ann);
    const answers = await Promise.all([1, 2, 3, 4].map(() => download(order.Id, ann.token)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    const rows = await certificatesOf(order.Id);
    expect(rows).toHaveLength(1);
    for (const answer of answers) {
      expect(await pdfText(answer.rawPayload)).toContain(formatVerificationCode(rows[0].code));
    }
  });

  test("another customer's order is a 404, no token a 401, a bad id a 400", async () => {
    const ann = await checkoutCustomer(ctx);
    const bob = await checkoutCustomer(ctx);
    const order = await exportedOrder(ann);
    const other = await download(order.Id, bob.token);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(CERTIFICATE_MESSAGES.orderNotFound);
    expect((await download(order.Id)).statusCode).toBe(401);
    expect((await download(2_000_000_000, ann.token)).statusCode).toBe(404);
    const bad = await download('abc', ann.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ field: 'Id', error: 'must be a number' }]);
    // Nothing was issued by the refused calls.
    expect(await certificatesOf(order.Id)).toEqual([]);
  });
});

describe('GET /public/certificates/verify/{code}', () => {
  test('a genuine code answers the key facts and nothing more, with no login', async () => {
    const ann = await checkoutCustomer(ctx);
    const order = await exportedOrder(ann);
    expect((await download(order.Id, ann.token)).statusCode).toBe(200);
    const [{ code, issuedAt }] = await certificatesOf(order.Id);
    const res = await verify(code);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      Genuine: true,
      OrderReference: order.Reference,
      ExportDate: SAILING,
      Island: 'Jersey',
      Goods: 'Kettle and toaster',
      Value: 89.99,
      Issued: issuedAt.toLocaleDateString('en-CA', { timeZone: 'Europe/London' }),
    });
    // Typed from the printed certificate: any case, in groups, O for 0 and I or L for 1.
    const typed = formatVerificationCode(code).toLowerCase().replace(/0/g, 'o').replace(/1/g, 'l');
    expect((await verify(typed)).json()).toEqual(res.json());
  });

  test('an unknown or malformed code is a 404 that says so', async () => {
    for (const code of ['0123456789ABCDEFGHJK', 'abc', 'U'.repeat(20), '%20']) {
      const res = await verify(code);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ statusCode: 404, message: CERTIFICATE_MESSAGES.notFound });
    }
  });

  test('codes cannot be tried cheaply: an address is limited', async () => {
    const ip = newIp();
    for (let i = 0; i < 5; i++)
      expect((await verify('0123456789ABCDEFGHJK', ip)).statusCode).toBe(404);
    const limited = await verify('0123456789ABCDEFGHJK', ip);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not held up.
    expect((await verify('0123456789ABCDEFGHJK')).statusCode).toBe(404);
  });
});
