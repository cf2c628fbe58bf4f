// A household on one account: the customer names up to the Account/HouseholdLimit
// setting's people; the depot's find knows them by the name on a label and receives their parcels
// onto the account; a removed person's parcels stay there. Every change is audited.
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import {
  DEPOT_MESSAGES,
  lookupResponse,
  parcelsResponse,
  type LookupResult,
} from '../../src/shared/api/depot';
import { householdResponse, type Household } from '../../src/shared/api/household';
import { DEFAULT_HOUSEHOLD_LIMIT, HOUSEHOLD_MESSAGES } from '../../src/shared/household';
import { MESSAGES } from '../../src/shared/validation/messages';
import { auditLog, householdMembers, parcels, settings, users } from '../../src/server/db/schema';
import { useTestApp } from '../support/app';
import { bearer, waitForMail } from '../support/accounts';
import { depotCalls, depotCustomer, measured, paidBooking } from '../support/depot';
import { newRegistration } from '../support/registration';
import { staffMember } from '../support/staff';

const ctx = useTestApp();
const depot = depotCalls(ctx);

const list = (token: string) =>
  ctx.app.inject({ url: '/public/household', headers: bearer(token) });
const add = (token: string, body: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url: '/public/household',
    headers: bearer(token),
    payload: body as object,
  });
const remove = (token: string, id: number | string) =>
  ctx.app.inject({ method: 'DELETE', url: `/public/household/${id}`, headers: bearer(token) });
const householdOf = async (token: string): Promise<Household> => {
  const res = await list(token);
  expect(res.statusCode, res.body).toBe(200);
  return householdResponse.parse(res.json());
};
const added = async (token: string, FirstName: string, LastName: string) => {
  const res = await add(token, { FirstName, LastName });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { Id: number; FullName: string };
};
const found = async (q: string, token: string): Promise<LookupResult> => {
  const res = await depot.lookup(q, token);
  expect(res.statusCode, res.body).toBe(200);
  return lookupResponse.parse(res.json());
};
const auditOf = (customerId: number) =>
  ctx.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subject, 'Customer'), eq(auditLog.subjectId, String(customerId))))
    .orderBy(asc(auditLog.id));
/** A name no other test's customer has (the depot's find matches a name in one household only). */
let names = 0;
const uniqueSurname = () => `Householder${Date.now().toString(36)}x${(names += 1)}`;

