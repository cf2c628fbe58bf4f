import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  basketItemTitle,
  basketPriceLines,
  dimensionsCm,
  formatDimensionsCm,
  orderDimensionsMm,
  orderLabel,
  type LabelledOrder,
} from '../../../src/shared/labels';

const product = { Name: 'Small parcel', Code: 'A' };
const size = { length: 350, width: 250, height: 160 };

describe('order labels (docs/requirements.md §9)', () => {
  test("product and size give 'Price Band' plus the product Code", () => {
    expect(orderLabel({ Product: product, size })).toBe('Price Band A');
  });

  test('product only gives the product Name', () => {
    expect(orderLabel({ Product: product })).toBe('Small parcel');
    expect(orderLabel({ Product: product, size: null })).toBe('Small parcel');
  });

  test("no product gives 'Custom Shipment'", () => {
    expect(orderLabel({ size })).toBe('Custom Shipment');
    expect(orderLabel({ Product: null })).toBe('Custom Shipment');
  });

  test("no order gives 'Empty Order'", () => {
    expect(orderLabel(null)).toBe('Empty Order');
    expect(orderLabel(undefined)).toBe('Empty Order');
  });

  test('property: the label follows product, size and order presence', () => {
    const arbitrary: fc.Arbitrary<LabelledOrder | null> = fc.option(
      fc.record({
        Product: fc.option(fc.record({ Name: fc.string(), Code: fc.string() }), { nil: undefined }),
        size: fc.option(fc.constant(size), { nil: undefined }),
      }),
    );
    fc.assert(
      fc.property(arbitrary, (order) => {
        const label = orderLabel(order);
        if (!order) expect(label).toBe('Empty Order');
        else if (!order.Product) expect(label).toBe('Custom Shipment');
        else if (order.size) expect(label).toBe(`Price Band ${order.Product.Code}`);
        else expect(label).toBe(order.Product.Name);
      }),
    );
  });
});

describe('basket item display (docs/requirements.md §2)', () => {
  test('title: product Name, or Custom Shipment when there is no product', () => {
    expect(basketItemTitle({ Product: product, size })).toBe('Small parcel');
    expect(basketItemTitle({ Product: null })).toBe('Custom Shipment');
  });

  test('dimensions in mm shown as whole centimetres (divide by 10, round)', () => {
    expect(dimensionsCm({ Length: 350, Width: 254, Height: 155 })).toEqual({
      Length: 35,
      Width: 25,
      Height: 16,
    });
    expect(formatDimensionsCm({ Length: 2000, Width: 1204, Height: 996 })).toBe(
      '200 × 120 × 100 cm',
    );
  });

  test('property: each centimetre value is within half a centimetre of the millimetres', () => {
    const mm = fc.integer({ min: 0, max: 100_000 });
    fc.assert(
      fc.property(mm, mm, mm, (Length, Width, Height) => {
        const cm = dimensionsCm({ Length, Width, Height });
        for (const [key, value] of Object.entries({ Length, Width, Height })) {
          const shown = cm[key as keyof typeof cm];
          expect(Number.isInteger(shown)).toBe(true);
          expect(Math.abs(shown * 10 - value)).toBeLessThanOrEqual(5);
        }
      }),
    );
  });

  test("an order's size: its product's, else its own, else none", () => {
    const band = { Length: 450, Width: 350, Height: 200 };
    expect(orderDimensionsMm({ Product: band, size })).toEqual(band);
    expect(orderDimensionsMm({ size })).toEqual({ Length: 350, Width: 250, Height: 160 });
    expect(orderDimensionsMm({ Product: null, size: null })).toBeNull();
  });

  test('price lines: Delivery Price, each extra, and a Subtotal when it differs', () => {
    expect(
      basketPriceLines({
        Product: { Price: 9.95 },
        Extras: [
          { Name: 'Signature on delivery', Price: 2.5 },
          { Name: 'Insurance cover up to £500', Price: 4.95 },
        ],
      }),
    ).toEqual([
      { label: 'Delivery Price', pence: 995 },
      { label: 'Signature on delivery', pence: 250 },
      { label: 'Insurance cover up to £500', pence: 495 },
      { label: 'Subtotal', pence: 1740 },
    ]);
  });

  test('price lines: no Subtotal when it equals the item price', () => {
    expect(basketPriceLines({ QuotePrice: 45, Extras: [] })).toEqual([
      { label: 'Delivery Price', pence: 4500 },
    ]);
    expect(
      basketPriceLines({ BespokePrice: 20, Extras: [{ Name: 'Free gift wrap', Price: 0 }] }),
    ).toEqual([
      { label: 'Delivery Price', pence: 2000 },
      { label: 'Free gift wrap', pence: 0 },
    ]);
  });
});
