import '../../account/api/account-cache';

/**
 * The cached address lists live under the account's query key, so they go when the session ends
 * (account/api/account-cache.ts) and every change below refreshes them all.
 */
export const addressesQueryKey = ['account', 'addresses'] as const;