describe('the customer’s household', () => {
  test('needs a session for every call', async () => {
    expect((await ctx.app.inject({ url: '/public/household' })).statusCode).toBe(401);
    expect(
      (await ctx.post('/public/household', { FirstName: 'A', LastName: 'B' })).statusCode,
    ).toBe(401);
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: '/public/household/1' })).statusCode,
    ).toBe(401);
  });

  test('names people up to the setting’s limit, each audited, with the reference they use', async () => {
    const ann = await depotCustomer(ctx);
    const empty = await householdOf(ann.token);
    expect(empty).toEqual({
      Members: [],
      Limit: DEFAULT_HOUSEHOLD_LIMIT,
      Reference: ann.reference,
    });

    const surname = uniqueSurname();
    const jane = await added(ann.token, '  Jane ', surname);
    expect(jane).toMatchObject({
      FirstName: 'Jane',
      LastName: surname,
      FullName: `Jane ${surname}`,
    });
    for (const first of ['Tom', 'Lily', 'Max']) await added(ann.token, first, surname);
    const full = await add(ann.token, { FirstName: 'Zoe', LastName: surname });
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe(HOUSEHOLD_MESSAGES.tooMany(DEFAULT_HOUSEHOLD_LIMIT));
    expect((await householdOf(ann.token)).Members.map((m) => m.FirstName)).toEqual([
      'Jane',
      'Tom',
      'Lily',
      'Max',
    ]);

    const entries = await auditOf(ann.id);
    expect(entries.map((e) => [e.action, e.actorId, (e.after as { Name: string }).Name])).toEqual(
      ['Jane', 'Tom', 'Lily', 'Max'].map((n) => ['household.add', ann.id, `${n} ${surname}`]),
    );

    // the office changes the setting: the limit follows it
    await ctx.database.db
      .update(settings)
      .set({ value: '5' })
      .where(and(eq(settings.category, 'Account'), eq(settings.name, 'HouseholdLimit')));
    try {
      expect((await householdOf(ann.token)).Limit).toBe(5);
      expect((await add(ann.token, { FirstName: 'Zoe', LastName: surname })).statusCode).toBe(201);
      expect((await add(ann.token, { FirstName: 'Ava', LastName: surname })).statusCode).toBe(409);
    } finally {
      await ctx.database.db
        .update(settings)
        .set({ value: String(DEFAULT_HOUSEHOLD_LIMIT) })
        .where(and(eq(settings.category, 'Account'), eq(settings.name, 'HouseholdLimit')));
    }
  });

  test('checks the names with the one-line name rules, naming the field', async () => {
    const { token, body } = await depotCustomer(ctx);
    const fieldsOf = async (payload: unknown) => {
      const res = await add(token, payload);
      expect(res.statusCode, res.body).toBe(400);
      return res.json().errors as { field: string; error: string }[];
    };
    expect(await fieldsOf({ FirstName: ' ', LastName: 'Smith' })).toEqual([
      { field: 'FirstName', error: MESSAGES.required },
    ]);
    expect(await fieldsOf({ FirstName: 'Jane', LastName: 'x'.repeat(51) })).toEqual([
      { field: 'LastName', error: MESSAGES.maxLength(50) },
    ]);
    expect((await fieldsOf({ FirstName: 'Jane\nSmith', LastName: 'Smith' }))[0].field).toBe(
      'FirstName',
    );
    expect((await fieldsOf({ FirstName: 7, LastName: 'Smith' }))[0].field).toBe('FirstName');
    expect((await fieldsOf({ FirstName: 'Jane', LastName: 'Smith', Id: 3 }))[0].field).toBe('body');
    // the account holder is on the account already; a person is named once
    const self = await fieldsOf({
      FirstName: body.FirstName,
      LastName: body.LastName.toUpperCase(),
    });
    expect(self).toEqual([{ field: 'FirstName', error: HOUSEHOLD_MESSAGES.sameAsHolder }]);
    const surname = uniqueSurname();
    await added(token, 'Jane', surname);
    expect(await fieldsOf({ FirstName: 'jane', LastName: surname })).toEqual([
      { field: 'FirstName', error: HOUSEHOLD_MESSAGES.duplicate },
    ]);
    expect((await householdOf(token)).Members).toHaveLength(1);
  });

  test('two additions at once cannot both take the last place', async () => {
    const { token } = await depotCustomer(ctx);
    const surname = uniqueSurname();
    for (const first of ['Amy', 'Ben', 'Cat']) await added(token, first, surname);
    const answers = await Promise.all([
      add(token, { FirstName: 'Dan', LastName: surname }),
      add(token, { FirstName: 'Eve', LastName: surname }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect((await householdOf(token)).Members).toHaveLength(DEFAULT_HOUSEHOLD_LIMIT);
  });

  test('removes a person, audited; another customer’s person is not found', async () => {
    const ann = await depotCustomer(ctx);
    const bob = await depotCustomer(ctx);
    const surname = uniqueSurname();
    const jane = await added(ann.token, 'Jane', surname);

    expect((await remove(bob.token, jane.Id)).statusCode).toBe(404);
    expect((await remove(ann.token, 'x')).statusCode).toBe(400);
    expect((await remove(ann.token, 999_999)).statusCode).toBe(404);
    expect((await householdOf(ann.token)).Members).toHaveLength(1);

    const res = await remove(ann.token, jane.Id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await householdOf(ann.token)).Members).toEqual([]);
    expect((await remove(ann.token, jane.Id)).statusCode).toBe(404);
    const last = (await auditOf(ann.id)).at(-1)!;
    expect(last).toMatchObject({
      action: 'household.remove',
      actorId: ann.id,
      before: { HouseholdMember: jane.Id, Name: `Jane ${surname}` },
      after: null,
    });
    // the place is free again
    expect((await add(ann.token, { FirstName: 'Jane', LastName: surname })).statusCode).toBe(201);
  });

  test('the office sees the household on the customer’s page and in their data export', async () => {
    const office = await staffMember(ctx, 'office');
    const ann = await depotCustomer(ctx);
    const surname = uniqueSurname();
    const jane = await added(ann.token, 'Jane', surname);
    const removed = await added(ann.token, 'Old', surname);
    expect((await remove(ann.token, removed.Id)).statusCode).toBe(200);
    const page = await ctx.app.inject({
      url: `/api/admin/customers/${ann.id}`,
      headers: bearer(office.token),
    });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().Household).toEqual([expect.objectContaining({ Id: jane.Id })]);
    const exported = await ctx.app.inject({
      url: `/api/admin/customers/${ann.id}/export`,
      headers: bearer(office.token),
    });
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.json().Household).toEqual([
      expect.objectContaining({ FullName: `Jane ${surname}` }),
    ]);
  });

  test('a deleted account’s household names are forgotten', async () => {
    const ann = await depotCustomer(ctx);
    const jane = await added(ann.token, 'Jane', uniqueSurname());
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: '/public/members/delete',
      headers: bearer(ann.token),
      payload: { CurrentPassword: newRegistration().Password },
    });
    expect(res.statusCode, res.body).toBe(204);
    const [row] = await ctx.database.db
      .select()
      .from(householdMembers)
      .where(eq(householdMembers.id, jane.Id));
    expect(row).toMatchObject({ firstName: '', lastName: '' });
    expect(row.removedAt).toBeInstanceOf(Date);
  });
});

