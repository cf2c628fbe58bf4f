import type { OrderHistoryRequest } from '../../../shared/api/orders';
import {
  ORDER_HISTORY_DEFAULTS,
  ORDER_SEARCH_MAX,
  ORDER_SORT_FIELDS,
  type OrderSortField,
} from '../../../shared/order-history';
import { VISIBLE_ORDER_STATUSES, type OrderStatus } from '../../../shared/order-status';

/**
 * What the Order History shows, kept in the address's search params so that back, forward, a
 * reload and a shared link all show the same page: `?page=2&sort=Total&dir=asc&status=Shipped
 * &q=argos`. Defaults are left out of the address; a value that makes no sense (edited by hand)
 * reads as its default rather than failing.
 */
export interface HistoryView {
  page: number;
  sortBy: OrderSortField;
  sortDesc: boolean;
  status: OrderStatus | null;
  search: string;
}

export const DEFAULT_VIEW: HistoryView = {
  page: 1,
  sortBy: ORDER_HISTORY_DEFAULTS.sortBy,
  sortDesc: ORDER_HISTORY_DEFAULTS.sortDesc,
  status: null,
  search: '',
};

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;

/** The first sort of a column: newest first by date, otherwise A to Z and low to high. */
export const firstDirectionDesc = (sortBy: OrderSortField) =>
  sortBy === 'Created' || sortBy === 'Reference';

export function readHistoryParams(params: URLSearchParams): HistoryView {
  const page = Number(params.get('page'));
  const sortBy = oneOf(ORDER_SORT_FIELDS, params.get('sort')) ?? DEFAULT_VIEW.sortBy;
  const dir = params.get('dir');
  return {
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
    sortBy,
    sortDesc: dir === 'asc' ? false : dir === 'desc' ? true : firstDirectionDesc(sortBy),
    status: oneOf(VISIBLE_ORDER_STATUSES, params.get('status')),
    search: (params.get('q') ?? '').trim().slice(0, ORDER_SEARCH_MAX),
  };
}

export function historySearchParams(view: HistoryView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.search) params.set('q', view.search);
  if (view.status) params.set('status', view.status);
  if (view.sortBy !== DEFAULT_VIEW.sortBy) params.set('sort', view.sortBy);
  if (view.sortDesc !== firstDirectionDesc(view.sortBy)) {
    params.set('dir', view.sortDesc ? 'desc' : 'asc');
  }
  if (view.page > 1) params.set('page', String(view.page));
  return params;
}

/** The body of POST /public/orders for a view, `itemsPerPage` orders a page. */
export function historyRequest(view: HistoryView, itemsPerPage: number): OrderHistoryRequest {
  return {
    options: { sortBy: view.sortBy, sortDesc: view.sortDesc, itemsPerPage, page: view.page },
    filter: {
      ...(view.status ? { Status: view.status } : {}),
      ...(view.search ? { Search: view.search } : {}),
    },
  };
}

/** Whether the view narrows the history down (a status or a search). */
export const isFiltered = (view: HistoryView) => view.status !== null || view.search !== '';

/** How many pages a history has: one at least, the empty page. */
export const pageCount = (list: { total: number; itemsPerPage: number }) =>
  Math.max(1, Math.ceil(list.total / list.itemsPerPage));
