// The storage clock of a booked parcel waiting for its customer (decision 0037): held
// by an unpaid invoice, or waiting in a consolidation request for the customer's other parcels,
// it follows the unbooked parcel's rules: its clock shows to staff and the customer, reminders go
// before charges and before abandonment, and staff may confirm it abandoned once its clock
// allows. Its booking is then cancelled: unpaid invoices voided, the consolidation cancelled,
// what was paid for the crossing kept (not refunded); audited and e-mailed. A parcel held by an
// open dispute waits for staff, not its customer: no reminders, not abandoned.
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, test } from 'vitest';
import { DEPOT_MESSAGES, depotParcelSchema, type DepotParcel } from '../../src/shared/api/depot';
import type { Consignment } from '../../src/shared/api/consolidation';
import { DEFAULT_STORAGE_RULES } from '../../src/shared/storage';
import {
  consignmentOrders,
  consignments,
  invoices,
  mailOutbox,
  orders,
  refunds,
} from '../../src/server/db/schema';
import { sendStorageReminders } from '../../src/server/modules/depot/storage';
import { useTestApp } from '../support/app';
import { bearer, waitForMail } from '../support/accounts';
import { depotCalls, depotCustomer, measured, paidBooking } from '../support/depot';
import { disputeCalls, excessInvoice } from '../support/disputes';
import { auditOf, expectStatus, officeCalls } from '../support/office';
import { staffMember } from '../support/staff';

const ctx = useTestApp();
const depot = depotCalls(ctx);
const office = officeCalls(ctx);
const DAY = 24 * 60 * 60 * 1000;
const { freeDays, abandonDays } = DEFAULT_STORAGE_RULES;
afterEach(() => ctx.app.clock.set(null));