describe('the depot receives a household member’s parcel onto the account', () => {
  test('found by the name on the label, received unbooked for the account, kept after removal', async () => {
    const staff = await staffMember(ctx, 'depot');
    const ann = await depotCustomer(ctx);
    const surname = uniqueSurname();
    const jane = await added(ann.token, 'Jane', surname);

    // the reference shows who else may be on the label
    const byReference = await found(ann.reference, staff.token);
    expect(byReference.Customer?.Household).toEqual([{ Id: jane.Id, Name: `Jane ${surname}` }]);
    expect(byReference.AddressedTo).toBeNull();

    // the name as a label prints it
    const byName = await found(`  JANE   ${surname.toUpperCase()} `, staff.token);
    expect(byName).toMatchObject({
      MatchedBy: 'household-member',
      Customer: { Id: ann.id, Reference: ann.reference },
      AddressedTo: { Id: jane.Id, Name: `Jane ${surname}` },
    });

    const result = await depot.received(
      measured({ CustomerId: ann.id, HouseholdMemberId: jane.Id, Shelf: 'H-1' }),
      staff.token,
    );
    expect(result.Outcome).toBe('unbooked');
    expect(result.Parcel).toMatchObject({
      State: 'unbooked',
      Customer: { Id: ann.id },
      AddressedTo: `Jane ${surname}`,
    });
    // the account holder is told, as for any parcel of theirs
    await waitForMail(ctx, { to: ann.email, kind: 'parcel-unbooked' });
    const [receiveAudit] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subject, 'Parcel'), eq(auditLog.subjectId, String(result.Parcel.Id))));
    expect(receiveAudit.after).toMatchObject({ householdMemberId: jane.Id });

    // removed: no longer found by name, no longer on new parcels, the old parcel stays hers
    expect((await remove(ann.token, jane.Id)).statusCode).toBe(200);
    expect((await found(`Jane ${surname}`, staff.token)).MatchedBy).toBeNull();
    expect((await found(ann.reference, staff.token)).Customer?.Household).toEqual([]);
    const refused = await depot.receive(
      measured({ CustomerId: ann.id, HouseholdMemberId: jane.Id }),
      staff.token,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      { field: 'HouseholdMemberId', error: DEPOT_MESSAGES.notInHousehold },
    ]);
    const unbooked = parcelsResponse.parse(
      (await depot.parcels('state=unbooked&itemsPerPage=100', staff.token)).json(),
    );
    expect(unbooked.items.find((p) => p.Id === result.Parcel.Id)).toMatchObject({
      Customer: { Id: ann.id },
      AddressedTo: `Jane ${surname}`,
    });
  });

  test('a booked parcel for a household member; another household’s person is refused', async () => {
    const staff = await staffMember(ctx, 'depot');
    const ann = await depotCustomer(ctx);
    const bob = await depotCustomer(ctx);
    const surname = uniqueSurname();
    const jane = await added(ann.token, 'Jane', surname);
    const bobs = await added(bob.token, 'Bill', uniqueSurname());
    const order = await paidBooking(ctx, ann, 'C');

    const foreign = await depot.receive(
      measured({ OrderId: order.Id, HouseholdMemberId: bobs.Id }),
      staff.token,
    );
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors[0].field).toBe('HouseholdMemberId');
    // a person needs an account to belong to: not on an unknown parcel
    const unknown = await depot.receive(measured({ HouseholdMemberId: jane.Id }), staff.token);
    expect(unknown.statusCode).toBe(400);
    expect(
      await ctx.database.db.select().from(parcels).where(eq(parcels.orderId, order.Id)),
    ).toEqual([]);

    const byName = await found(`Jane ${surname}`, staff.token);
    expect(byName.Bookings.map((b) => b.OrderId)).toEqual([order.Id]);
    const result = await depot.received(
      measured({ OrderId: order.Id, HouseholdMemberId: jane.Id }),
      staff.token,
    );
    expect(result.Outcome).toBe('received');
    expect(result.Parcel).toMatchObject({
      OrderId: order.Id,
      Customer: { Id: ann.id },
      AddressedTo: `Jane ${surname}`,
    });
  });

  test('a name two households share names nobody for sure', async () => {
    const staff = await staffMember(ctx, 'depot');
    const ann = await depotCustomer(ctx);
    const bob = await depotCustomer(ctx);
    const surname = uniqueSurname();
    await added(ann.token, 'Sam', surname);
    expect((await found(`Sam ${surname}`, staff.token)).Customer?.Id).toBe(ann.id);
    await added(bob.token, 'Sam', surname);
    expect(await found(`Sam ${surname}`, staff.token)).toMatchObject({
      MatchedBy: null,
      Customer: null,
    });
  });
});

