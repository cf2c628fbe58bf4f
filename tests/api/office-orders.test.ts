import { randomBytes } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { OFFICE_MESSAGES, officeOrdersResponse } from '../../src/shared/api/office';
import { invoiceSchema } from '../../src/shared/api/orders';
import { MESSAGES } from '../../src/shared/validation/messages';
import { ORDER_EVENT_KINDS, type OrderEventKind } from '../../src/shared/order-status';
import { recordOrderEvent, transitionOrders } from '../../src/server/modules/orders/lifecycle';
import { staffActor, SYSTEM } from '../../src/server/lib/actor';
import type { Tx } from '../../src/server/db/client';
import { useTestApp } from '../support/app';
import { waitForMail } from '../support/accounts';
import { depotCalls, depotCustomer, measured, paidBooking } from '../support/depot';
import { auditOf, expectStatus, officeCalls } from '../support/office';
import { dispatch } from '../support/parcels';
import { staffMember } from '../support/staff';

const ctx = useTestApp();
const office = officeCalls(ctx);
const depot = depotCalls(ctx);

const search = async (query: string, token: string) => {
  const res = await office.get(`/api/admin/orders?${query}`, token);
  expectStatus(res, 200);
  return officeOrdersResponse.parse(res.json());
};
const refs = (page: { items: { Reference: string }[] }) => page.items.map((i) => i.Reference);
const unique = () => randomBytes(4).toString('hex').toUpperCase();

describe('GET /api/admin/orders', () => {
  test('finds orders by reference, customer, retailer, tracking number and status', async () => {
    const { token } = await staffMember(ctx, 'office');
    const floor = await staffMember(ctx, 'depot');
    const tag = unique();
    const ann = await depotCustomer(ctx);
    const first = await paidBooking(ctx, ann, 'C', {
      RetailerName: `Argos ${tag}`,
      TrackingNumber: `TRK${tag}A`,
    });
    const second = await paidBooking(ctx, ann, 'C', { RetailerName: `Boots ${tag}` });
    const other = await paidBooking(ctx, await depotCustomer(ctx), 'C', {
      RetailerName: `Argos ${tag}`,
    });
    // The second arrives with a courier's number, and leaves on a sailing with Jersey Post's.
    await depot.received(
      { ...measured({ InboundTrackingNumber: `IN ${tag}`, Photos: [] }), OrderId: second.Id },
      floor.token,
    );
    await dispatch(ctx, second.Id, { trackingNumber: `JP${tag}GB` });

    expect(refs(await search(`reference=${first.Reference.toLowerCase()}`, token))).toEqual([
      first.Reference,
    ]);
    expect(refs(await search(`reference=${first.Id}`, token))).toEqual([first.Reference]);
    expect((await search('reference=nonsense', token)).total).toBe(0);
    const mine = [second.Reference, first.Reference];
    expect(refs(await search(`customer=${ann.reference}`, token))).toEqual(mine);
    expect(refs(await search(`customer=${ann.email.slice(0, 12).toUpperCase()}`, token))).toEqual(
      mine,
    );
    expect(refs(await search(`retailer=argos%20${tag.toLowerCase()}`, token))).toEqual([
      other.Reference,
      first.Reference,
    ]);
    // A tracking number as couriers print it: any case, any spaces.
    expect(refs(await search(`tracking=trk%20${tag.toLowerCase()}a`, token))).toEqual([
      first.Reference,
    ]);
    expect(refs(await search(`tracking=IN${tag}`, token))).toEqual([second.Reference]);
    expect(refs(await search(`tracking=jp${tag}gb`, token))).toEqual([second.Reference]);
    expect(
      refs(await search(`customer=${ann.reference}&status=Shipped,Received%20at%20Depot`, token)),
    ).toEqual([second.Reference]);

    // Paged and sorted on the server: the total counts every match.
    const paged = await search(
      `retailer=${tag}&itemsPerPage=2&page=2&sortBy=Total&sortDesc=false`,
      token,
    );
    expect(paged).toMatchObject({ total: 3, page: 2, itemsPerPage: 2 });
    expect(paged.items).toHaveLength(1);
    const byTotal = await search(`retailer=${tag}&sortBy=Total&sortDesc=false`, token);
    const totals = byTotal.items.map((i) => i.Total);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    expect(byTotal.items[0]).toMatchObject({
      Customer: expect.objectContaining({
        Reference: expect.any(String),
        Email: expect.any(String),
      }),
    });
  });
});

