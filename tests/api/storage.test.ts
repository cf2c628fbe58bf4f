// The storage clock (terms 10.2 and 10.3): a parcel waiting for its customer shows its
// clock to staff (free, then charged by the day, then abandonable), the reminders before the
// charges and before abandonment go once each on the right days (the job run at times set on the
// app's clock), and a parcel is treated as abandoned only when staff confirm, audited and e-mailed.
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, test } from 'vitest';
import {
  DEPOT_MESSAGES,
  depotParcelSchema,
  parcelsResponse,
  receiveResponse,
  type DepotParcel,
} from '../../src/shared/api/depot';
import { orderSummaryResponse } from '../../src/shared/api/orders';
import { DEFAULT_STORAGE_RULES } from '../../src/shared/storage';
import { auditLog, mailOutbox, settings } from '../../src/server/db/schema';
import { sendStorageReminders } from '../../src/server/modules/depot/storage';
import { useTestApp } from '../support/app';
import { checkoutCalls } from '../support/checkout';
import { checkoutResponse } from '../../src/shared/api/checkout';
import { bearer, waitForMail } from '../support/accounts';
import { depotCalls, depotCustomer, measured, paidBooking } from '../support/depot';
import { staffMember } from '../support/staff';

const ctx = useTestApp();
const depot = depotCalls(ctx);
const DAY = 24 * 60 * 60 * 1000;
const { freeDays, abandonDays, chargeReminderDays, abandonReminderDays } = DEFAULT_STORAGE_RULES;

afterEach(() => ctx.app.clock.set(null));

/** Sets the app's clock to `days` (and `hours`) after the parcel arrived. */
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
const queued = async (email: string, kind: string) =>
  (await ctx.database.db.select().from(mailOutbox)).filter(
    (r) => r.message.to === email && r.message.kind === kind,
  ).length;
const abandon = (id: number, token: string) =>
  ctx.post(`/api/admin/depot/parcels/${id}/abandon`, { Confirm: true }, bearer(token));

async function unbookedParcel(staffToken: string) {
  const ann = await depotCustomer(ctx);
  const received = await depot.received(
    measured({ CustomerId: ann.id, InboundTrackingNumber: `TRK${ann.id}` }),
    staffToken,
  );
  return { ann, parcel: received.Parcel };
}