const at = (parcel: DepotParcel, days: number, hours = 0) => {
  const when = new Date(new Date(parcel.Received).getTime() + days * DAY + hours * 3_600_000);
  ctx.app.clock.set(when);
  return when;
};
const parcelNow = async (id: number, token: string) => {
  const res = await depot.get(`/api/admin/depot/parcels/${id}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return depotParcelSchema.parse(res.json());
};
const abandon = (id: number, token: string) =>
  ctx.post(`/api/admin/depot/parcels/${id}/abandon`, { Confirm: true }, bearer(token));
const queued = async (email: string, kind: string) =>
  (await ctx.database.db.select().from(mailOutbox)).filter(
    (r) => r.message.to === email && r.message.kind === kind,
  ).length;
const orderRow = async (id: number) =>
  (await ctx.database.db.select().from(orders).where(eq(orders.id, id)))[0];

describe('a booked parcel held by its unpaid invoice', () => {
  test('shows its clock; abandoned once it may be: booking cancelled, invoice voided, crossing kept', async () => {
    const staff = await staffMember(ctx, 'depot');
    const ann = await depotCustomer(ctx);
    const { order, invoice, parcel } = await excessInvoice(ctx, ann, staff.token);

    at(parcel, freeDays + 1);
    expect((await parcelNow(parcel.Id, staff.token)).Storage).toMatchObject({
      Phase: 'charging',
    });
    expect((await office.customerOrder(order.Id, ann)).Storage).toMatchObject({
      Phase: 'charging',
    });

    at(parcel, abandonDays - 1, 23);
    const early = await abandon(parcel.Id, staff.token);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/cannot be treated as abandoned before/);

    at(parcel, abandonDays, 1);
    const res = await abandon(parcel.Id, staff.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(depotParcelSchema.parse(res.json())).toMatchObject({
      State: 'abandoned',
      Storage: null,
    });
    expect((await orderRow(order.Id)).status).toBe('Cancelled');
    const [voided] = await ctx.database.db
      .select()
      .from(invoices)
      .where(eq(invoices.id, invoice.Id));
    expect(voided.status).toBe('void');
    // What was paid for the crossing is kept: no refund.
    expect(
      await ctx.database.db.select().from(refunds).where(eq(refunds.orderId, order.Id)),
    ).toEqual([]);

    expect(await auditOf(ctx, 'Parcel', parcel.Id)).toContainEqual(
      expect.objectContaining({
        action: 'abandon',
        actorId: staff.user.id,
        after: expect.objectContaining({
          Waiting: 'invoice',
          OrderStatus: 'Cancelled',
          VoidedInvoices: [invoice.Id],
        }),
      }),
    );
    const mail = await waitForMail(ctx, { to: ann.email, kind: 'parcel-abandoned' });
    expect(mail.text).toContain(`for ${order.Reference} waited at our depot for its invoice`);
    expect(mail.text).toContain(`Its booking ${order.Reference} is cancelled.`);
    expect(mail.text).toContain('is not refunded');
    const page = await office.customerOrder(order.Id, ann);
    expect(page).toMatchObject({ Order: { StatusId_Name: 'Cancelled' }, Storage: null });
    expect(page.Invoices.find((i) => i.Id === invoice.Id)?.Status).toBe('void');
  });

  test('while its invoice is disputed it waits for staff: no reminders, not abandoned', async () => {
    const staff = await staffMember(ctx, 'depot');
    const ann = await depotCustomer(ctx);
    const { invoice, parcel } = await excessInvoice(ctx, ann, staff.token);
    await disputeCalls(ctx).disputed(invoice.Id, ann);
    await sendStorageReminders(ctx.app, at(parcel, freeDays));
    await sendStorageReminders(ctx.app, at(parcel, abandonDays));
    expect(await queued(ann.email, 'storage-charges-soon')).toBe(0);
    expect(await queued(ann.email, 'storage-abandon-soon')).toBe(0);
    const refused = await abandon(parcel.Id, staff.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(DEPOT_MESSAGES.notWaitingNotAbandoned);
  });
});

describe('a parcel waiting in a consolidation request', () => {
  test('is on the clock, reminded in those words, and abandoned cancels the request', async () => {
    const staff = await staffMember(ctx, 'depot');
    const ann = await depotCustomer(ctx);
    const first = await paidBooking(ctx, ann, 'A');
    const second = await paidBooking(ctx, ann, 'A');
    const asked = await ctx.app.inject({
      method: 'POST',
      url: '/public/consolidation/create',
      headers: bearer(ann.token),
      payload: { OrderIds: [first.Id, second.Id] },
    });
    expectStatus(asked, 201);
    const consignment = asked.json() as Consignment;
    // The first parcel arrives; the second never does.
    const parcel = (await depot.received(measured({ OrderId: first.Id }), staff.token)).Parcel;
    expect(parcel.Storage).toMatchObject({ Phase: 'free' });
    expect((await office.customerOrder(first.Id, ann)).Storage).toMatchObject({ Phase: 'free' });

    await sendStorageReminders(ctx.app, at(parcel, freeDays - 1));
    await sendStorageReminders(ctx.app, at(parcel, freeDays));
    expect(await queued(ann.email, 'storage-charges-soon')).toBe(1);
    const charges = await waitForMail(ctx, { to: ann.email, kind: 'storage-charges-soon' });
    expect(charges.text).toContain(
      `for ${first.Reference} is still waiting at our depot for your other parcels to arrive`,
    );
    expect(charges.links).toContain(`${ctx.config.publicUrl}/dashboard/consolidation/`);

    at(parcel, abandonDays);
    const res = await abandon(parcel.Id, staff.token);
    expect(res.statusCode, res.body).toBe(200);
    expect((await orderRow(first.Id)).status).toBe('Cancelled');
    const [box] = await ctx.database.db
      .select()
      .from(consignments)
      .where(eq(consignments.id, consignment.Id));
    expect(box.status).toBe('cancelled');
    // The other booking goes on its own.
    const open = await ctx.database.db
      .select()
      .from(consignmentOrders)
      .where(eq(consignmentOrders.orderId, second.Id));
    expect(open.every((m) => m.releasedAt !== null)).toBe(true);
    expect((await orderRow(second.Id)).status).toBe('Awaiting Parcel');
    const mail = await waitForMail(ctx, { to: ann.email, kind: 'parcel-abandoned' });
    expect(mail.text).toContain('for your other parcels to arrive');
  });
});
