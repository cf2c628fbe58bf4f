import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { orderIdFromReference, orderReference } from '../../../src/shared/order-reference';

describe('order references', () => {
  test('ORD- and six digits at least', () => {
    expect(orderReference(42)).toBe('ORD-000042');
    expect(orderReference(1_234_567)).toBe('ORD-1234567');
    expect(() => orderReference(0)).toThrow(RangeError);
  });

  test('read back in any case', () => {
    expect(orderIdFromReference(' ord-000042 ')).toBe(42);
    expect(orderIdFromReference('ORD-0')).toBeNull();
    expect(orderIdFromReference('FB7KXM3X')).toBeNull();
    // No record has an id past the database's integer: a query for one would be an error.
    expect(orderIdFromReference('ORD-2147483647')).toBe(2_147_483_647);
    expect(orderIdFromReference('ORD-2147483648')).toBeNull();
    expect(orderIdFromReference('ORD-9999999999999999')).toBeNull();
  });

  test('property: every id round-trips', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2_147_483_647 }), (id) => {
        expect(orderIdFromReference(orderReference(id))).toBe(id);
      }),
    );
  });
});
