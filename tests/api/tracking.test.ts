// Following a parcel without logging in: every order has its own private tracking code,
// every order e-mail (sent here through a real SMTP server) carries the link /track/{code}, the
// public call shows the first name, the island and the timeline and nothing else, the customer
// and the office can replace the code, a wrong or replaced code is a 404, and the call is rate
// limited per address like the certificate check.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TRACKING_MESSAGES, trackedParcelSchema } from '../../src/shared/api/tracking';
import { auditLog, users } from '../../src/server/db/schema';
import { createTestApp, type TestContext } from '../support/app';
import { bearer } from '../support/accounts';
import { band, booking, checkoutCalls, checkoutCustomer, type Customer } from '../support/checkout';
import { paidBooking } from '../support/depot';
import { expectStatus, officeCalls, requestQuote } from '../support/office';
import { dispatch, receive } from '../support/parcels';
import { SmtpCapture, type CapturedMail } from '../support/smtp';
import { staffMember } from '../support/staff';
import { waitFor } from '../support/wait';

const PUBLIC_URL = 'https://ferrybox.test';
const smtp = new SmtpCapture();
let ctx: TestContext;
beforeAll(async () => {
  await smtp.start(0);
  ctx = await createTestApp(
    { SMTP_URL: smtp.url, PUBLIC_URL, RATE_LIMIT_SCALE: '1' },
    {
      rateLimits: {
        register: {
          ip: { limit: 1000, windowSeconds: 3600 },
          account: { limit: 1000, windowSeconds: 3600 },
        },
        // low, so that a test reaches it (each test's lookups come from an address of its own)
        trackParcel: { ip: { limit: 5, windowSeconds: 3600 } },
      },
    },
  );
});
afterAll(async () => {
  await ctx.close();
  await smtp.stop();
});

let addressCounter = 0;
const newIp = () => `10.26.0.${++addressCounter}`;

const track = (path: string, ip = newIp()) =>
  ctx.app.inject({ url: `/public${path}`, remoteAddress: ip });
const trackCode = (code: string, ip = newIp()) => track(`/track/${encodeURIComponent(code)}`, ip);

const replace = (orderId: number | string, token?: string) =>
  ctx.post(`/public/orders/tracking/${orderId}`, undefined, token ? bearer(token) : {});
const officeReplace = (orderId: number | string, token: string) =>
  ctx.post(`/api/admin/orders/${orderId}/tracking`, undefined, bearer(token));

/** The mail to the customer whose subject matches, as the mail server received it. */
function mailTo(email: string, subject: RegExp): Promise<CapturedMail> {
  return waitFor(
    () =>
      smtp.messages.find((m) => m.envelopeTo.includes(email) && subject.test(m.parsed.subject!)),
    { what: `an e-mail to ${email} about ${subject}` },
  );
}

/** The tracking link of the order in a message: in the plain text and as the HTML's link. */
function trackingLinkIn(mail: CapturedMail, reference: string): string {
  const text = mail.parsed.text ?? '';
  const match = new RegExp(
    `Follow ${reference} from any phone, without logging in:\\n(${PUBLIC_URL}/track/[0-9A-Z]{20})`,
  ).exec(text);
  expect(match, `the tracking link of ${reference} in “${mail.parsed.subject}”`).not.toBeNull();
  expect(mail.parsed.html).toContain(`href="${match![1]}"`);
  return match![1];
}

const pathOf = (url: string) => url.slice(PUBLIC_URL.length);
const customerOrder = (id: number, customer: Customer) =>
  officeCalls(ctx).customerOrder(id, customer);

