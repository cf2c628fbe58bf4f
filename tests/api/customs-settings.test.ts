// The office's Customs settings (docs/decisions/0040): the CN22/CN23 limit, the export
// evidence's months and warning days, edited in Settings (PUT /api/admin/settings, section
// Customs), validated by the shared rules (a 400 names the field), audited before and after,
// never public, and taken at once by the depot: the form a parcel gets, its leave-by date and
// whether the dispatch screen marks that date as close.
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, test } from 'vitest';
import { depotParcelSchema } from '../../src/shared/api/depot';
import { dispatchListResponse } from '../../src/shared/api/depot-dispatch';
import type { ItemLineInput } from '../../src/shared/api/item-lines';
import { auditLog } from '../../src/server/db/schema';
import { useTestApp } from '../support/app';
import { bearer } from '../support/accounts';
import { depotCalls, depotCustomer, measured, paidBooking } from '../support/depot';
import { staffMember } from '../support/staff';

const ctx = useTestApp();
const depot = depotCalls(ctx);

const DEFAULTS = { Cn22Limit: 270, EvidenceMonths: 3, EvidenceWarningDays: 14 };

const settingsCall = (method: 'GET' | 'PUT', token: string, payload?: unknown) =>
  ctx.app.inject({
    method,
    url: '/api/admin/settings',
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

afterEach(async () => {
  ctx.app.clock.set(null);
  const admin = await staffMember(ctx, 'office');
  await settingsCall('PUT', admin.token, { Customs: DEFAULTS });
});

const line = (Description: string, ValueEach: number): ItemLineInput => ({
  Description,
  Quantity: 1,
  ValueEach,
  Origin: 'GB',
  CommodityCode: '',
});

/** A paid booking worth `value`, with its one line and the retailer's order date, received. */
async function received(value: number, RetailerOrderDate: string) {
  const staff = await staffMember(ctx, 'depot');
  const ann = await depotCustomer(ctx);
  const order = await paidBooking(ctx, ann, 'C', {
    ItemDescription: 'Table lamp',
    ItemValue: value,
    ItemCount: 1,
    ItemLines: [line('Table lamp', value)],
    RetailerOrderDate,
  });
  const res = await depot.received(
    measured({ OrderId: order.Id, WeightKg: 2, Photos: [] }),
    staff.token,
  );
  const parcel = async () =>
    depotParcelSchema.parse(
      (await depot.get(`/api/admin/depot/parcels/${res.Parcel.Id}`, staff.token)).json(),
    );
  const onDispatchList = async () =>
    dispatchListResponse
      .parse((await depot.get('/api/admin/depot/dispatch', staff.token)).json())
      .Islands.flatMap((g) => g.Parcels)
      .find((p) => p.Id === res.Parcel.Id)!;
  return { order, parcel, onDispatchList };
}

describe('Customs settings', () => {
  test('the office reads and changes them; each change is audited, none is public; the depot takes them at once', async () => {
    const office = await staffMember(ctx, 'office');
    const current = await settingsCall('GET', office.token);
    expect(current.statusCode, current.body).toBe(200);
    expect(current.json().Customs).toEqual(DEFAULTS);

    // £150 is under the £270 limit: a CN22; 31 August + 3 months is 30 November, 20 days after
    // the 10th: not yet marked with 14 warning days
    const lamp = await received(150, '2026-08-31');
    ctx.app.clock.set(new Date('2026-11-10T10:00:00Z'));
    expect(await lamp.parcel()).toMatchObject({
      CustomsForm: 'CN22',
      LeaveBy: '2026-11-30',
      LeaveBySoon: false,
    });

    const res = await settingsCall('PUT', office.token, {
      Customs: { Cn22Limit: 99.99, EvidenceMonths: 4, EvidenceWarningDays: 30 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().Customs).toEqual({
      Cn22Limit: 99.99,
      EvidenceMonths: 4,
      EvidenceWarningDays: 30,
    });
    // 4 months: 31 December; 30 warning days from the 1st of December
    expect(await lamp.parcel()).toMatchObject({
      CustomsForm: 'CN23',
      LeaveBy: '2026-12-31',
      LeaveBySoon: false,
    });
    ctx.app.clock.set(new Date('2026-12-01T10:00:00Z'));
    expect(await lamp.onDispatchList()).toMatchObject({ LeaveBy: '2026-12-31', LeaveBySoon: true });
    ctx.app.clock.set(new Date('2026-11-30T10:00:00Z'));
    expect((await lamp.onDispatchList()).LeaveBySoon).toBe(false);

    const entries = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subject, 'Setting'), eq(auditLog.actorId, office.user.id)));
    expect(entries.map((e) => [e.subjectId, e.before, e.after])).toEqual([
      [
        'Customs/Cn22LimitPence',
        { Category: 'Customs', Name: 'Cn22LimitPence', Value: 27000 },
        { Category: 'Customs', Name: 'Cn22LimitPence', Value: 9999 },
      ],
      [
        'Customs/EvidenceMonths',
        { Category: 'Customs', Name: 'EvidenceMonths', Value: 3 },
        { Category: 'Customs', Name: 'EvidenceMonths', Value: 4 },
      ],
      [
        'Customs/EvidenceWarningDays',
        { Category: 'Customs', Name: 'EvidenceWarningDays', Value: 14 },
        { Category: 'Customs', Name: 'EvidenceWarningDays', Value: 30 },
      ],
    ]);

    const shown = await ctx.app.inject({ url: '/public/settings' });
    expect(shown.statusCode).toBe(200);
    expect(shown.body).not.toContain('Customs');
  });

  test('a 400 names each field the shared rules refuse, and nothing changes', async () => {
    const office = await staffMember(ctx, 'office');
    const refused = async (Customs: unknown) => {
      const res = await settingsCall('PUT', office.token, { Customs });
      expect(res.statusCode, res.body).toBe(400);
      return Object.fromEntries(
        (res.json().errors as { field: string; error: string }[]).map((e) => [e.field, e.error]),
      );
    };
    expect(
      await refused({ Cn22Limit: 0, EvidenceMonths: 0, EvidenceWarningDays: 366 }),
    ).toMatchObject({
      'Customs.Cn22Limit': 'must be between £0.01 and £1,000,000.00',
      'Customs.EvidenceMonths': 'must be between 1 and 120',
      'Customs.EvidenceWarningDays': 'must be between 0 and 365',
    });
    expect(
      await refused({ Cn22Limit: 270.001, EvidenceMonths: 2.5, EvidenceWarningDays: 14 }),
    ).toEqual({
      'Customs.Cn22Limit': 'must have at most 2 decimals',
      'Customs.EvidenceMonths': 'must be a whole number',
    });
    // warning the customer before the evidence time has even begun makes no sense
    expect(await refused({ Cn22Limit: 270, EvidenceMonths: 1, EvidenceWarningDays: 40 })).toEqual({
      'Customs.EvidenceWarningDays': 'must be fewer days than the evidence months hold',
    });
    expect(await refused({ Cn22Limit: 270, EvidenceMonths: 3 })).toHaveProperty(
      'Customs.EvidenceWarningDays',
    );
    expect((await settingsCall('GET', office.token)).json().Customs).toEqual(DEFAULTS);

    const depotStaff = await staffMember(ctx, 'depot');
    const forbidden = await settingsCall('PUT', depotStaff.token, { Customs: DEFAULTS });
    expect(forbidden.statusCode).toBe(403);
  });
});