describe('GET /api/admin/orders/{Id}', () => {
  test('shows the parcel’s shelf and who received it, and the timeline with staff names', async () => {
    const { token } = await staffMember(ctx, 'office');
    const floor = await staffMember(ctx, 'depot');
    const ann = await depotCustomer(ctx);
    const order = await paidBooking(ctx, ann);
    await depot.received(
      { ...measured({ Shelf: 'C-07', Photos: [] }), OrderId: order.Id },
      floor.token,
    );

    const detail = await office.order(order.Id, token);
    expect(detail.Customer).toMatchObject({ Reference: ann.reference, Email: ann.email });
    expect(detail.Parcel).toMatchObject({ Shelf: 'C-07', ReceivedByName: 'depot', State: 'ready' });
    expect(detail.Events.map((e) => [e.To, e.ActorType])).toEqual([
      ['Awaiting Payment', 'customer'],
      ['Awaiting Parcel', 'provider'],
      ['Received at Depot', 'staff'],
    ]);
    expect(detail.Events[2].Actor).toBe('depot');
    expect(detail.Payments).toHaveLength(1);
    expect(detail.Actions).toEqual({ Cancel: true, Refund: true, Invoice: true, Note: true });
    expectStatus(await office.get('/api/admin/orders/999999', token), 404);
  });

  test('a note goes on the office’s timeline and the audit log, never on the customer’s', async () => {
    const staff = await staffMember(ctx, 'office');
    const ann = await depotCustomer(ctx);
    const order = await paidBooking(ctx, ann);
    const res = await office.post(
      `/api/admin/orders/${order.Id}/notes`,
      { Note: 'Customer rang: leave with the neighbour.' },
      staff.token,
    );
    expectStatus(res, 200);
    expect(res.json().Events.at(-1)).toMatchObject({
      Kind: 'note',
      Note: 'Customer rang: leave with the neighbour.',
      Actor: 'office',
    });
    const page = await office.customerOrder(order.Id, ann);
    expect(JSON.stringify(page)).not.toContain('neighbour');
    expect(await auditOf(ctx, 'Order', order.Id)).toEqual([
      expect.objectContaining({ action: 'note', actorId: staff.user.id }),
    ]);
  });

  test('a note keeps its line breaks and refuses other control characters', async () => {
    const staff = await staffMember(ctx, 'office');
    const order = await paidBooking(ctx, await depotCustomer(ctx));
    const url = `/api/admin/orders/${order.Id}/notes`;
    const kept = await office.post(url, { Note: 'Rang twice.\r\nLeave at no. 3.' }, staff.token);
    expectStatus(kept, 200);
    expect(kept.json().Events.at(-1).Note).toBe('Rang twice.\r\nLeave at no. 3.');
    for (const Note of ['bell\u0007', 'tab\there', 'separator\u2028here']) {
      const refused = await office.post(url, { Note }, staff.token);
      expectStatus(refused, 400);
      expect(refused.json().errors).toEqual([{ field: 'Note', error: MESSAGES.cleanText }]);
    }
  });
});

