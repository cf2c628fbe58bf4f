import fs from 'node:fs';
import { describe, expect, test } from 'vitest';
import { formatMoney } from '../../../src/shared/money';
import { seedExtras } from '../../../src/server/db/seed-data';
import {
  bookedParcel,
  canCancelConsignment,
  canMoveConsignment,
  combinedParcel,
  CONSIGNMENT_STATUSES,
  CONSIGNMENT_TRANSITIONS,
  CONSOLIDATION_MESSAGES,
  consignmentReference,
  consolidationEstimate,
  consolidationGroups,
  consolidationProblem,
  DEFAULT_MISSING_PARCEL_DAYS,
  REPACK_EXTRA_CODE,
  differenceText,
  isParcelLate,
  missingParcelDaysOf,
  splitRefund,
} from '../../../src/shared/consolidation';

const band = (Id: number, Price: number, L: number, W: number, H: number, kg: number) => ({
  Id,
  Price,
  Length: L,
  Width: W,
  Height: H,
  MaxWeight: kg * 1000,
  SortOrder: Id,
});
// The seeded bands A to D.
const A = band(1, 6.95, 350, 250, 160, 5);
const B = band(2, 9.95, 450, 350, 200, 10);
const C = band(3, 12.95, 500, 400, 300, 15);
const D = band(4, 16.95, 600, 400, 400, 20);
const BANDS = [D, B, A, C];

const booking = (id: number, over: Record<string, unknown> = {}) => ({
  id,
  reference: `ORD-${id}`,
  customerId: 7,
  island: 'Jersey',
  status: 'Awaiting Parcel' as const,
  dispatched: false,
  inConsignment: false,
  ...over,
});

describe('the lifecycle of a consignment', () => {
  test('every status is in the table; dispatched and cancelled are final', () => {
    expect(Object.keys(CONSIGNMENT_TRANSITIONS).sort()).toEqual([...CONSIGNMENT_STATUSES].sort());
    expect(CONSIGNMENT_TRANSITIONS.dispatched).toEqual([]);
    expect(CONSIGNMENT_TRANSITIONS.cancelled).toEqual([]);
    expect(canMoveConsignment('awaiting parcels', 'ready')).toBe(true);
    expect(canMoveConsignment('awaiting parcels', 'repacking')).toBe(false);
    expect(canMoveConsignment('ready', 'dispatched')).toBe(false);
  });
  test('cancellable until repacking starts', () => {
    expect(CONSIGNMENT_STATUSES.filter(canCancelConsignment)).toEqual([
      'requested',
      'awaiting parcels',
      'ready',
    ]);
  });
  test('references', () => {
    expect(consignmentReference(42)).toBe('CON-000042');
    expect(() => consignmentReference(0)).toThrow(RangeError);
  });
});

describe('who may consolidate', () => {
  test('two or more paid bookings of the customer for one island, parcels not left', () => {
    expect(consolidationProblem(7, [booking(1), booking(2)])).toBeNull();
    expect(
      consolidationProblem(7, [booking(1), booking(2, { status: 'Received at Depot' })]),
    ).toBeNull();
    expect(consolidationProblem(7, [booking(1)])).toBe(CONSOLIDATION_MESSAGES.tooFew);
    expect(consolidationProblem(7, [booking(1), booking(2, { customerId: 8 })])).toBe(
      CONSOLIDATION_MESSAGES.notYours,
    );
    expect(consolidationProblem(7, [booking(1), booking(2, { island: 'Guernsey' })])).toBe(
      CONSOLIDATION_MESSAGES.oneIsland,
    );
    expect(consolidationProblem(7, [booking(1), booking(2, { status: 'Awaiting Payment' })])).toBe(
      CONSOLIDATION_MESSAGES.notEligible('ORD-2'),
    );
    expect(consolidationProblem(7, [booking(1), booking(2, { status: 'Shipped' })])).toBe(
      CONSOLIDATION_MESSAGES.notEligible('ORD-2'),
    );
    expect(consolidationProblem(7, [booking(1), booking(2, { dispatched: true })])).toBe(
      CONSOLIDATION_MESSAGES.notEligible('ORD-2'),
    );
    expect(consolidationProblem(7, [booking(1), booking(2, { inConsignment: true })])).toBe(
      CONSOLIDATION_MESSAGES.alreadyIn('ORD-2'),
    );
  });
  test('groups offered by island, only where two or more could go', () => {
    const groups = consolidationGroups([
      booking(1),
      booking(2, { island: 'Guernsey' }),
      booking(3),
      booking(4, { status: 'Shipped' }),
      booking(5, { island: 'Guernsey', inConsignment: true }),
    ]);
    expect(groups.map((g) => [g.island, g.bookings.map((b) => b.id)])).toEqual([
      ['Jersey', [1, 3]],
    ]);
  });
});

