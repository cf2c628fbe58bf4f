import '../../account/api/account-cache';

/**
 * The customer's cached order history and summary live under the account's query key, so they go
 * when the session ends (account/api/account-cache.ts). A change to an order (a quote answered,
 * an invoice paid) invalidates this key to refresh them all.
 */
export const ordersQueryKey = ['account', 'orders'] as const;
