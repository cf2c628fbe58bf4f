import fs from 'node:fs/promises';
import path from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import PostalMime from 'postal-mime';
import sharp from 'sharp';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, test } from 'vitest';
import { checkoutResponse } from '../../src/shared/api/checkout';
import {
  DEPOT_LIMITS,
  DEPOT_MESSAGES,
  lookupResponse,
  parcelsResponse,
  receiveResponse,
} from '../../src/shared/api/depot';
import { EXCESS_REASONS } from '../../src/shared/excess';
import {
  auditLog,
  invoices,
  mailOutbox,
  orderEvents,
  orders,
  parcelPhotos,
  parcels,
} from '../../src/server/db/schema';
import type { OutboxEntry } from '../../src/server/lib/mail';
import { useTestApp } from '../support/app';
import { bearer, registerCustomer, waitForMail } from '../support/accounts';
import { booking, checkoutCalls } from '../support/checkout';
import {
  base64,
  depotCalls,
  depotCustomer,
  image,
  jpeg,
  measured,
  paidBooking,
  png,
  webp,
} from '../support/depot';
import { staffMember } from '../support/staff';

const ctx = useTestApp();
const calls = depotCalls(ctx);
const checkout = checkoutCalls(ctx);

const orderRow = async (id: number) =>
  (await ctx.database.db.select().from(orders).where(eq(orders.id, id)))[0];
const lastEvent = async (orderId: number) =>
  (
    await ctx.database.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, orderId))
      .orderBy(asc(orderEvents.id))
  ).at(-1)!;
const auditOf = (subject: string, subjectId: number) =>
  ctx.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subject, subject), eq(auditLog.subjectId, String(subjectId))));
const queuedTo = (email: string) =>
  ctx.database.db
    .select()
    .from(mailOutbox)
    .then((rows) => rows.filter((r) => r.message.to === email));
const attachmentsOf = async (entry: OutboxEntry) =>
  (await PostalMime.parse(await fs.readFile(path.join(ctx.config.outboxDir, entry.eml))))
    .attachments;

describe('who may use the depot’s calls', () => {
  const routes: [string, string, unknown?][] = [
    ['GET', '/api/admin/depot/lookup?q=NOSUCH1'],
    ['POST', '/api/admin/depot/receive', measured({ Photos: [] })],
    ['POST', '/api/admin/depot/parcels/999999/match', { OrderId: 999999 }],
    ['GET', '/api/admin/depot/parcels?state=unknown'],
    ['GET', '/api/admin/depot/parcels/999999'],
    ['GET', '/api/admin/depot/parcels/999999/label.pdf'],
    ['GET', '/api/admin/depot/photos/999999'],
  ];

  test('anonymous 401, a customer 403, depot, office and admin are let in', async () => {
    const customer = await registerCustomer(ctx);
    const staff = {
      depot: await staffMember(ctx, 'depot'),
      office: await staffMember(ctx, 'office'),
      admin: await staffMember(ctx, 'admin'),
    };
    for (const [method, url, body] of routes) {
      const call = (token?: string) =>
        ctx.app.inject({
          method: method as 'GET' | 'POST',
          url,
          headers: token ? bearer(token) : {},
          ...(body === undefined ? {} : { payload: body as object }),
        });
      expect((await call()).statusCode, `${method} ${url} anonymous`).toBe(401);
      expect((await call(customer.token)).statusCode, `${method} ${url} customer`).toBe(403);
      for (const [role, member] of Object.entries(staff)) {
        const res = await call(member.token);
        // Let in: the call answers on its own terms (a made-up id is not found).
        expect([200, 201, 404], `${method} ${url} ${role}: ${res.body}`).toContain(res.statusCode);
      }
    }
  });
});

