import { beforeEach, describe, expect, test } from 'vitest';
import type { CheckoutResult } from '../../../src/shared/api/checkout';
import { stubBrowserWindow } from '../../support/browser-window';

const { localStorage } = stubBrowserWindow();

const storage = await import('../../../src/web/features/checkout/checkout-storage');
const bookings = await import('../../../src/web/lib/booking-store');

const stored = (key: string) => localStorage.getItem(key);

const RESULT = {
  Payment: {
    Id: 1,
    Reference: 'PAY-000001',
    Kind: 'checkout',
    Status: 'pending',
    Provider: 'sandbox',
    Subtotal: 16.9,
    Discount: 1.69,
    DiscountCode: 'WELCOME10',
    Amount: 15.21,
    CheckoutUrl: 'http://127.0.0.1:3000/sandbox/pay/cs_1',
    LastFailure: null,
    InvoiceId: null,
    Created: '2026-11-23T09:00:00.000Z',
    PaidAt: null,
  },
  Orders: [
    { Id: 41, Reference: 'ORD-000041', LocalId: 2 },
    { Id: 42, Reference: 'ORD-000042', LocalId: 5 },
  ],
} as unknown as CheckoutResult;

beforeEach(() => localStorage.clear());

describe('CHECKOUT-REF: one Idempotency-Key per checkout', () => {
  test('made once, then the same key on every attempt', () => {
    const key = storage.checkoutKey();
    expect(key).toMatch(/^[\w-]{8,100}$/);
    expect(stored('CHECKOUT-REF')).toBe(key);
    expect(storage.checkoutKey()).toBe(key);
  });

  test('a new key once cleared, and in place of a damaged one', () => {
    const key = storage.checkoutKey();
    storage.clearCheckoutKey();
    expect(stored('CHECKOUT-REF')).toBeNull();
    const next = storage.checkoutKey();
    expect(next).not.toBe(key);
    localStorage.setItem('CHECKOUT-REF', 'bad key!');
    expect(storage.checkoutKey()).toMatch(/^[\w-]{8,100}$/);
  });
});

describe('CHECKOUT-ORDER and PAYMENT: the answer of create', () => {
  test('the payment reference with the orders and their local ids, and { order, reference, amount }', () => {
    storage.saveCheckoutResult(RESULT);
    expect(JSON.parse(stored('CHECKOUT-ORDER')!)).toEqual({
      Reference: 'PAY-000001',
      Orders: [
        { Id: 41, Reference: 'ORD-000041', LocalId: 2 },
        { Id: 42, Reference: 'ORD-000042', LocalId: 5 },
      ],
    });
    expect(JSON.parse(stored('PAYMENT')!)).toEqual({
      order: [41, 42],
      reference: 'PAY-000001',
      amount: 15.21,
    });
    expect(storage.readCheckoutOrder()?.Orders).toHaveLength(2);
    expect(storage.readPaymentRecord()?.amount).toBe(15.21);
  });

  test('only this browser’s payment is its own', () => {
    expect(storage.isOwnPayment('PAY-000001')).toBe(false);
    storage.saveCheckoutResult(RESULT);
    expect(storage.isOwnPayment('pay-000001')).toBe(true);
    expect(storage.isOwnPayment('PAY-000002')).toBe(false);
  });

  test('damaged records read as none', () => {
    localStorage.setItem('CHECKOUT-ORDER', '{"Reference":1}');
    localStorage.setItem('PAYMENT', 'not json');
    expect(storage.readCheckoutOrder()).toBeNull();
    expect(storage.readPaymentRecord()).toBeNull();
  });

  test('a finished checkout forgets its key, answer, code and payment record', () => {
    storage.checkoutKey();
    storage.saveCheckoutResult(RESULT);
    storage.saveDiscountCode('WELCOME10');
    localStorage.setItem('DELIVERY', '{"Id":1}');
    storage.clearCheckout();
    expect(['CHECKOUT-REF', 'CHECKOUT-ORDER', 'DISCOUNT', 'PAYMENT'].map(stored)).toEqual([
      null,
      null,
      null,
      null,
    ]);
    // The chosen addresses stay for the next checkout.
    expect(stored('DELIVERY')).toBe('{"Id":1}');
  });
});

describe('DISCOUNT (docs/requirements.md §4)', () => {
  test('setting stores the code; clearing removes it', () => {
    expect(storage.readDiscountCode()).toBeNull();
    storage.saveDiscountCode('WELCOME10');
    expect(stored('DISCOUNT')).toBe('WELCOME10');
    expect(storage.readDiscountCode()).toBe('WELCOME10');
    storage.clearDiscountCode();
    expect(stored('DISCOUNT')).toBeNull();
  });
});

describe('paid bookings leave the basket', () => {
  test('removeOrders takes out exactly the paid ones', () => {
    bookings.refreshBookings();
    const ids = [1, 2, 3].map(() => bookings.createOrder().Id);
    ids.forEach(bookings.addOrderToBasket);
    bookings.removeOrders([1, 3, 99]);
    expect(JSON.parse(stored('BASKET')!)).toEqual([2]);
    expect(JSON.parse(stored('ORDER-INDEX')!)).toEqual([2]);
    expect(stored('ORDER-1')).toBeNull();
    expect(stored('ORDER-2')).not.toBeNull();
  });
});
