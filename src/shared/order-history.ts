// The order history's paging, sorting and search limits, apart from the contract
// (./api/orders.ts) so that My Account's history uses them without loading zod (decision 0029).

/**
 * What the history sorts by. Created and Reference both follow the order's id (taken when the
 * order is created, and written into its reference), so the (customer_id, id) index reads them
 * in order; the others sort the customer's rows, then by id.
 */
export const ORDER_SORT_FIELDS = [
  'Created',
  'Reference',
  'RetailerName',
  'Island',
  'StatusId_Name',
  'Total',
] as const;
export type OrderSortField = (typeof ORDER_SORT_FIELDS)[number];
/** Newest first, 20 a page (the catalogue's page size). */
export const ORDER_HISTORY_DEFAULTS = {
  sortBy: 'Created',
  sortDesc: true,
  itemsPerPage: 20,
} as const satisfies { sortBy: OrderSortField; sortDesc: boolean; itemsPerPage: number };
/** The longest search the history takes. */
export const ORDER_SEARCH_MAX = 100;