describe('GET /api/admin/depot/lookup', () => {
  test('a customer reference finds the customer and their open bookings, oldest first', async () => {
    const depot = await staffMember(ctx, 'depot');
    const ann = await depotCustomer(ctx);
    const first = await paidBooking(ctx, ann, 'C', { RetailerName: 'Argos' });
    const second = await paidBooking(ctx, ann, 'A', { ExpectedDeliveryDate: '2026-12-01' });
    // Typed in lower case with a space, as a person might.
    const typed = `${ann.reference.slice(0, 4).toLowerCase()} ${ann.reference.slice(4)}`;
    const res = await calls.lookup(typed, depot.token);
    expect(res.statusCode, res.body).toBe(200);
    const found = lookupResponse.parse(res.json());
    expect(found.MatchedBy).toBe('customer-reference');
    expect(found.Customer).toEqual({
      Id: ann.id,
      Name: expect.stringContaining(ann.firstName),
      Reference: ann.reference,
      Island: 'Jersey',
      Household: [],
    });
    expect(found.AddressedTo).toBeNull();
    expect(found.Bookings.map((b) => b.OrderId)).toEqual([first.Id, second.Id]);
    expect(found.Bookings[0]).toMatchObject({
      Reference: first.Reference,
      Band: { Code: 'C', Name: first.product.name },
      Size: { Length: 500, Width: 400, Height: 300 },
      MaxWeight: 15_000,
      RetailerName: 'Argos',
      Island: 'Jersey',
      Matches: false,
    });
    expect(found.Bookings[1].ExpectedDeliveryDate).toBe('2026-12-01');
  });

  test('a typo in a customer reference is a 400 at once', async () => {
    const depot = await staffMember(ctx, 'depot');
    const ann = await depotCustomer(ctx);
    // Swap two characters: the check character catches it.
    const r = ann.reference;
    const swapped = r.slice(0, 2) + r[3] + r[2] + r.slice(4);
    const res = await calls.lookup(r[2] === r[3] ? `${r.slice(0, -1)}0` : swapped, depot.token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      statusCode: 400,
      message: DEPOT_MESSAGES.badReference,
      errors: [{ field: 'q', error: DEPOT_MESSAGES.badReference }],
    });
    expect((await calls.lookup('', depot.token)).statusCode).toBe(400);
  });

  test('a courier tracking number puts its booking first; an order reference finds it too', async () => {
    const depot = await staffMember(ctx, 'depot');
    const ann = await depotCustomer(ctx);
    const older = await paidBooking(ctx, ann, 'B');
    const tracked = await paidBooking(ctx, ann, 'C', { TrackingNumber: 'JD0002 2334 4556 7' });
    const byTracking = lookupResponse.parse(
      (await calls.lookup('jd000223344556 7', depot.token)).json(),
    );
    expect(byTracking.MatchedBy).toBe('tracking-number');
    expect(byTracking.Customer?.Id).toBe(ann.id);
    expect(byTracking.Bookings.map((b) => [b.OrderId, b.Matches])).toEqual([
      [tracked.Id, true],
      [older.Id, false],
    ]);

    const byOrder = lookupResponse.parse(
      (await calls.lookup(tracked.Reference.toLowerCase(), depot.token)).json(),
    );
    expect(byOrder.MatchedBy).toBe('order-reference');
    expect(byOrder.MatchedOrder).toEqual({
      Id: tracked.Id,
      Reference: tracked.Reference,
      Status: 'Awaiting Parcel',
    });
    expect(byOrder.Bookings[0].OrderId).toBe(tracked.Id);

    const nobody = lookupResponse.parse((await calls.lookup('NOSUCH123', depot.token)).json());
    expect(nobody).toEqual({
      MatchedBy: null,
      Customer: null,
      MatchedOrder: null,
      Bookings: [],
      AddressedTo: null,
      SharedName: null,
    });
  });
});

