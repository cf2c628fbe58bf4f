import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { addToBasket, emptyBasket, removeFromBasket } from '../../../src/shared/basket';
import { nextOrderId } from '../../../src/shared/local-orders';

describe('local order ids (docs/requirements.md §3 and §9)', () => {
  test('order ids start at 1', () => {
    expect(nextOrderId([])).toBe(1);
  });

  test('one higher than the largest existing id', () => {
    expect(nextOrderId([3, 9, 4])).toBe(10);
    expect(nextOrderId([1])).toBe(2);
  });

  test('property: the new id is larger than every existing id and never taken', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 1_000_000 })), (ids) => {
        const id = nextOrderId(ids);
        expect(ids.every((existing) => existing < id)).toBe(true);
        expect(id).toBe(Math.max(0, ...ids) + 1);
      }),
    );
  });
});

describe('basket operations (docs/requirements.md §4)', () => {
  test('adding stores the order id without duplicates', () => {
    expect(addToBasket([], 3)).toEqual([3]);
    expect(addToBasket([3, 5], 7)).toEqual([3, 5, 7]);
    expect(addToBasket([3, 5], 3)).toEqual([3, 5]);
  });

  test('removing deletes that id', () => {
    expect(removeFromBasket([3, 5, 7], 5)).toEqual([3, 7]);
    expect(removeFromBasket([3], 9)).toEqual([3]);
  });

  test('emptying clears the list', () => {
    expect(emptyBasket()).toEqual([]);
  });

  test('the given list is never changed', () => {
    const basket = Object.freeze([1, 2]);
    addToBasket(basket, 3);
    removeFromBasket(basket, 1);
    expect(basket).toEqual([1, 2]);
    expect(addToBasket(basket, 1)).not.toBe(basket);
  });

  test('property: any sequence of adds and removes keeps ids unique, and adding then removing an id leaves it absent', () => {
    const step = fc.record({ add: fc.boolean(), id: fc.integer({ min: 1, max: 8 }) });
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        let basket = emptyBasket();
        for (const { add, id } of steps) {
          basket = add ? addToBasket(basket, id) : removeFromBasket(basket, id);
          expect(new Set(basket).size).toBe(basket.length);
          expect(basket.includes(id)).toBe(add);
        }
      }),
    );
  });
});