describe('the clock staff see', () => {
  test('free for the free days, then charged by the day, then abandonable', async () => {
    const staff = await staffMember(ctx, 'depot');
    const { parcel } = await unbookedParcel(staff.token);
    const received = new Date(parcel.Received).getTime();
    expect(parcel.Storage).toMatchObject({ Days: 0, Phase: 'free', ChargedDays: 0, Charge: 0 });
    expect(parcel.Storage?.ChargesFrom).toBe(new Date(received + freeDays * DAY).toISOString());
    expect(parcel.Storage?.AbandonableFrom).toBe(
      new Date(received + abandonDays * DAY).toISOString(),
    );

    at(parcel, freeDays - 1, 23);
    expect((await parcelNow(parcel.Id, staff.token)).Storage).toMatchObject({
      Days: freeDays - 1,
      Phase: 'free',
      Charge: 0,
    });
    at(parcel, freeDays + 2, 1);
    expect((await parcelNow(parcel.Id, staff.token)).Storage).toMatchObject({
      Days: freeDays + 2,
      Phase: 'charging',
      ChargedDays: 2,
      Charge: (2 * DEFAULT_STORAGE_RULES.chargePerDayPence) / 100,
      ChargePerDay: DEFAULT_STORAGE_RULES.chargePerDayPence / 100,
    });
    at(parcel, abandonDays + 5);
    expect((await parcelNow(parcel.Id, staff.token)).Storage).toMatchObject({
      Phase: 'abandonable',
      // charged up to the abandonment day, no further
      ChargedDays: abandonDays - freeDays,
    });
  });

  test('the charge follows the settings; a parcel ready to leave has no clock', async () => {
    const staff = await staffMember(ctx, 'depot');
    const { parcel } = await unbookedParcel(staff.token);
    const bob = await depotCustomer(ctx);
    const order = await paidBooking(ctx, bob, 'C');
    const booked = await depot.received(measured({ OrderId: order.Id }), staff.token);
    expect(booked.Parcel.State).toBe('ready');
    expect(booked.Parcel.Storage).toBeNull();

    const perDay = () =>
      and(eq(settings.category, 'Storage'), eq(settings.name, 'ChargePerDayPence'));
    await ctx.database.db.update(settings).set({ value: '125' }).where(perDay());
    try {
      at(parcel, freeDays + 3);
      expect((await parcelNow(parcel.Id, staff.token)).Storage).toMatchObject({
        ChargedDays: 3,
        Charge: 3.75,
      });
    } finally {
      await ctx.database.db
        .update(settings)
        .set({ value: String(DEFAULT_STORAGE_RULES.chargePerDayPence) })
        .where(perDay());
    }
  });

  test('the lists sort by the clock, longest waiting first or newest first', async () => {
    const staff = await staffMember(ctx, 'depot');
    const first = (await unbookedParcel(staff.token)).parcel;
    const second = (await unbookedParcel(staff.token)).parcel;
    const ids = async (sort?: string) => {
      const res = await depot.parcels(
        `state=unbooked&itemsPerPage=100${sort ? `&sort=${sort}` : ''}`,
        staff.token,
      );
      expect(res.statusCode, res.body).toBe(200);
      return parcelsResponse
        .parse(res.json())
        .items.map((p) => p.Id)
        .filter((id) => id === first.Id || id === second.Id);
    };
    expect(await ids()).toEqual([first.Id, second.Id]);
    expect(await ids('oldest')).toEqual([first.Id, second.Id]);
    expect(await ids('newest')).toEqual([second.Id, first.Id]);
    const bad = await depot.parcels('state=unbooked&sort=clock', staff.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('sort');
  });
});

describe('the clock the customer sees', () => {
  test('My Account’s summary lists their unbooked parcels with the clock, until abandoned', async () => {
    const staff = await staffMember(ctx, 'depot');
    const { ann, parcel } = await unbookedParcel(staff.token);
    const bob = await depotCustomer(ctx);
    const summary = async (token: string) => {
      const res = await ctx.app.inject({ url: '/public/orders/summary', headers: bearer(token) });
      expect(res.statusCode, res.body).toBe(200);
      return orderSummaryResponse.parse(res.json()).Unbooked;
    };
    at(parcel, freeDays + 4);
    expect(await summary(ann.token)).toEqual({
      items: [
        {
          Id: parcel.Id,
          Received: parcel.Received,
          InboundTrackingNumber: `TRK${ann.id}`,
          AddressedTo: null,
          Storage: expect.objectContaining({ Phase: 'charging', ChargedDays: 4, Charge: 2 }),
        },
      ],
      total: 1,
    });
    expect(await summary(bob.token)).toEqual({ items: [], total: 0 });
    at(parcel, abandonDays);
    expect((await abandon(parcel.Id, staff.token)).statusCode).toBe(200);
    expect(await summary(ann.token)).toEqual({ items: [], total: 0 });
  });
});

describe('the reminders', () => {
  test('each goes once, on its days before the charges and before abandonment', async () => {
    const staff = await staffMember(ctx, 'depot');
    const { ann, parcel } = await unbookedParcel(staff.token);
    const run = (days: number, hours = 0) => sendStorageReminders(ctx.app, at(parcel, days, hours));

    // not yet: more than the reminder's days before the charges
    await run(freeDays - chargeReminderDays - 1, 23);
    expect(await queued(ann.email, 'storage-charges-soon')).toBe(0);
    // within them: sent, then never again, however often the job runs
    await run(freeDays - chargeReminderDays, 1);
    await run(freeDays - chargeReminderDays, 2);
    await run(freeDays - 1);
    await Promise.all([run(freeDays - 1, 1), run(freeDays - 1, 1)]);
    expect(await queued(ann.email, 'storage-charges-soon')).toBe(1);
    const mail = await waitForMail(ctx, { to: ann.email, kind: 'storage-charges-soon' });
    expect(mail.text).toContain('£0.50 a day');
    expect(mail.text).toContain(`TRK${ann.id}`);

    // charging, far from abandonment: nothing
    await run(freeDays + 5);
    expect(await queued(ann.email, 'storage-abandon-soon')).toBe(0);
    await run(abandonDays - abandonReminderDays, 1);
    await run(abandonDays - 1);
    expect(await queued(ann.email, 'storage-abandon-soon')).toBe(1);
    const warning = await waitForMail(ctx, { to: ann.email, kind: 'storage-abandon-soon' });
    expect(warning.text).toContain('treat it as abandoned');
    // past abandonment, nothing more is sent by the job: staff decide
    await run(abandonDays + 3);
    expect(await queued(ann.email, 'storage-charges-soon')).toBe(1);
    expect(await queued(ann.email, 'storage-abandon-soon')).toBe(1);
    expect(await queued(ann.email, 'parcel-abandoned')).toBe(0);
  });

  test('a parcel booked in time gets none', async () => {
    const staff = await staffMember(ctx, 'depot');
    const { ann, parcel } = await unbookedParcel(staff.token);
    const order = await paidBooking(ctx, ann, 'C');
    expect((await depot.match(parcel.Id, order.Id, staff.token)).statusCode).toBe(200);
    await sendStorageReminders(ctx.app, at(parcel, freeDays - 1));
    await sendStorageReminders(ctx.app, at(parcel, abandonDays - 1));
    expect(await queued(ann.email, 'storage-charges-soon')).toBe(0);
    expect(await queued(ann.email, 'storage-abandon-soon')).toBe(0);
  });
});

describe('reminders missed, and parcels held for their invoice', () => {
  test('a window missed while the job did not run is caught up once', async () => {
    const staff = await staffMember(ctx, 'depot');
    const { ann, parcel } = await unbookedParcel(staff.token);
    const run = (days: number, hours = 0) => sendStorageReminders(ctx.app, at(parcel, days, hours));

    // the job was down through the charges' window: the reminder goes late, saying so, once
    await run(freeDays + 2);
    await Promise.all([run(freeDays + 2, 1), run(freeDays + 2, 1)]);
    await run(freeDays + 10);
    expect(await queued(ann.email, 'storage-charges-soon')).toBe(1);
    const late = await waitForMail(ctx, { to: ann.email, kind: 'storage-charges-soon' });
    expect(late.subject).toBe('Storage charges have started for your parcel at our depot');
    expect(late.text).toContain('Since then storage costs £0.50 a day');

    // and down again through the abandonment's window, past its day: told once, staff decide
    await run(abandonDays + 2);
    await run(abandonDays + 3);
    expect(await queued(ann.email, 'storage-abandon-soon')).toBe(1);
    const warning = await waitForMail(ctx, { to: ann.email, kind: 'storage-abandon-soon' });
    expect(warning.text).toContain('we may treat it as abandoned');
    expect(await queued(ann.email, 'parcel-abandoned')).toBe(0);
  });

  test('down from before the charges to the abandonment’s window: only that one goes', async () => {
    const staff = await staffMember(ctx, 'depot');
    const { ann, parcel } = await unbookedParcel(staff.token);
    await sendStorageReminders(ctx.app, at(parcel, abandonDays - 2));
    await sendStorageReminders(ctx.app, at(parcel, abandonDays - 1));
    expect(await queued(ann.email, 'storage-charges-soon')).toBe(0);
    expect(await queued(ann.email, 'storage-abandon-soon')).toBe(1);
  });

  test('a booked parcel waiting for its unpaid invoice gets the same reminders, once', async () => {
    const staff = await staffMember(ctx, 'depot');
    const { ann, parcel } = await unbookedParcel(staff.token);
    const order = await paidBooking(ctx, ann, 'C');
    // booked after its free days: held for the storage invoice, which stays unpaid
    at(parcel, freeDays + 1);
    const res = await depot.match(parcel.Id, order.Id, staff.token);
    expect(receiveResponse.parse(res.json()).Outcome).toBe('held-invoice');

    const run = (days: number) => sendStorageReminders(ctx.app, at(parcel, days));
    await run(freeDays + 2);
    await run(freeDays + 3);
    expect(await queued(ann.email, 'storage-charges-soon')).toBe(1);
    const charges = await waitForMail(ctx, { to: ann.email, kind: 'storage-charges-soon' });
    expect(charges.text).toContain(
      `for ${order.Reference} is still waiting at our depot for its invoice to be paid`,
    );
    expect(charges.text).toContain('until its invoice is paid');
    expect(charges.links).toContain(`${ctx.config.publicUrl}/dashboard/orders/${order.Id}`);

    await run(abandonDays - abandonReminderDays);
    await run(abandonDays - 1);
    expect(await queued(ann.email, 'storage-abandon-soon')).toBe(1);
    const warning = await waitForMail(ctx, { to: ann.email, kind: 'storage-abandon-soon' });
    expect(warning.text).toContain('Pay its invoice now to keep it.');
  });
});

describe('the storage charge', () => {
  test('booked after its free days: invoiced through the invoice flow, held until paid', async () => {
    const staff = await staffMember(ctx, 'depot');
    const { ann, parcel } = await unbookedParcel(staff.token);
    const order = await paidBooking(ctx, ann, 'C');
    at(parcel, freeDays + 3, 2);
    const res = await depot.match(parcel.Id, order.Id, staff.token);
    expect(res.statusCode, res.body).toBe(200);
    const result = receiveResponse.parse(res.json());
    expect(result.Outcome).toBe('held-invoice');
    expect(result.Invoice).toMatchObject({
      Amount: (3 * DEFAULT_STORAGE_RULES.chargePerDayPence) / 100,
      Status: 'unpaid',
      Reason: expect.stringContaining('Storage: 3 days at £0.50 a day'),
    });
    expect(result.Parcel).toMatchObject({ State: 'held', Hold: 'invoice' });
    const mail = await waitForMail(ctx, { to: ann.email, kind: 'storage-invoice' });
    expect(mail.text).toContain(result.Invoice!.Reference);
    expect(mail.links).toContain(`${ctx.config.publicUrl}/dashboard/pay/${result.Invoice!.Id}`);
    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.subject, 'Invoice'), eq(auditLog.subjectId, String(result.Invoice!.Id))),
      );
    expect(entry).toMatchObject({ action: 'create', actorId: staff.user.id });

    // the order's page shows the clock while the parcel waits for the customer
    const detail = await ctx.app.inject({
      url: `/public/orders/${order.Id}`,
      headers: bearer(ann.token),
    });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().Storage).toMatchObject({ Phase: 'charging', ChargedDays: 3 });
  });

  test('booked late into a band too small: held for the excess and the storage, until both are paid', async () => {
    const staff = await staffMember(ctx, 'depot');
    const { ann, parcel } = await unbookedParcel(staff.token);
    const order = await paidBooking(ctx, ann, 'A'); // the parcel (40 x 30 x 20 cm) needs band C
    at(parcel, freeDays + 2, 1);
    const res = await depot.match(parcel.Id, order.Id, staff.token);
    expect(res.statusCode, res.body).toBe(200);
    const result = receiveResponse.parse(res.json());
    expect(result.Outcome).toBe('held-invoice');
    expect(result.HoldReason).toContain('Storage: 2 days at £0.50 a day');
    const invoices = (
      await ctx.app.inject({ url: `/public/orders/${order.Id}`, headers: bearer(ann.token) })
    ).json().Invoices as { Id: number; Amount: number; Reason: string; Status: string }[];
    expect(invoices.map((i) => [i.Amount, i.Status])).toEqual([
      [result.Excess!.Amount, 'unpaid'],
      [1, 'unpaid'],
    ]);
    expect(await queued(ann.email, 'storage-invoice')).toBe(1);

    const pay = async (invoiceId: number) => {
      const started = await ctx.app.inject({
        method: 'POST',
        url: `/public/payment/additional/${invoiceId}`,
        headers: bearer(ann.token),
      });
      expect(started.statusCode, started.body).toBe(201);
      const paid = await checkoutCalls(ctx).payWithCard(
        checkoutResponse.parse(started.json()),
        '4242424242424242',
      );
      expect(paid.statusCode).toBe(303);
    };
    const status = async () =>
      (
        await ctx.app.inject({ url: `/public/orders/${order.Id}`, headers: bearer(ann.token) })
      ).json().Order.StatusId_Name;
    // the excess paid: still held for the storage
    await pay(invoices[0].Id);
    expect(await status()).toBe('Awaiting Payment');
    // both paid: ready to sail
    await pay(invoices[1].Id);
    expect(await status()).toBe('Paid');
  });

  test('booked within its free days: nothing to pay', async () => {
    const staff = await staffMember(ctx, 'depot');
    const { ann, parcel } = await unbookedParcel(staff.token);
    const order = await paidBooking(ctx, ann, 'C');
    at(parcel, freeDays - 1);
    const res = await depot.match(parcel.Id, order.Id, staff.token);
    expect(receiveResponse.parse(res.json())).toMatchObject({ Outcome: 'received', Invoice: null });
    expect(await queued(ann.email, 'storage-invoice')).toBe(0);
    // ready to leave: no clock on the order's page
    const detail = await ctx.app.inject({
      url: `/public/orders/${order.Id}`,
      headers: bearer(ann.token),
    });
    expect(detail.json().Storage).toBeNull();
  });
});

