import { describe, expect, test } from 'vitest';
import { orderHistoryRequest } from '../../../src/shared/api/orders';
import {
  DEFAULT_VIEW,
  historyRequest,
  historySearchParams,
  isFiltered,
  readHistoryParams,
  type HistoryView,
} from '../../../src/web/features/orders/history-params';

const read = (query: string) => readHistoryParams(new URLSearchParams(query));

describe('the Order History view in the address', () => {
  test('no params: newest first, page 1, everything', () => {
    expect(read('')).toEqual(DEFAULT_VIEW);
    expect(DEFAULT_VIEW).toMatchObject({ sortBy: 'Created', sortDesc: true, page: 1 });
    expect(historySearchParams(DEFAULT_VIEW).toString()).toBe('');
    expect(isFiltered(DEFAULT_VIEW)).toBe(false);
  });

  test('every view goes into the address and comes back the same', () => {
    const views: HistoryView[] = [
      { page: 3, sortBy: 'Total', sortDesc: true, status: 'Shipped', search: 'argos & co' },
      { page: 1, sortBy: 'Created', sortDesc: false, status: null, search: '' },
      { page: 2, sortBy: 'RetailerName', sortDesc: false, status: 'Quote Ready', search: '' },
      { page: 1, sortBy: 'Reference', sortDesc: true, status: null, search: 'ORD-000042' },
    ];
    for (const view of views) expect(readHistoryParams(historySearchParams(view))).toEqual(view);
    expect(historySearchParams(views[1]).toString()).toBe('dir=asc');
    // A column's usual direction is left out: A to Z for the retailer.
    expect(historySearchParams(views[2]).toString()).toBe(
      'status=Quote+Ready&sort=RetailerName&page=2',
    );
  });

  test('nonsense edited into the address reads as the defaults', () => {
    expect(read('page=0&sort=Colour&dir=up&status=Cancelled')).toEqual(DEFAULT_VIEW);
    expect(read('page=2.5').page).toBe(1);
    expect(read('page=-3').page).toBe(1);
    expect(read(`q=${'x'.repeat(150)}`).search).toHaveLength(100);
    expect(read('q=%20%20boots%20').search).toBe('boots');
  });

  test('the request it makes is one the server takes', () => {
    const view = read('page=4&sort=StatusId_Name&dir=desc&status=Paid&q=next');
    const request = historyRequest(view, 20);
    expect(request).toEqual({
      options: { sortBy: 'StatusId_Name', sortDesc: true, itemsPerPage: 20, page: 4 },
      filter: { Status: 'Paid', Search: 'next' },
    });
    expect(orderHistoryRequest.safeParse(request).success).toBe(true);
    expect(historyRequest(DEFAULT_VIEW, 20).filter).toEqual({});
    expect(isFiltered(view)).toBe(true);
  });
});