describe('the price of one crossing', () => {
  test('the combined box: longest and widest of them, heights stacked, weights added', () => {
    expect(
      combinedParcel([
        { size: { length: 160, width: 350, height: 250 }, weightGrams: 5000 },
        { size: { length: 450, width: 350, height: 200 }, weightGrams: 1000 },
      ]),
    ).toEqual({ size: { length: 450, width: 350, height: 360 }, weightGrams: 6000 });
  });
  test('three A bookings go as one C: £12.95 + £5 repacking − £20.85 paid = £2.90 back', () => {
    const three = [1, 2, 3].map(() => bookedParcel(A, null, 695)!);
    const price = consolidationEstimate(three, 500, BANDS);
    expect(price).toMatchObject({
      kind: 'priced',
      band: C,
      crossingPence: 1295,
      repackPence: 500,
      paidPence: 2085,
      differencePence: -290,
    });
  });
  test('a box costing more than was paid is owed; larger than every band is too big', () => {
    const two = [bookedParcel(C, null, 1295)!, bookedParcel(C, null, 1295)!];
    expect(consolidationEstimate(two, 500, BANDS)).toEqual({ kind: 'too-big' });
    const mixed = [bookedParcel(A, null, 695)!, bookedParcel(B, null, 995)!];
    // 450 x 350 x 360 mm, 15 kg: too high for C, so D at £16.95 + £5 − £16.90 = £5.05 owed.
    expect(consolidationEstimate(mixed, 500, BANDS)).toMatchObject({
      band: D,
      differencePence: 505,
    });
  });
  test('a booking priced by the office counts its declared size', () => {
    const declared = { size: { length: 100, width: 100, height: 100 }, weightGrams: 500 };
    expect(bookedParcel(null, declared, 1500)).toEqual({ ...declared, paidPence: 1500 });
    expect(bookedParcel(null, null, 1500)).toBeNull();
  });
  test('the difference said to the customer', () => {
    expect(differenceText(-290)).toBe('£2.90 back to you');
    expect(differenceText(105)).toBe('£1.05 to pay');
    expect(differenceText(0)).toBe('Nothing to pay and nothing back');
  });
});

describe('refunds and late parcels', () => {
  test('a refund is split over the bookings, never more than each paid', () => {
    const bookings = [
      { orderId: 1, paidPence: 695 },
      { orderId: 2, paidPence: 695 },
    ];
    expect(splitRefund(590, bookings)).toEqual([{ orderId: 1, amountPence: 590 }]);
    expect(splitRefund(1000, bookings)).toEqual([
      { orderId: 1, amountPence: 695 },
      { orderId: 2, amountPence: 305 },
    ]);
    expect(splitRefund(1391, bookings)).toBeNull();
  });
  test('a booking paid with a discount gives back only what is left of it; the next gives the rest', () => {
    // The first booking's carriage was £6.95, but a discount took £6.00 off what it paid.
    const bookings = [
      { orderId: 1, paidPence: 695, refundablePence: 95 },
      { orderId: 2, paidPence: 695, refundablePence: 695 },
    ];
    expect(splitRefund(195, bookings)).toEqual([
      { orderId: 1, amountPence: 95 },
      { orderId: 2, amountPence: 100 },
    ]);
    expect(splitRefund(791, bookings)).toBeNull();
  });
  test('a parcel is late after the set days, exactly at them', () => {
    const since = new Date('2026-12-01T10:00:00Z');
    expect(isParcelLate(since, new Date('2026-12-08T09:59:59Z'), 7)).toBe(false);
    expect(isParcelLate(since, new Date('2026-12-08T10:00:00Z'), 7)).toBe(true);
    expect(missingParcelDaysOf(3)).toBe(3);
    expect(missingParcelDaysOf(0)).toBe(7);
    expect(missingParcelDaysOf('x')).toBe(7);
  });
});

describe('the FAQ says the seeded values', () => {
  test('the repacking charge and the days a late parcel is waited for', () => {
    const faq = fs.readFileSync('content/pages/faqs.md', 'utf8');
    const repack = seedExtras.find((e) => e.code === REPACK_EXTRA_CODE)!;
    expect(repack.enabled).toBe(false);
    expect(faq).toContain(`**${formatMoney(repack.pricePence)}** for repacking`);
    expect(faq).toContain(`**${DEFAULT_MISSING_PARCEL_DAYS} days** after you asked`);
  });
});