describe('POST /api/admin/depot/receive', () => {
  test('a parcel within its band: received, measured, photographed, the customer e-mailed', async () => {
    const depot = await staffMember(ctx, 'depot');
    const ann = await depotCustomer(ctx);
    const order = await paidBooking(ctx, ann, 'C');
    const photo = await jpeg(1600, 1200);
    const result = await calls.received(
      measured({
        OrderId: order.Id,
        WeightKg: 15, // exactly the band's limit
        LengthCm: 50,
        WidthCm: 39.96, // to the nearest mm: 400, exactly the band's side
        HeightCm: 30,
        Shelf: ' A-03 ',
        Note: 'Box slightly dented',
        InboundTrackingNumber: 'JD0001112223',
        Photos: [
          { Data: `data:image/jpeg;base64,${base64(photo)}` },
          { Data: base64(await png(800, 600)) },
        ],
      }),
      depot.token,
    );
    expect(result.Outcome).toBe('received');
    expect(result.Invoice).toBeNull();
    expect(result.Parcel).toMatchObject({
      State: 'ready',
      Hold: null,
      OrderId: order.Id,
      OrderReference: order.Reference,
      OrderStatus: 'Received at Depot',
      Customer: { Id: ann.id, Reference: ann.reference },
      Island: 'Jersey',
      Weight: 15_000,
      Length: 500,
      Width: 400,
      Height: 300,
      Shelf: 'A-03',
      Note: 'Box slightly dented',
      InboundTrackingNumber: 'JD0001112223',
      ReceivedBy: depot.user.id,
    });
    // Both decoded and stored as JPEG (the PNG too), at their own size.
    expect(result.Parcel.Photos.map((p) => [p.ContentType, p.Width, p.Height])).toEqual([
      ['image/jpeg', 1600, 1200],
      ['image/jpeg', 800, 600],
    ]);
    const stored = await ctx.database.db
      .select()
      .from(parcelPhotos)
      .where(eq(parcelPhotos.parcelId, result.Parcel.Id))
      .orderBy(asc(parcelPhotos.id));
    expect(await sharp(stored[1].data).metadata()).toMatchObject({
      format: 'jpeg',
      width: 800,
      height: 600,
    });

    expect((await orderRow(order.Id)).status).toBe('Received at Depot');
    expect(await lastEvent(order.Id)).toMatchObject({
      actorType: 'staff',
      actorId: depot.user.id,
      fromStatus: 'Awaiting Parcel',
      toStatus: 'Received at Depot',
    });
    const [entry] = await auditOf('Parcel', result.Parcel.Id);
    expect(entry).toMatchObject({ actorId: depot.user.id, action: 'receive' });
    expect(entry.after).toMatchObject({ orderId: order.Id, weightGrams: 15_000, photos: 2 });

    const mail = await waitForMail(ctx, { to: ann.email, kind: 'parcel-arrived' });
    expect(mail.subject).toContain(order.Reference);
    expect(mail.links).toContain(`${ctx.config.publicUrl}/dashboard/orders/${order.Id}`);
    expect(mail.html).toContain('src="cid:parcel-photo@ferrybox"');
    const [attached] = await attachmentsOf(mail);
    expect(attached).toMatchObject({
      mimeType: 'image/jpeg',
      contentId: '<parcel-photo@ferrybox>',
    });
    expect(Buffer.from(attached.content as ArrayBuffer).equals(stored[0].data)).toBe(true);

    // The photo is served to staff.
    const served = await calls.get(
      `/api/admin/depot/photos/${result.Parcel.Photos[1].Id}`,
      depot.token,
    );
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.rawPayload.equals(stored[1].data)).toBe(true);
  });

  test('over the booked band: an invoice for the difference holds it; paying releases it', async () => {
    const depot = await staffMember(ctx, 'depot');
    const ann = await depotCustomer(ctx);
    const order = await paidBooking(ctx, ann, 'A'); // 35 × 25 × 16 cm, 5 kg, £6.95
    // 1 mm longer than A: band B (£9.95) fits, £3.00 more.
    const result = await calls.received(
      measured({ OrderId: order.Id, LengthCm: 35.1, WidthCm: 25, HeightCm: 16, WeightKg: 5 }),
      depot.token,
    );
    expect(result.Outcome).toBe('held-invoice');
    expect(result.Excess).toEqual({
      Band: { Id: expect.any(Number), Code: 'B', Name: 'Medium parcel' },
      Amount: 3,
    });
    expect(result.Invoice).toMatchObject({ OrderId: order.Id, Amount: 3, Status: 'unpaid' });
    expect(result.Parcel).toMatchObject({
      State: 'held',
      Hold: 'invoice',
      OrderStatus: 'Awaiting Payment',
    });
    expect(result.HoldReason).toContain(result.Invoice!.Reference);
    const invoiceId = result.Invoice!.Id;
    expect(await lastEvent(order.Id)).toMatchObject({
      actorType: 'staff',
      actorId: depot.user.id,
      fromStatus: 'Received at Depot',
      toStatus: 'Awaiting Payment',
    });
    expect((await auditOf('Invoice', invoiceId))[0]).toMatchObject({ action: 'create' });

    const held = parcelsResponse.parse((await calls.parcels('state=held', depot.token)).json());
    expect(held.items.map((p) => p.Id)).toContain(result.Parcel.Id);

    const mail = await waitForMail(ctx, { to: ann.email, kind: 'parcel-held' });
    expect(mail.text).toContain('£3.00');
    expect(mail.links).toContain(`${ctx.config.publicUrl}/dashboard/pay/${invoiceId}`);
    expect(await queuedTo(ann.email).then((r) => r.some((m) => m.kind === 'parcel-arrived'))).toBe(
      false,
    );

    // The customer pays with the sandbox card: the hold is released.
    const started = await ctx.post(
      `/public/payment/additional/${invoiceId}`,
      undefined,
      bearer(ann.token),
    );
    expect(started.statusCode, started.body).toBe(201);
    await checkout.payWithCard(checkoutResponse.parse(started.json()), '4242424242424242');
    const [invoice] = await ctx.database.db
      .select()
      .from(invoices)
      .where(eq(invoices.id, invoiceId));
    expect(invoice.status).toBe('paid');
    expect((await orderRow(order.Id)).status).toBe('Paid');
    const ready = parcelsResponse.parse((await calls.parcels('state=ready', depot.token)).json());
    expect(ready.items.find((p) => p.Id === result.Parcel.Id)).toMatchObject({
      State: 'ready',
      Hold: null,
      OrderStatus: 'Paid',
    });
  });

  test('larger than every band: held for the office to quote, with no invoice guessed', async () => {
    const depot = await staffMember(ctx, 'depot');
    const ann = await depotCustomer(ctx);
    const order = await paidBooking(ctx, ann, 'C');
    const result = await calls.received(
      measured({ OrderId: order.Id, LengthCm: 201, WidthCm: 50, HeightCm: 50, WeightKg: 20 }),
      depot.token,
    );
    expect(result.Outcome).toBe('held-quote');
    expect(result.Invoice).toBeNull();
    expect(result.HoldReason).toBe(EXCESS_REASONS.overEveryBand);
    expect(result.Parcel).toMatchObject({ State: 'held', Hold: 'quote' });
    expect((await orderRow(order.Id)).status).toBe('Awaiting Payment');
    expect(await lastEvent(order.Id)).toMatchObject({
      actorId: depot.user.id,
      toStatus: 'Awaiting Payment',
      note: expect.stringContaining('quote'),
    });
    expect(
      await ctx.database.db.select().from(invoices).where(eq(invoices.orderId, order.Id)),
    ).toEqual([]);
    await waitForMail(ctx, { to: ann.email, kind: 'parcel-needs-quote' });
  });

  test('a known customer’s parcel without a booking is unbooked, then matched in one step', async () => {
    const depot = await staffMember(ctx, 'depot');
    const ann = await depotCustomer(ctx);
    const bob = await depotCustomer(ctx);
    const result = await calls.received(
      measured({ CustomerId: ann.id, InboundTrackingNumber: 'RM123456789GB', Shelf: 'U-1' }),
      depot.token,
    );
    expect(result.Outcome).toBe('unbooked');
    expect(result.Parcel).toMatchObject({
      State: 'unbooked',
      OrderId: null,
      Customer: { Id: ann.id },
    });
    const unbooked = parcelsResponse.parse(
      (await calls.parcels('state=unbooked&itemsPerPage=100', depot.token)).json(),
    );
    expect(unbooked.items.map((p) => p.Id)).toContain(result.Parcel.Id);
    const mail = await waitForMail(ctx, { to: ann.email, kind: 'parcel-unbooked' });
    expect(mail.text).toContain('RM123456789GB');
    expect(mail.links).toContain(`${ctx.config.publicUrl}/order/`);

    // Ann books it; Bob's booking is not hers.
    const order = await paidBooking(ctx, ann, 'C', { TrackingNumber: 'RM123456789GB' });
    const bobs = await paidBooking(ctx, bob, 'C');
    const wrong = await calls.match(result.Parcel.Id, bobs.Id, depot.token);
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().message).toBe(DEPOT_MESSAGES.otherCustomer);
    expect((await calls.match(999_999, order.Id, depot.token)).statusCode).toBe(404);
    expect((await calls.match(result.Parcel.Id, 999_999, depot.token)).statusCode).toBe(404);

    const matched = await calls.match(result.Parcel.Id, order.Id, depot.token);
    expect(matched.statusCode, matched.body).toBe(200);
    const after = receiveResponse.parse(matched.json());
    expect(after.Outcome).toBe('received');
    expect(after.Parcel).toMatchObject({
      Id: result.Parcel.Id,
      State: 'ready',
      OrderId: order.Id,
      Shelf: 'U-1',
    });
    expect((await orderRow(order.Id)).status).toBe('Received at Depot');
    expect(await lastEvent(order.Id)).toMatchObject({ actorType: 'staff', actorId: depot.user.id });
    expect((await auditOf('Parcel', result.Parcel.Id)).map((a) => a.action)).toEqual([
      'receive',
      'match',
    ]);
    await waitForMail(
      ctx,
      (e) =>
        e.to === ann.email && e.kind === 'parcel-arrived' && e.subject.includes(order.Reference),
    );
    // Matched once only.
    const again = await calls.match(result.Parcel.Id, order.Id, depot.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(DEPOT_MESSAGES.alreadyMatched);
  });

  test('a parcel matching nobody is listed as unknown, paged on the server', async () => {
    const depot = await staffMember(ctx, 'depot');
    const first = await calls.received(measured({ Note: 'No label at all' }), depot.token);
    const second = await calls.received(measured({ Note: 'Label torn' }), depot.token);
    expect(first.Outcome).toBe('unknown');
    expect(first.Parcel).toMatchObject({ State: 'unknown', Customer: null, OrderId: null });
    const all = parcelsResponse.parse(
      (await calls.parcels('state=unknown&itemsPerPage=100', depot.token)).json(),
    );
    const ids = all.items.map((p) => p.Id);
    expect(ids.indexOf(first.Parcel.Id)).toBeLessThan(ids.indexOf(second.Parcel.Id));
    const page = parcelsResponse.parse(
      (await calls.parcels(`state=unknown&itemsPerPage=1&page=${all.total}`, depot.token)).json(),
    );
    expect(page).toMatchObject({ total: all.total, page: all.total, itemsPerPage: 1 });
    expect(page.items.map((p) => p.Id)).toEqual([ids.at(-1)]);
    expect((await calls.parcels('state=lost', depot.token)).statusCode).toBe(400);
    expect((await calls.parcels('state=unknown&itemsPerPage=101', depot.token)).statusCode).toBe(
      400,
    );
    // Once identified, an unknown parcel is matched to its booking like an unbooked one.
    const ann = await depotCustomer(ctx);
    const order = await paidBooking(ctx, ann, 'C');
    const matched = await calls.match(first.Parcel.Id, order.Id, depot.token);
    expect(matched.statusCode, matched.body).toBe(200);
    expect(receiveResponse.parse(matched.json()).Parcel.Customer?.Id).toBe(ann.id);
  });

  test('bad photos are refused, naming each, and nothing is recorded', async () => {
    const depot = await staffMember(ctx, 'depot');
    const ann = await depotCustomer(ctx);
    const order = await paidBooking(ctx, ann, 'C');
    const refused = async (Photos: { Data: string }[]) => {
      const res = await calls.receive(measured({ OrderId: order.Id, Photos }), depot.token);
      expect(res.statusCode, res.body).toBe(400);
      return res.json().errors as { field: string; error: string }[];
    };
    const whole = await png(800, 600);
    expect(
      await refused([
        { Data: base64(await jpeg(1600, 1200)) },
        { Data: base64(await image('gif', 16, 16)) },
        { Data: base64(whole.subarray(0, whole.length >> 1)) }, // cut off half way
        { Data: base64(await jpeg(6000, 4000)) }, // 24 megapixels
      ]),
    ).toEqual([
      { field: 'Photos.1.Data', error: DEPOT_MESSAGES.photoType },
      { field: 'Photos.2.Data', error: DEPOT_MESSAGES.photoUnreadable },
      { field: 'Photos.3.Data', error: DEPOT_MESSAGES.photoPixels },
    ]);
    const tooBig = Buffer.concat([await jpeg(16, 16), Buffer.alloc(DEPOT_LIMITS.photoBytes)]);
    expect(await refused([{ Data: base64(tooBig) }])).toEqual([
      { field: 'Photos.0.Data', error: DEPOT_MESSAGES.photoTooLarge },
    ]);
    expect(await refused([{ Data: 'not base64!' }])).toEqual([
      { field: 'Photos.0.Data', error: DEPOT_MESSAGES.notBase64 },
    ]);
    const small = base64(await webp(800, 600));
    const seven = Array.from({ length: 7 }, () => ({ Data: small }));
    expect((await refused(seven))[0].field).toBe('Photos');
    expect((await orderRow(order.Id)).status).toBe('Awaiting Parcel');
    expect(
      await ctx.database.db.select().from(parcels).where(eq(parcels.orderId, order.Id)),
    ).toEqual([]);
    // A WebP is fine (stored as JPEG).
    const ok = await calls.received(
      measured({ OrderId: order.Id, Photos: [{ Data: base64(await webp(1200, 900)) }] }),
      depot.token,
    );
    expect(ok.Parcel.Photos[0]).toMatchObject({
      ContentType: 'image/jpeg',
      Width: 1200,
      Height: 900,
    });
  });

  test('bad input is a 400 naming the field; a missing record 404; a wrong status 409', async () => {
    const depot = await staffMember(ctx, 'depot');
    const ann = await depotCustomer(ctx);
    const order = await paidBooking(ctx, ann, 'C');
    const field = async (body: Parameters<typeof measured>[0]) => {
      const res = await calls.receive(measured(body), depot.token);
      expect(res.statusCode, res.body).toBe(400);
      return res.json().errors.map((e: { field: string }) => e.field);
    };
    expect(await field({ OrderId: order.Id, CustomerId: ann.id })).toEqual(['CustomerId']);
    expect(await field({ OrderId: order.Id, Shelf: '  ' })).toEqual(['Shelf']);
    expect(await field({ OrderId: order.Id, WeightKg: 0 })).toEqual(['WeightKg']);
    expect(await field({ OrderId: order.Id, LengthCm: 1001 })).toEqual(['LengthCm']);

    const missing = await calls.receive(measured({ OrderId: 999_999 }), depot.token);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(DEPOT_MESSAGES.noSuchOrder);
    const noCustomer = await calls.receive(measured({ CustomerId: 999_999 }), depot.token);
    expect(noCustomer.statusCode).toBe(404);
    expect(noCustomer.json().message).toBe(DEPOT_MESSAGES.noSuchCustomer);
    // A booking not paid yet is not waiting for its parcel.
    const unpaid = checkoutResponse.parse(
      (await checkout.checkout(ann, [booking(order.product.id)])).json(),
    );
    const early = await calls.receive(measured({ OrderId: unpaid.Orders[0].Id }), depot.token);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(
      `${unpaid.Orders[0].Reference} is Awaiting Payment: it is not waiting for a parcel.`,
    );
    await calls.received(measured({ OrderId: order.Id }), depot.token);
    const twice = await calls.receive(measured({ OrderId: order.Id }), depot.token);
    expect(twice.statusCode).toBe(409);
    expect((await calls.get('/api/admin/depot/parcels/abc', depot.token)).statusCode).toBe(400);
  });
});