describe('GET /public/track/{code}', () => {
  test('each order has its own code, which shows the first name, the island and the timeline only', async () => {
    const ann = await checkoutCustomer(ctx);
    const first = await paidBooking(ctx, ann);
    const second = await paidBooking(ctx, ann);
    const receipt = await mailTo(ann.email, new RegExp(`receipt ${first.Payment.Reference}`));
    const firstLink = trackingLinkIn(receipt, first.Reference);

    // the order's page shows the same link as the mail
    const detail = await customerOrder(first.Id, ann);
    expect(detail.TrackingPath).toBe(pathOf(firstLink));
    const other = await customerOrder(second.Id, ann);
    expect(other.TrackingPath).toMatch(/^\/track\/[0-9A-Z]{20}$/);
    expect(other.TrackingPath).not.toBe(detail.TrackingPath);

    const res = await track(pathOf(firstLink));
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-robots-tag']).toBe('noindex');
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual([
      'Arrival',
      'FirstName',
      'Island',
      'StatusId_Name',
      'Timeline',
    ]);
    expect(trackedParcelSchema.parse(body)).toEqual({
      FirstName: 'Ann',
      Island: 'Jersey',
      StatusId_Name: 'Awaiting Parcel',
      Timeline: [
        { Kind: 'booked', At: expect.any(String) },
        { Kind: 'paid', At: expect.any(String) },
      ],
      // not at the depot yet: the booking's promise (docs/decisions/0048)
      Arrival: {
        Earliest: expect.any(String),
        Latest: expect.any(String),
        Words: expect.stringMatching(/^If it reaches us by .+, it arrives .+\.$/),
        Sailing: expect.any(String),
        Moved: null,
      },
    });
    // nothing else about the customer or the order: no surname, e-mail, references, address,
    // goods or money (the keys above hold no id either)
    const [user] = await ctx.database.db.select().from(users).where(eq(users.id, ann.id));
    for (const secret of [
      'Le Brocq',
      ann.email,
      user.reference,
      first.Reference,
      'Gorey',
      first.ItemDescription,
      first.Payment.Reference,
    ]) {
      expect(res.body).not.toContain(secret);
    }

    // the second order's own link shows it, not the first
    expect((await track(other.TrackingPath)).statusCode).toBe(200);
  });

  test('once dispatched, the timeline gives the sailing and the carrier’s tracking link', async () => {
    const ann = await checkoutCustomer(ctx);
    const order = await paidBooking(ctx, ann);
    await receive(ctx, order.Id);
    const arrived = await mailTo(ann.email, /has arrived at our depot/);
    const link = trackingLinkIn(arrived, order.Reference);
    const atDepot = trackedParcelSchema.parse((await track(pathOf(link))).json());
    expect(atDepot.StatusId_Name).toBe('Received at Depot');
    // no measurements or photos of the parcel
    expect(atDepot.Timeline.at(-1)).toEqual({ Kind: 'received', At: expect.any(String) });
    expect(atDepot.Arrival?.Words).toMatch(/^It leaves on the sailing of .+, and it arrives .+\.$/);

    await dispatch(ctx, order.Id, {
      carrier: 'jersey-post',
      trackingNumber: 'JP123456789GB',
      sailing: '2026-12-01',
    });
    const dispatched = await mailTo(ann.email, /is on its way to Jersey/);
    expect(trackingLinkIn(dispatched, order.Reference)).toBe(link);
    const shipped = trackedParcelSchema.parse((await track(pathOf(link))).json());
    expect(shipped.StatusId_Name).toBe('Shipped');
    expect(shipped.Arrival).toBeNull(); // sailed: the carrier's tracking tells the rest
    expect(shipped.Timeline.at(-1)).toEqual({
      Kind: 'dispatched',
      At: expect.any(String),
      Dispatch: {
        Carrier: 'Jersey Post',
        TrackingNumber: 'JP123456789GB',
        TrackingUrl: expect.stringContaining('JP123456789GB'),
        SailingDate: '2026-12-01',
      },
    });
  });

  test('a wrong or malformed code is a 404 that says so; a code is read as Crockford reads it', async () => {
    for (const code of ['0123456789ABCDEFGHJK', 'abc', 'U'.repeat(20), '%20']) {
      const res = await trackCode(code);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ statusCode: 404, message: TRACKING_MESSAGES.notFound });
    }
    const ann = await checkoutCustomer(ctx);
    const order = await paidBooking(ctx, ann);
    const code = (await customerOrder(order.Id, ann)).TrackingPath.slice('/track/'.length);
    const typed = code.toLowerCase().replace(/0/g, 'o').replace(/1/g, 'l');
    expect((await trackCode(typed)).statusCode).toBe(200);
  });

  test('codes cannot be tried cheaply: an address is limited', async () => {
    const ip = newIp();
    for (let i = 0; i < 5; i++)
      expect((await trackCode('0123456789ABCDEFGHJK', ip)).statusCode).toBe(404);
    const limited = await trackCode('0123456789ABCDEFGHJK', ip);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // another address is not held up
    expect((await trackCode('0123456789ABCDEFGHJK')).statusCode).toBe(404);
  });

  test('a closed account’s links no longer answer', async () => {
    const ann = await checkoutCustomer(ctx);
    const order = await paidBooking(ctx, ann);
    const path = (await customerOrder(order.Id, ann)).TrackingPath;
    expect((await track(path)).statusCode).toBe(200);
    await ctx.database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, ann.id));
    expect((await track(path)).statusCode).toBe(404);
  });
});