describe('abandonment', () => {
  test('only after the clock allows it and staff confirm; audited, the customer told', async () => {
    const staff = await staffMember(ctx, 'depot');
    const { ann, parcel } = await unbookedParcel(staff.token);

    expect((await ctx.post(`/api/admin/depot/parcels/${parcel.Id}/abandon`, {})).statusCode).toBe(
      401,
    );
    expect((await abandon(parcel.Id, ann.token)).statusCode).toBe(403);

    at(parcel, abandonDays - 1, 23);
    const early = await abandon(parcel.Id, staff.token);
    expect(early.statusCode).toBe(409);
    const date = new Date(new Date(parcel.Received).getTime() + abandonDays * DAY)
      .toISOString()
      .slice(0, 10);
    expect(early.json().message).toBe(DEPOT_MESSAGES.notYetAbandonable(date));
    expect(await queued(ann.email, 'parcel-abandoned')).toBe(0);

    const when = at(parcel, abandonDays, 1);
    // Only an explicit confirmation in the body abandons it (decision 0046): a bare POST, or one
    // without Confirm: true, is a 400 naming the field, and the parcel waits on.
    for (const body of [undefined, {}, { Confirm: false }, { Confirm: 'yes' }]) {
      const bare = await ctx.post(
        `/api/admin/depot/parcels/${parcel.Id}/abandon`,
        body,
        bearer(staff.token),
      );
      expect(bare.statusCode, bare.body).toBe(400);
      expect(bare.json().errors.map((e: { field: string }) => e.field)).toEqual([
        body === undefined ? 'body' : 'Confirm',
      ]);
    }
    expect((await parcelNow(parcel.Id, staff.token)).State).not.toBe('abandoned');
    const res = await abandon(parcel.Id, staff.token);
    expect(res.statusCode, res.body).toBe(200);
    const after = depotParcelSchema.parse(res.json());
    expect(after).toMatchObject({ State: 'abandoned', Storage: null });
    expect(new Date(after.Abandoned!).getTime()).toBeGreaterThanOrEqual(when.getTime());

    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.subject, 'Parcel'),
          eq(auditLog.subjectId, String(parcel.Id)),
          eq(auditLog.action, 'abandon'),
        ),
      );
    expect(entry).toMatchObject({ actorId: staff.user.id, after: { CustomerId: ann.id } });
    const mail = await waitForMail(ctx, { to: ann.email, kind: 'parcel-abandoned' });
    expect(mail.text).toContain('treated it as abandoned');

    // once only; and off the unbooked list
    const again = await abandon(parcel.Id, staff.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(DEPOT_MESSAGES.alreadyAbandoned);
    const unbooked = parcelsResponse.parse(
      (await depot.parcels('state=unbooked&itemsPerPage=100', staff.token)).json(),
    );
    expect(unbooked.items.map((p) => p.Id)).not.toContain(parcel.Id);
    expect(await queued(ann.email, 'parcel-abandoned')).toBe(1);
  });

  test('a booked parcel ready to leave is not abandoned; an unknown one is, without an e-mail', async () => {
    const staff = await staffMember(ctx, 'depot');
    const bob = await depotCustomer(ctx);
    const order = await paidBooking(ctx, bob, 'C');
    const booked = (await depot.received(measured({ OrderId: order.Id }), staff.token)).Parcel;
    at(booked, abandonDays + 1);
    const refused = await abandon(booked.Id, staff.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(DEPOT_MESSAGES.notWaitingNotAbandoned);
    expect((await abandon(999_999, staff.token)).statusCode).toBe(404);
    expect((await abandon(0, staff.token)).statusCode).toBe(400);

    ctx.app.clock.set(null);
    const unknown = (await depot.received(measured(), staff.token)).Parcel;
    expect(unknown.Storage?.Phase).toBe('free');
    at(unknown, abandonDays);
    const res = await abandon(unknown.Id, staff.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().State).toBe('abandoned');
  });
});
