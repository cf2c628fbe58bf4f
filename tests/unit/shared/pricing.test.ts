import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { toPence, toPounds } from '../../../src/shared/money';
import {
  basePricePence,
  listTotalPence,
  orderTotalPence,
  type PricedOrder,
} from '../../../src/shared/pricing';

/** A price in pounds as the API carries it: whole pence, written as a two-decimal number. */
const pounds = fc.integer({ min: 1, max: 500_000 }).map(toPounds);
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
const order: fc.Arbitrary<PricedOrder> = fc.record({
  Product: maybe(fc.record({ Price: pounds })),
  BespokePrice: maybe(pounds),
  QuotePrice: maybe(pounds),
  Extras: maybe(fc.array(fc.record({ Price: pounds }), { maxLength: 6 })),
});

describe('base price (docs/requirements.md §9)', () => {
  test('product Price when a product is set', () => {
    expect(basePricePence({ Product: { Price: 6.95 }, BespokePrice: 40, QuotePrice: 50 })).toBe(
      695,
    );
  });

  test('otherwise BespokePrice', () => {
    expect(basePricePence({ Product: null, BespokePrice: 40.5, QuotePrice: 50 })).toBe(4050);
  });

  test('otherwise QuotePrice', () => {
    expect(basePricePence({ BespokePrice: null, QuotePrice: 72.25 })).toBe(7225);
  });

  test('otherwise 0', () => {
    expect(basePricePence({})).toBe(0);
    expect(basePricePence({ Product: null, BespokePrice: null, QuotePrice: null })).toBe(0);
  });

  test('a price of 0 counts as not set, so a quoted bespoke order is priced by its quote', () => {
    expect(basePricePence({ BespokePrice: 0, QuotePrice: 72.25 })).toBe(7225);
  });

  test('a product priced at 0 is still the product price', () => {
    expect(basePricePence({ Product: { Price: 0 }, BespokePrice: 40 })).toBe(0);
  });

  test('property: the first set of Product, BespokePrice, QuotePrice wins', () => {
    fc.assert(
      fc.property(order, (o) => {
        const expected = o.Product?.Price ?? o.BespokePrice ?? o.QuotePrice ?? 0;
        expect(basePricePence(o)).toBe(toPence(expected));
      }),
    );
  });
});

describe('order total: base price plus every extra Price (docs/requirements.md §9)', () => {
  test('example', () => {
    const o = { Product: { Price: 9.95 }, Extras: [{ Price: 4.95 }, { Price: 2.5 }] };
    expect(orderTotalPence(o)).toBe(995 + 495 + 250);
  });

  test('no extras: the base price', () => {
    expect(orderTotalPence({ QuotePrice: 30, Extras: [] })).toBe(3000);
    expect(orderTotalPence({ QuotePrice: 30, Extras: null })).toBe(3000);
  });

  test('the float sum 0.1 + 0.2 is exactly 30 pence', () => {
    expect(orderTotalPence({ BespokePrice: 0.1, Extras: [{ Price: 0.2 }] })).toBe(30);
  });

  test('property: total = base + sum of extras, a whole number of pence', () => {
    fc.assert(
      fc.property(order, (o) => {
        const total = orderTotalPence(o);
        const extras = (o.Extras ?? []).reduce(
          (sum, extra) => sum + Math.round(extra.Price * 100),
          0,
        );
        expect(total).toBe(basePricePence(o) + extras);
        expect(Number.isInteger(total)).toBe(true);
      }),
    );
  });

  test('property: never float drift, pounds total has at most 2 decimals', () => {
    fc.assert(
      fc.property(order, (o) => {
        const total = toPounds(orderTotalPence(o));
        expect(Number(total.toFixed(2))).toBe(total);
      }),
    );
  });
});

describe('list total: sum of order totals, 0 when empty (docs/requirements.md §9)', () => {
  test('empty list', () => {
    expect(listTotalPence([])).toBe(0);
  });

  test('property: list total = sum of order totals, whatever the order of the list', () => {
    fc.assert(
      fc.property(fc.array(order, { maxLength: 20 }), (orders) => {
        const total = listTotalPence(orders);
        expect(total).toBe(orders.reduce((sum, o) => sum + orderTotalPence(o), 0));
        expect(listTotalPence([...orders].reverse())).toBe(total);
      }),
    );
  });

  test('property: amounts add exactly and round to 2 decimals', () => {
    fc.assert(
      fc.property(fc.array(order, { maxLength: 20 }), (orders) => {
        const floatTotal = orders
          .flatMap((o) => [toPounds(basePricePence(o)), ...(o.Extras ?? []).map((e) => e.Price)])
          .reduce((a, b) => a + b, 0);
        expect(listTotalPence(orders)).toBe(Math.round(floatTotal * 100));
      }),
    );
  });
});