describe('GET /api/admin/depot/parcels/{Id}/label.pdf', () => {
  test('a 4 × 6 inch label with the order reference, the customer, island, shelf and weight', async () => {
    const depot = await staffMember(ctx, 'depot');
    const ann = await depotCustomer(ctx);
    const order = await paidBooking(ctx, ann, 'C');
    const { Parcel } = await calls.received(
      measured({ OrderId: order.Id, Shelf: 'C-07', WeightKg: 4.25 }),
      depot.token,
    );
    const res = await calls.get(`/api/admin/depot/parcels/${Parcel.Id}/label.pdf`, depot.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const pdf = await getDocumentProxy(new Uint8Array(res.rawPayload));
    const page = await pdf.getPage(1);
    const [, , width, height] = page.view;
    expect([Math.round(width), Math.round(height)]).toEqual([288, 432]);
    const { text } = await extractText(pdf, { mergePages: true });
    for (const expected of [order.Reference, ann.reference, 'Jersey', 'C-07', '4.25 kg']) {
      expect(text).toContain(expected);
    }
    // The barcode is an image on the page.
    expect(res.rawPayload.toString('latin1')).toContain('/Subtype /Image');

    // An unknown parcel gets a label with its parcel number.
    const unknown = await calls.received(measured({ Shelf: 'X-1' }), depot.token);
    const label = await calls.get(
      `/api/admin/depot/parcels/${unknown.Parcel.Id}/label.pdf`,
      depot.token,
    );
    const other = await extractText(await getDocumentProxy(new Uint8Array(label.rawPayload)), {
      mergePages: true,
    });
    expect(other.text).toContain(`PCL-${String(unknown.Parcel.Id).padStart(6, '0')}`);
    expect(other.text).toContain('UNKNOWN PARCEL');
  });
});