describe('replacing the code', () => {
  test('the customer replaces it: the old link is a 404 at once, the new one works, and it is audited', async () => {
    const ann = await checkoutCustomer(ctx);
    const order = await paidBooking(ctx, ann);
    const old = (await customerOrder(order.Id, ann)).TrackingPath;

    const res = await replace(order.Id, ann.token);
    expectStatus(res, 200);
    const { TrackingPath } = res.json();
    expect(TrackingPath).toMatch(/^\/track\/[0-9A-Z]{20}$/);
    expect(TrackingPath).not.toBe(old);
    expect((await customerOrder(order.Id, ann)).TrackingPath).toBe(TrackingPath);
    const gone = await track(old);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(TRACKING_MESSAGES.notFound);
    expect((await track(TrackingPath)).statusCode).toBe(200);

    const entries = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subject, 'Order'), eq(auditLog.subjectId, String(order.Id))));
    expect(entries.map((e) => [e.action, e.actorId, e.after])).toEqual([
      ['replace-tracking-link', ann.id, { replacedBy: 'customer' }],
    ]);
    // the audit log never holds a code
    expect(JSON.stringify(entries)).not.toContain(TrackingPath.slice(7));

    // later e-mails carry the new link
    await receive(ctx, order.Id);
    const arrived = await mailTo(ann.email, /has arrived at our depot/);
    expect(pathOf(trackingLinkIn(arrived, order.Reference))).toBe(TrackingPath);
  });

  test('the office replaces it from the order’s screen; the depot may not', async () => {
    const ann = await checkoutCustomer(ctx);
    const order = await paidBooking(ctx, ann);
    const office = await staffMember(ctx, 'office');
    const depot = await staffMember(ctx, 'depot');
    const before = await officeCalls(ctx).order(order.Id, office.token);
    expect(before.TrackingPath).toBe((await customerOrder(order.Id, ann)).TrackingPath);

    expectStatus(await officeReplace(order.Id, depot.token), 403);
    const res = await officeReplace(order.Id, office.token);
    expectStatus(res, 200);
    expect(res.json().TrackingPath).not.toBe(before.TrackingPath);
    expect((await officeCalls(ctx).order(order.Id, office.token)).TrackingPath).toBe(
      res.json().TrackingPath,
    );
    expect((await track(before.TrackingPath)).statusCode).toBe(404);
    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'replace-tracking-link'), eq(auditLog.subjectId, String(order.Id))),
      );
    expect(entry).toMatchObject({ actorId: office.user.id, after: { replacedBy: 'staff' } });
    expectStatus(await officeReplace(2_000_000_000, office.token), 404);
  });

  test('another customer’s order, or no session, cannot replace it; a bad id names the field', async () => {
    const ann = await checkoutCustomer(ctx);
    const bob = await checkoutCustomer(ctx);
    const order = await paidBooking(ctx, ann);
    const path = (await customerOrder(order.Id, ann)).TrackingPath;
    expectStatus(await replace(order.Id, bob.token), 404);
    expectStatus(await replace(order.Id), 401);
    expectStatus(await replace(2_000_000_000, ann.token), 404);
    const bad = await replace('abc', ann.token);
    expectStatus(bad, 400);
    expect(bad.json().errors).toEqual([{ field: 'Id', error: 'must be a number' }]);
    // nothing changed
    expect((await customerOrder(order.Id, ann)).TrackingPath).toBe(path);
  });

  test('a code opens the tracking page and nothing else', async () => {
    const ann = await checkoutCustomer(ctx);
    const bob = await checkoutCustomer(ctx);
    const order = await paidBooking(ctx, ann);
    const code = (await customerOrder(order.Id, ann)).TrackingPath.slice('/track/'.length);
    // not a session, for the customer's calls or the staff's
    expect(
      (await ctx.app.inject({ url: '/public/auth/me', headers: bearer(code) })).statusCode,
    ).toBe(401);
    expect(
      (await ctx.app.inject({ url: `/public/orders/${order.Id}`, headers: bearer(code) }))
        .statusCode,
    ).toBe(401);
    expect(
      (await ctx.app.inject({ url: '/api/admin/orders', headers: bearer(code) })).statusCode,
    ).toBe(401);
    expectStatus(await replace(order.Id, code), 401);
    // another customer holding it reaches neither the order nor its code
    expectStatus(
      await ctx.app.inject({ url: `/public/orders/${order.Id}`, headers: bearer(bob.token) }),
      404,
    );
    // nor is it an export certificate's code
    expect(
      (await ctx.app.inject({ url: `/public/certificates/verify/${code}`, remoteAddress: newIp() }))
        .statusCode,
    ).toBe(404);
  });
});