describe('a name that more than one customer holds (decision 0046)', () => {
  test('another customer’s own name added as a household member matches nobody: staff are told', async () => {
    const staff = await staffMember(ctx, 'depot');
    const ann = await depotCustomer(ctx);
    const bob = await depotCustomer(ctx);
    const surname = uniqueSurname();
    // Ann's own name; Bob adds a household member of that very name.
    await ctx.database.db
      .update(users)
      .set({ firstName: 'Ann', lastName: surname })
      .where(eq(users.id, ann.id));
    await added(bob.token, 'Ann', surname);

    const byName = await found(`ANN ${surname.toUpperCase()}`, staff.token);
    expect(byName).toMatchObject({
      MatchedBy: null,
      Customer: null,
      AddressedTo: null,
      Bookings: [],
      SharedName: { Name: `ANN ${surname.toUpperCase()}`, Customers: 2 },
    });

    // A name one household holds, and no one else, still finds that household.
    const jane = await added(bob.token, 'Jane', surname);
    expect(await found(`Jane ${surname}`, staff.token)).toMatchObject({
      MatchedBy: 'household-member',
      Customer: { Id: bob.id },
      AddressedTo: { Id: jane.Id },
      SharedName: null,
    });
  });

  test('two households with a person of one name match neither', async () => {
    const staff = await staffMember(ctx, 'depot');
    const surname = uniqueSurname();
    await added((await depotCustomer(ctx)).token, 'Sam', surname);
    await added((await depotCustomer(ctx)).token, 'Sam', surname);
    expect(await found(`Sam ${surname}`, staff.token)).toMatchObject({
      Customer: null,
      SharedName: { Customers: 2 },
    });
  });
});
