import { beforeEach, describe, expect, test } from 'vitest';
import { stubBrowserWindow } from '../../support/browser-window';

const { localStorage, otherTab } = stubBrowserWindow();

const store = await import('../../../src/web/lib/booking-store');
const stored = (key: string) => {
  const raw = localStorage.getItem(key);
  return raw === null ? null : JSON.parse(raw);
};

beforeEach(() => {
  localStorage.clear();
  store.refreshBookings();
});

describe('local order ids (docs/requirements.md §3)', () => {
  test('the first order is 1, then one higher than the largest', () => {
    expect(store.createOrder().Id).toBe(1);
    expect(store.createOrder().Id).toBe(2);
    localStorage.setItem('ORDER-7', JSON.stringify({ Id: 7 }));
    localStorage.setItem('ORDER-INDEX', JSON.stringify([1, 2, 7]));
    expect(store.createOrder().Id).toBe(8);
    expect(stored('ORDER-INDEX')).toEqual([1, 2, 7, 8]);
  });

  test('each order is kept under ORDER-{id}', () => {
    const order = store.createOrder({ ProductId: 3 });
    expect(stored(`ORDER-${order.Id}`)).toMatchObject({ Id: order.Id, ProductId: 3 });
    store.updateOrder(order.Id, { RetailerName: 'Argos' });
    expect(stored(`ORDER-${order.Id}`)).toMatchObject({ ProductId: 3, RetailerName: 'Argos' });
    expect(store.getBookings().orders.get(order.Id)?.RetailerName).toBe('Argos');
    expect(store.updateOrder(99, { RetailerName: 'x' })).toBeNull();
  });

  test('an order made in another tab is counted before a new id is chosen', () => {
    store.createOrder();
    // Another tab wrote order 2 without this tab hearing about it yet.
    localStorage.setItem('ORDER-2', JSON.stringify({ Id: 2 }));
    localStorage.setItem('ORDER-INDEX', JSON.stringify([1, 2]));
    expect(store.createOrder().Id).toBe(3);
  });
});

describe('the basket (docs/requirements.md §4)', () => {
  test('adding stores the id without duplicates', () => {
    const a = store.createOrder();
    const b = store.createOrder();
    store.addOrderToBasket(a.Id);
    store.addOrderToBasket(b.Id);
    store.addOrderToBasket(a.Id);
    expect(stored('BASKET')).toEqual([1, 2]);
    store.addOrderToBasket(42); // no such order
    expect(store.getBookings().basket).toEqual([1, 2]);
  });

  test('removing an order clears the checkout reference, checkout order and discount', () => {
    const a = store.createOrder();
    const b = store.createOrder();
    store.addOrderToBasket(a.Id);
    store.addOrderToBasket(b.Id);
    localStorage.setItem('CHECKOUT-REF', 'abc');
    localStorage.setItem('CHECKOUT-ORDER', '{}');
    localStorage.setItem('DISCOUNT', 'XMAS');
    store.removeOrder(a.Id);
    expect(stored('BASKET')).toEqual([b.Id]);
    expect(stored('ORDER-INDEX')).toEqual([b.Id]);
    expect(localStorage.getItem('ORDER-1')).toBeNull();
    for (const key of ['CHECKOUT-REF', 'CHECKOUT-ORDER', 'DISCOUNT']) {
      expect(localStorage.getItem(key)).toBeNull();
    }
  });

  test('emptying clears the list and the orders in it, and keeps bookings in progress', () => {
    const a = store.createOrder();
    const b = store.createOrder();
    const inProgress = store.createOrder();
    store.addOrderToBasket(a.Id);
    store.addOrderToBasket(b.Id);
    localStorage.setItem('DISCOUNT', 'XMAS');
    store.emptyTheBasket();
    expect(stored('BASKET')).toEqual([]);
    expect(stored('ORDER-INDEX')).toEqual([inProgress.Id]);
    expect(localStorage.getItem('DISCOUNT')).toBeNull();
    expect(store.getBookings().orders.has(inProgress.Id)).toBe(true);
  });

  test('logging out forgets every booking', () => {
    store.addOrderToBasket(store.createOrder().Id);
    localStorage.setItem('accessToken', 'kept by the session');
    store.clearBookings();
    expect(localStorage.length).toBe(1);
    expect(store.getBookings()).toMatchObject({ index: [], basket: [] });
  });
});

describe('corrupt and old data', () => {
  test('unreadable entries are dropped without breaking anything', () => {
    localStorage.setItem('ORDER-INDEX', '{not json');
    localStorage.setItem('BASKET', '"1,2"');
    localStorage.setItem('ORDER-1', '{"Id":1,"ProductId":2}');
    localStorage.setItem('ORDER-2', 'garbage');
    localStorage.setItem('ORDER-3', '[1,2,3]');
    store.refreshBookings();
    const state = store.getBookings();
    expect([...state.orders.keys()]).toEqual([1]);
    expect(state.basket).toEqual([]);
    // The repairs are written back, so every tab reads the same.
    expect(stored('ORDER-INDEX')).toEqual([1]);
    expect(stored('BASKET')).toEqual([]);
    expect(localStorage.getItem('ORDER-2')).toBeNull();
    expect(localStorage.getItem('ORDER-3')).toBeNull();
  });

  test('a lost index is rebuilt from the ORDER-{id} keys, so ids are never reused', () => {
    localStorage.setItem('ORDER-4', JSON.stringify({ Id: 4, ProductId: 1 }));
    localStorage.setItem('ORDER-9', JSON.stringify({ Id: 9, ProductId: 1 }));
    localStorage.setItem('BASKET', JSON.stringify([9, 9, 4, 5]));
    store.refreshBookings();
    expect(store.getBookings().index).toEqual([4, 9]);
    expect(store.getBookings().basket).toEqual([9, 4]);
    expect(store.createOrder().Id).toBe(10);
  });

  test('the basket keeps only orders that exist, each once', () => {
    const a = store.createOrder();
    localStorage.setItem('BASKET', JSON.stringify([a.Id, a.Id, 77, 'x']));
    store.refreshBookings();
    expect(store.getBookings().basket).toEqual([a.Id]);
    expect(stored('BASKET')).toEqual([a.Id]);
  });
});

describe('other tabs', () => {
  test('a change in another tab reaches every listener', () => {
    const seen: number[] = [];
    const stop = store.subscribeBookings(() => seen.push(store.getBookings().basket.length));
    localStorage.setItem('ORDER-1', JSON.stringify({ Id: 1 }));
    localStorage.setItem('BASKET', '[1]');
    otherTab('BASKET');
    expect(seen).toEqual([1]);
    otherTab('accessToken');
    expect(seen).toEqual([1]); // not ours
    stop();
    otherTab('BASKET');
    expect(seen).toEqual([1]);
  });
});
