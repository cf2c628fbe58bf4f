// The back office's list of booked parcels waiting for their customer (decision 0037): GET
// /api/admin/depot/parcels?state=waiting answers exactly the parcels the one rule (storageWait,
// src/shared/storage.ts) says wait for their customer with a booking: held for an unpaid invoice,
// or in a consolidation request for the customer's other parcels; not one ready in its box, held
// by an open dispute, or without a booking. Each shows its storage clock, and a depot member
// abandons one from it once its day has come (409 before).
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, test } from 'vitest';
import { parcelsResponse, type DepotParcel } from '../../src/shared/api/depot';
import type { Consignment } from '../../src/shared/api/consolidation';
import { DEFAULT_STORAGE_RULES } from '../../src/shared/storage';
import { orders, parcels } from '../../src/server/db/schema';
import { storageWaitsOf } from '../../src/server/modules/depot/storage';
import { useTestApp } from '../support/app';
import { bearer } from '../support/accounts';
import { depotCalls, depotCustomer, measured, paidBooking } from '../support/depot';
import { disputeCalls, excessInvoice } from '../support/disputes';
import { expectStatus } from '../support/office';
import { staffMember } from '../support/staff';

const ctx = useTestApp();
const depot = depotCalls(ctx);
const DAY = 24 * 60 * 60 * 1000;
const { freeDays, abandonDays } = DEFAULT_STORAGE_RULES;
afterEach(() => ctx.app.clock.set(null));

const at = (parcel: DepotParcel, days: number, hours = 0) => {
  const when = new Date(new Date(parcel.Received).getTime() + days * DAY + hours * 3_600_000);
  ctx.app.clock.set(when);
  return when;
};
const abandon = (id: number, token: string) =>
  ctx.post(`/api/admin/depot/parcels/${id}/abandon`, { Confirm: true }, bearer(token));

/** The waiting list, every page of it, as the screen asks for it. */
async function waitingList(token: string, sort = 'oldest') {
  const res = await depot.parcels(`state=waiting&itemsPerPage=100&sort=${sort}`, token);
  expect(res.statusCode, res.body).toBe(200);
  const page = parcelsResponse.parse(res.json());
  expect(page.total).toBe(page.items.length);
  return page.items;
}

/** The ids the one rule says wait for their customer with a booking, of every parcel there is. */
async function byTheRule() {
  const db = ctx.database.db;
  const rows = await db
    .select({
      id: parcels.id,
      orderId: parcels.orderId,
      orderStatus: orders.status,
      abandonedAt: parcels.abandonedAt,
      dispatchedAt: parcels.dispatchedAt,
    })
    .from(parcels)
    .leftJoin(orders, eq(orders.id, parcels.orderId));
  const waits = await storageWaitsOf(db, rows);
  return rows
    .filter((r) => ['invoice', 'consolidation'].includes(waits.get(r.id) ?? ''))
    .map((r) => r.id)
    .sort((a, b) => a - b);
}

async function consolidated(customer: Awaited<ReturnType<typeof depotCustomer>>) {
  const first = await paidBooking(ctx, customer, 'A');
  const second = await paidBooking(ctx, customer, 'A');
  const asked = await ctx.app.inject({
    method: 'POST',
    url: '/public/consolidation/create',
    headers: bearer(customer.token),
    payload: { OrderIds: [first.Id, second.Id] },
  });
  expectStatus(asked, 201);
  return { first, second, consignment: asked.json() as Consignment };
}

describe('the booked parcels waiting for their customer', () => {
  test('are what the storage rule says, with their clock; abandoned from the list once due', async () => {
    const staff = await staffMember(ctx, 'depot');
    const ann = await depotCustomer(ctx);
    const bob = await depotCustomer(ctx);
    const cat = await depotCustomer(ctx);

    // held for its unpaid excess invoice: waiting
    const held = await excessInvoice(ctx, ann, staff.token);
    // the first of two parcels in a consolidation request: waiting for the other
    const waitingBox = await consolidated(bob);
    const inBox = (await depot.received(measured({ OrderId: waitingBox.first.Id }), staff.token))
      .Parcel;
    // both parcels of a request in: ready, it waits for the depot
    const readyBox = await consolidated(cat);
    const readyParcels = [
      (await depot.received(measured({ OrderId: readyBox.first.Id }), staff.token)).Parcel,
      (await depot.received(measured({ OrderId: readyBox.second.Id }), staff.token)).Parcel,
    ];
    // held, but its invoice disputed: waits for staff
    const disputed = await excessInvoice(ctx, cat, staff.token);
    await disputeCalls(ctx).disputed(disputed.invoice.Id, cat);
    // ready to leave, and a parcel without a booking (the Unmatched page's)
    const ready = (
      await depot.received(
        measured({ OrderId: (await paidBooking(ctx, ann, 'C')).Id }),
        staff.token,
      )
    ).Parcel;
    const unbooked = (await depot.received(measured({ CustomerId: bob.id }), staff.token)).Parcel;

    at(held.parcel, freeDays + 2);
    const listed = await waitingList(staff.token);
    const ids = listed.map((p) => p.Id);
    expect([...ids].sort((a, b) => a - b)).toEqual(await byTheRule());
    expect(ids).toContain(held.parcel.Id);
    expect(ids).toContain(inBox.Id);
    for (const other of [...readyParcels, disputed.parcel, ready, unbooked]) {
      expect(ids).not.toContain(other.Id);
    }
    expect(listed.find((p) => p.Id === held.parcel.Id)).toMatchObject({
      State: 'held',
      Hold: 'invoice',
      Storage: { Phase: 'charging', ChargedDays: 2 },
    });
    expect(listed.find((p) => p.Id === inBox.Id)).toMatchObject({
      State: 'ready',
      Storage: { Phase: 'charging' },
    });
    // the longest waiting first, or the newest first
    expect(ids.indexOf(held.parcel.Id)).toBeLessThan(ids.indexOf(inBox.Id));
    const newest = (await waitingList(staff.token, 'newest')).map((p) => p.Id);
    expect(newest.indexOf(inBox.Id)).toBeLessThan(newest.indexOf(held.parcel.Id));

    // abandoned from it once its day has come, not before; then off the list
    at(held.parcel, abandonDays - 1, 23);
    expect(
      (await waitingList(staff.token)).find((p) => p.Id === held.parcel.Id)?.Storage?.Phase,
    ).toBe('charging');
    const early = await abandon(held.parcel.Id, staff.token);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/cannot be treated as abandoned before/);
    at(held.parcel, abandonDays, 1);
    const listedDue = (await waitingList(staff.token)).find((p) => p.Id === held.parcel.Id);
    expect(listedDue?.Storage?.Phase).toBe('abandonable');
    const res = await abandon(held.parcel.Id, staff.token);
    expect(res.statusCode, res.body).toBe(200);
    const after = (await waitingList(staff.token)).map((p) => p.Id);
    expect(after).not.toContain(held.parcel.Id);
    expect(after).toContain(inBox.Id);
    expect([...after].sort((a, b) => a - b)).toEqual(await byTheRule());
  });

  test('the list is for staff who read parcels, and a wrong state names the field', async () => {
    const ann = await depotCustomer(ctx);
    expect((await depot.parcels('state=waiting', ann.token)).statusCode).toBe(403);
    const staff = await staffMember(ctx, 'depot');
    const bad = await depot.parcels('state=waitin', staff.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('state');
  });
});
