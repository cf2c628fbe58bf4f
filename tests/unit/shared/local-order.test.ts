import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  newLocalOrder,
  orderIdFromKey,
  repairIdList,
  repairLocalOrder,
  resolveLocalOrder,
  type LocalOrder,
} from '../../../src/shared/local-order';
import { orderTotalPence } from '../../../src/shared/pricing';
import { orderLabel } from '../../../src/shared/labels';

const complete: LocalOrder = {
  ...newLocalOrder(3, '2026-11-20T10:00:00.000Z'),
  ProductId: 1,
  size: { length: 300, width: 200, height: 100 },
  Weight: 1500,
  RetailerName: 'Next',
  RetailerWebsite: 'www.next.co.uk',
  RetailerOrderNumber: 'N123',
  ExpectedDeliveryDate: '2026-11-25',
  TrackingNumber: 'RM1234',
  MultipleDeliveries: true,
  DeliveryCount: 2,
  TermsAcceptedAt: '2026-11-20T10:01:00.000Z',
  ItemDescription: "Men's leather boots",
  ItemValue: 89.99,
  ItemCount: 1,
  Island: 'Jersey',
  selectedExtras: [1, 3],
  ExtrasConfirmed: true,
};

describe('reading a stored order back', () => {
  test('a valid order comes back unchanged', () => {
    expect(repairLocalOrder(JSON.parse(JSON.stringify(complete)), 3)).toEqual(complete);
  });

  test('something that is not an order is dropped', () => {
    for (const value of [null, 'ORDER', 42, [complete], true]) {
      expect(repairLocalOrder(value, 3)).toBeNull();
    }
    expect(repairLocalOrder(complete, 0)).toBeNull();
  });

  test('the id it is stored under wins', () => {
    expect(repairLocalOrder({ ...complete, Id: 99 }, 3)?.Id).toBe(3);
    expect(repairLocalOrder({}, 7)?.Id).toBe(7);
  });

  test('fields of the wrong type or out of range take their empty value', () => {
    const repaired = repairLocalOrder(
      {
        ...complete,
        ProductId: '1',
        size: { length: 300, width: -2, height: 100 },
        Weight: 1.5,
        ItemValue: 0,
        ItemCount: 'two',
        ExpectedDeliveryDate: '25-11-2026',
        selectedExtras: [1, 1, 'x', -3, 2],
        MultipleDeliveries: 'yes',
        TermsAcceptedAt: 5,
        Unknown: 'dropped',
      },
      3,
    );
    expect(repaired).toMatchObject({
      ProductId: null,
      size: null,
      Weight: null,
      ItemValue: null,
      ItemCount: null,
      ExpectedDeliveryDate: '',
      selectedExtras: [1, 2],
      MultipleDeliveries: false,
      TermsAcceptedAt: null,
      RetailerName: 'Next',
    });
    expect(repaired).not.toHaveProperty('Unknown');
  });

  test('item lines: a well-formed line is kept for its step to judge, a malformed one is dropped', () => {
    const boots = {
      Description: 'Boots',
      Quantity: 1,
      ValueEach: 89.99,
      Origin: 'IT',
      CommodityCode: '640399',
    };
    // An unknown country breaks a customs rule, which the details step names on its field and the
    // server refuses: the line stays, as the customer typed it.
    const unknownCountry = { ...boots, Origin: 'ZZ' };
    const repaired = repairLocalOrder(
      {
        ...complete,
        ItemLines: [
          boots,
          unknownCountry,
          { ...boots, Quantity: 0 },
          { ...boots, ValueEach: '89.99' },
          { ...boots, Origin: 7 },
          'a line',
          { ...boots, Description: 'x'.repeat(300), Unknown: 1 },
        ],
      },
      3,
    );
    expect(repaired?.ItemLines).toEqual([
      boots,
      unknownCountry,
      { ...boots, Description: 'x'.repeat(200) },
    ]);
    expect(repairLocalOrder({ ...complete, ItemLines: 'lines' }, 3)?.ItemLines).toEqual([]);
  });

  test('an order from an older version without the newer fields is completed with empty ones', () => {
    const old = { Id: 2, ProductId: 4, ItemDescription: 'Books', ItemValue: 20 };
    expect(repairLocalOrder(old, 2)).toEqual({
      ...newLocalOrder(2, ''),
      ProductId: 4,
      ItemDescription: 'Books',
      ItemValue: 20,
    });
  });

  test('property: whatever is stored, the result is null or a well-formed order', () => {
    fc.assert(
      fc.property(fc.anything(), fc.integer({ min: 1, max: 1000 }), (value, id) => {
        const order = repairLocalOrder(value, id);
        if (order === null) return;
        expect(order.Id).toBe(id);
        expect(repairLocalOrder(JSON.parse(JSON.stringify(order)), id)).toEqual(order);
      }),
    );
  });
});

describe('stored id lists (ORDER-INDEX, BASKET)', () => {
  test('valid ids only, each once, in order', () => {
    expect(repairIdList([3, 1, 3, 'x', 0, -1, 2.5, null, 2])).toEqual([3, 1, 2]);
    expect(repairIdList('[1,2]')).toEqual([]);
    expect(repairIdList({ 0: 1 })).toEqual([]);
  });

  test('order keys', () => {
    expect(orderIdFromKey('ORDER-12')).toBe(12);
    expect(orderIdFromKey('ORDER-INDEX')).toBeNull();
    expect(orderIdFromKey('ORDER-0')).toBeNull();
    expect(orderIdFromKey('ORDER-01')).toBeNull();
    expect(orderIdFromKey('XORDER-1')).toBeNull();
  });
});

describe('an order with the catalogue', () => {
  const products = [
    {
      Id: 1,
      Name: 'Small parcel',
      Code: 'A',
      Price: 6.95,
      Length: 350,
      Width: 250,
      Height: 160,
      TTLMDProductCode: 872,
    },
  ];
  const extras = [
    { Id: 1, Name: 'Insurance', Price: 4.95, Enabled: true },
    { Id: 2, Name: 'Signature', Price: 2.5, Enabled: true },
    { Id: 3, Name: 'Storage', Price: 5, Enabled: false },
  ];

  test('prices come from the catalogue, hidden extras included', () => {
    const resolved = resolveLocalOrder(complete, products, extras);
    expect(resolved.Product?.Code).toBe('A');
    expect(resolved.Extras.map((e) => e.Id)).toEqual([1, 3]);
    expect(orderTotalPence(resolved)).toBe(695 + 495 + 500);
    expect(orderLabel(resolved)).toBe('Price Band A');
    expect(resolved.productMissing).toBe(false);
  });

  test('a band the catalogue no longer has is reported, never priced', () => {
    const resolved = resolveLocalOrder(
      { ...complete, ProductId: 9, selectedExtras: [] },
      products,
      extras,
    );
    expect(resolved.Product).toBeNull();
    expect(resolved.productMissing).toBe(true);
    expect(orderTotalPence(resolved)).toBe(0);
  });
});
