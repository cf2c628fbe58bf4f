import { describe, expect, test } from 'vitest';
import {
  canTransition,
  HIDDEN_ORDER_STATUSES,
  isOrderStatus,
  isShownToCustomer,
  ORDER_STATUS_TRANSITIONS,
  ORDER_STATUSES,
  type OrderStatus,
} from '../../../src/shared/order-status';

/** Every status reachable from `from` by any number of steps. */
function reachable(from: OrderStatus): Set<OrderStatus> {
  const seen = new Set<OrderStatus>();
  const queue = [from];
  while (queue.length > 0) {
    for (const next of ORDER_STATUS_TRANSITIONS[queue.shift() as OrderStatus]) {
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return seen;
}

describe('order statuses (docs/requirements.md §4)', () => {
  test('Cancelled is hidden from the customer order list; the others are shown', () => {
    expect(HIDDEN_ORDER_STATUSES).toEqual(['Cancelled']);
    expect(isShownToCustomer('Cancelled')).toBe(false);
    for (const status of ORDER_STATUSES.filter((s) => s !== 'Cancelled')) {
      expect(isShownToCustomer(status)).toBe(true);
    }
  });

  test('isOrderStatus recognises the status names exactly', () => {
    expect(isOrderStatus('Awaiting Payment')).toBe(true);
    expect(isOrderStatus('awaiting payment')).toBe(false);
    expect(isOrderStatus(3)).toBe(false);
  });

  test('the table covers every status and only names known statuses', () => {
    expect(Object.keys(ORDER_STATUS_TRANSITIONS).sort()).toEqual([...ORDER_STATUSES].sort());
    for (const targets of Object.values(ORDER_STATUS_TRANSITIONS)) {
      expect(targets.every(isOrderStatus)).toBe(true);
      expect(new Set(targets).size).toBe(targets.length);
    }
  });

  test('no status moves to itself', () => {
    for (const status of ORDER_STATUSES) expect(canTransition(status, status)).toBe(false);
  });

  test('the paid delivery path: Awaiting Payment, Awaiting Parcel, Received at Depot, Shipped, Delivered', () => {
    const path: OrderStatus[] = [
      'Awaiting Payment',
      'Awaiting Parcel',
      'Received at Depot',
      'Shipped',
      'Delivered',
    ];
    for (let i = 1; i < path.length; i++) expect(canTransition(path[i - 1], path[i])).toBe(true);
    expect(canTransition('Awaiting Payment', 'Shipped')).toBe(false);
    expect(canTransition('Awaiting Parcel', 'Shipped')).toBe(false);
  });

  test('an invoice at the depot: Received at Depot, Awaiting Payment, Paid, Shipped', () => {
    expect(canTransition('Received at Depot', 'Awaiting Payment')).toBe(true);
    expect(canTransition('Awaiting Payment', 'Paid')).toBe(true);
    expect(canTransition('Paid', 'Shipped')).toBe(true);
  });

  test('a held parcel whose invoice is voided is released back to Received at Depot', () => {
    expect(canTransition('Awaiting Payment', 'Received at Depot')).toBe(true);
    expect(canTransition('Awaiting Parcel', 'Received at Depot')).toBe(true);
    expect(canTransition('Paid', 'Received at Depot')).toBe(false);
  });

  test('quotes: requested, ready, then accepted (to Awaiting Payment) or declined (final)', () => {
    expect(canTransition('Quote Requested', 'Quote Ready')).toBe(true);
    expect(canTransition('Quote Ready', 'Awaiting Payment')).toBe(true);
    expect(canTransition('Quote Ready', 'Quote Declined')).toBe(true);
    expect(canTransition('Quote Requested', 'Awaiting Payment')).toBe(false);
    expect(canTransition('Quote Requested', 'Quote Declined')).toBe(false);
  });

  test('missing items are a case beside the order, not a status it loses its place to', () => {
    expect(ORDER_STATUSES).not.toContain('Missing Items Reported');
  });

  test('Cancelled and Quote Declined are final; shipped orders cannot be cancelled', () => {
    expect(ORDER_STATUS_TRANSITIONS.Cancelled).toEqual([]);
    expect(ORDER_STATUS_TRANSITIONS['Quote Declined']).toEqual([]);
    expect(canTransition('Shipped', 'Cancelled')).toBe(false);
    expect(canTransition('Delivered', 'Cancelled')).toBe(false);
    expect(ORDER_STATUS_TRANSITIONS.Delivered).toEqual([]);
  });

  test('every status is reachable from an order or a quote, and every open status can still end', () => {
    const starts: OrderStatus[] = ['Awaiting Payment', 'Quote Requested'];
    const reached = new Set<OrderStatus>(starts.flatMap((s) => [s, ...reachable(s)]));
    expect([...reached].sort()).toEqual([...ORDER_STATUSES].sort());
    const finals: OrderStatus[] = [
      'Delivered',
      'Cancelled',
      'Quote Declined',
      'Returned to Retailer',
    ];
    for (const status of ORDER_STATUSES.filter((s) => !finals.includes(s))) {
      expect(
        finals.some((end) => reachable(status).has(end)),
        status,
      ).toBe(true);
    }
  });
});