describe('every order e-mail carries the tracking link', () => {
  test('a quote, its missing-items report and its cancellation', async () => {
    const ann = await checkoutCustomer(ctx);
    const office = await staffMember(ctx, 'office');
    const quote = await requestQuote(ctx, ann);
    expectStatus(
      await ctx.post(
        `/api/admin/quotes/${quote.Id}/price`,
        { Amount: 145.5, Note: '' },
        bearer(office.token),
      ),
      200,
    );
    const ready = await mailTo(ann.email, /quote .* is ready/);
    const link = trackingLinkIn(ready, quote.Reference);
    expect((await customerOrder(quote.Id, ann)).TrackingPath).toBe(pathOf(link));

    expectStatus(
      await officeCalls(ctx).cancel(quote.Id, { Reason: 'Asked to' }, office.token),
      200,
    );
    const cancelled = await mailTo(ann.email, /is cancelled/);
    expect(trackingLinkIn(cancelled, quote.Reference)).toBe(link);

    const shipped = await paidBooking(ctx, ann);
    await receive(ctx, shipped.Id);
    await dispatch(ctx, shipped.Id);
    expectStatus(
      await ctx.post(
        `/public/orders/missing/${shipped.Id}`,
        { Description: 'The charger is not in the box.' },
        bearer(ann.token),
      ),
      201,
    );
    const report = await mailTo(ann.email, /we have your report/);
    expect(pathOf(trackingLinkIn(report, shipped.Reference))).toBe(
      (await customerOrder(shipped.Id, ann)).TrackingPath,
    );
  });

  test('a receipt for several orders carries each order’s own link', async () => {
    const ann = await checkoutCustomer(ctx);
    const calls = checkoutCalls(ctx);
    const product = await band(ctx, 'C');
    const res = await calls.checkout(ann, [booking(product.id), booking(product.id)]);
    expectStatus(res, 201);
    const result = res.json();
    await calls.payWithCard(result, '4242424242424242');
    const receipt = await mailTo(ann.email, new RegExp(`receipt ${result.Payment.Reference}`));
    const links = result.Orders.map((o: { Reference: string }) =>
      trackingLinkIn(receipt, o.Reference),
    );
    expect(new Set(links).size).toBe(2);
    for (const [i, o] of result.Orders.entries()) {
      expect((await customerOrder(o.Id, ann)).TrackingPath).toBe(pathOf(links[i]));
    }
  });
});