describe('POST /api/admin/orders/{Id}/invoices', () => {
  test('raises an invoice e-mailed with its link; with Hold a received parcel waits for it', async () => {
    const staff = await staffMember(ctx, 'office');
    const floor = await staffMember(ctx, 'depot');
    const ann = await depotCustomer(ctx);
    const order = await paidBooking(ctx, ann);
    const raise = (body: unknown) =>
      office.post(`/api/admin/orders/${order.Id}/invoices`, body, staff.token);

    const early = await raise({ Amount: 4, Reason: 'Gift wrapping', Hold: true });
    expectStatus(early, 409);
    expect(early.json().message).toBe(OFFICE_MESSAGES.holdNeedsParcel);

    await depot.received({ ...measured({ Photos: [] }), OrderId: order.Id }, floor.token);
    const res = await raise({ Amount: 7.5, Reason: 'Storage beyond 14 days', Hold: true });
    expectStatus(res, 201);
    const invoice = invoiceSchema.parse(res.json());
    expect(invoice).toMatchObject({ Amount: 7.5, Status: 'unpaid', OrderId: order.Id });
    expect((await office.order(order.Id, staff.token)).Order.StatusId_Name).toBe(
      'Awaiting Payment',
    );
    const mail = await waitForMail(ctx, { to: ann.email, kind: 'invoice' });
    expect(mail.text).toContain('£7.50');
    expect(mail.links).toContain(`${ctx.config.publicUrl}/dashboard/pay/${invoice.Id}`);
    expect(await auditOf(ctx, 'Invoice', invoice.Id)).toEqual([
      expect.objectContaining({ action: 'create', actorId: staff.user.id }),
    ]);

    expectStatus(await office.cancel(order.Id, { Reason: 'Asked to' }, staff.token), 200);
    const late = await raise({ Amount: 1, Reason: 'Anything' });
    expectStatus(late, 409);
    expect(late.json().message).toBe(OFFICE_MESSAGES.noInvoiceNow('Cancelled'));
  });
});

describe('GET /api/admin/orders/{Id} reads every kind of event', () => {
  test('an order with one event of each kind the timeline records answers 200 with each', async () => {
    const { token, user } = await staffMember(ctx, 'office');
    const order = await paidBooking(ctx, await depotCustomer(ctx), 'C');
    const staff = staffActor(user.id);
    // One writer per kind: a kind added to the list without one here does not compile.
    const writers: Record<OrderEventKind, (tx: Tx) => Promise<unknown>> = {
      status: (tx) =>
        transitionOrders(tx, [order.Id], 'Awaiting Parcel', 'Received at Depot', staff),
      note: (tx) => recordOrderEvent(tx, order.Id, staff, 'A note', { kind: 'note' }),
      refund: (tx) =>
        recordOrderEvent(tx, order.Id, SYSTEM, 'Refunded', {
          kind: 'refund',
          refundId: 1,
          amountPence: 100,
        }),
      'refund-failed': (tx) =>
        recordOrderEvent(tx, order.Id, SYSTEM, 'Refused', {
          kind: 'refund-failed',
          refundId: 1,
          amountPence: 100,
        }),
      dispute: (tx) =>
        recordOrderEvent(tx, order.Id, SYSTEM, 'Disputed', {
          kind: 'dispute',
          caseId: 1,
          invoiceId: 1,
        }),
      'dispute-remeasured': (tx) =>
        recordOrderEvent(tx, order.Id, SYSTEM, 'Measured again', {
          kind: 'dispute-remeasured',
          caseId: 1,
          invoiceId: 1,
        }),
      'dispute-decided': (tx) =>
        recordOrderEvent(tx, order.Id, SYSTEM, 'Decided', {
          kind: 'dispute-decided',
          caseId: 1,
          invoiceId: 1,
        }),
      'return-label': (tx) =>
        recordOrderEvent(tx, order.Id, SYSTEM, 'Label', { kind: 'return-label' }),
      'return-withdrawn': async (tx) => {
        await transitionOrders(tx, [order.Id], 'Received at Depot', 'Return Requested', SYSTEM);
        await transitionOrders(
          tx,
          [order.Id],
          'Return Requested',
          'Received at Depot',
          SYSTEM,
          '',
          {
            kind: 'return-withdrawn',
          },
        );
      },
    };
    await ctx.database.db.transaction(async (tx) => {
      for (const kind of ORDER_EVENT_KINDS) await writers[kind](tx);
    });
    const kinds = new Set((await office.order(order.Id, token)).Events.map((e) => e.Kind));
    expect([...kinds].sort()).toEqual([...ORDER_EVENT_KINDS].sort());
  });
});
