import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { CHECKOUT_MESSAGES, type CheckoutRequest } from '../../../src/shared/api/checkout';
import { stubBrowserWindow } from '../../support/browser-window';

const { localStorage, stub } = stubBrowserWindow();
const { checkOut } = await import('../../../src/web/features/checkout/api/create-checkout');

const BODY = { Orders: [], DeliveryAddressId: 1, BillingAddressId: 2, TermsAccepted: true };
const answer = (status: string) => ({
  Payment: { Reference: 'PAY-000001', Status: status, CheckoutUrl: 'https://pay.example/1' },
  Orders: [],
});

/** A fetch that answers each call in turn, recording the Idempotency-Key sent. */
function server(...replies: [number, unknown][]) {
  const keys: string[] = [];
  const fetch = vi.fn(async (_url: string, init?: RequestInit) => {
    keys.push((init?.headers as Record<string, string>)['Idempotency-Key']);
    const [status, body] = replies.shift()!;
    return new Response(JSON.stringify(body), { status });
  });
  vi.stubGlobal('fetch', fetch);
  return keys;
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  stub();
});

describe('POST /public/orders/create with one Idempotency-Key per checkout', () => {
  test('a retry sends the same key, so the server answers the same payment', async () => {
    const keys = server([201, answer('pending')], [200, answer('pending')]);
    await checkOut(BODY as CheckoutRequest);
    await checkOut(BODY as CheckoutRequest);
    expect(keys[0]).toMatch(/^[\w-]{8,100}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(localStorage.getItem('CHECKOUT-REF')).toBe(keys[0]);
  });

  test('one press is one request: whatever the server answers, nothing is sent again', async () => {
    localStorage.setItem('CHECKOUT-REF', 'old-key-123');
    const keys = server([200, answer('expired')]);
    const result = await checkOut(BODY as CheckoutRequest);
    expect(result.Payment.Status).toBe('expired');
    expect(keys).toEqual(['old-key-123']);
  });

  test('a key refused as spent (409) is forgotten, so the next press starts anew', async () => {
    localStorage.setItem('CHECKOUT-REF', 'old-key-123');
    const conflict = { statusCode: 409, message: CHECKOUT_MESSAGES.idempotencyConflict };
    const keys = server([409, conflict], [201, answer('pending')]);
    await expect(checkOut(BODY as CheckoutRequest)).rejects.toThrow(
      CHECKOUT_MESSAGES.idempotencyConflict,
    );
    expect(keys).toEqual(['old-key-123']);
    expect(localStorage.getItem('CHECKOUT-REF')).toBeNull();
    await checkOut(BODY as CheckoutRequest);
    expect(keys[1]).not.toBe('old-key-123');
  });

  test('other errors keep the key for the next attempt', async () => {
    const keys = server([500, { statusCode: 500, message: 'Internal Server Error' }]);
    await expect(checkOut(BODY as CheckoutRequest)).rejects.toThrow();
    expect(localStorage.getItem('CHECKOUT-REF')).toBe(keys[0]);
  });
});
