import type { LoginPayload } from '../../../shared/auth/schemas';
import { ApiError } from '../../lib/api-client';
import { clearSession, setAccessToken, setUser } from '../../lib/session';
import { localOrderKey, readJson, remove, STORAGE_KEYS, storedKeys } from '../../lib/storage';
import { getMe } from '../../lib/api/get-me';
import { login } from './api/login';
import { logout } from './api/logout';

/**
 * Starts a session from an access token (a login's or a registration's): stores the token, then
 * asks GET /public/auth/me for the user data and stores it with its abilities
 * (docs/requirements.md §7). If the server refuses the user data, nothing stays stored. A call that
 * got no answer (the customer moved to another page meanwhile) keeps the token: the next page reads
 * the user back (lib/session.ts, decision 0029).
 */
export async function startSession(token: string): Promise<void> {
  setAccessToken(token);
  try {
    setUser(await getMe());
  } catch (error) {
    if (error instanceof ApiError) clearSession();
    throw error;
  }
}

/** POST /public/auth/login, then the user data. */
export async function logIn(payload: LoginPayload): Promise<void> {
  await startSession(await login(payload));
}

const isIdList = (value: unknown): value is number[] =>
  Array.isArray(value) && value.every((id) => Number.isInteger(id));

/**
 * Forgets everything the browser keeps for a customer (docs/requirements.md §4, Logout): the user,
 * the token and abilities, the basket, the stored orders (the index and each ORDER-{id}), the
 * checkout data (discount, payment, checkout reference and order) and the chosen delivery and
 * billing addresses. A synthetic `storage` event tells the other in-page stores to read storage
 * again.
 */
export function clearCustomerData(): void {
  const orderIds = readJson<number[]>(STORAGE_KEYS.orderIndex, [], isIdList);
  // Orders the index has lost are removed too.
  const strayOrders = storedKeys().filter((key) => /^ORDER-\d+$/.test(key));
  remove(
    STORAGE_KEYS.basket,
    STORAGE_KEYS.orderIndex,
    ...orderIds.map(localOrderKey),
    ...strayOrders,
    STORAGE_KEYS.discount,
    STORAGE_KEYS.delivery,
    STORAGE_KEYS.billing,
    STORAGE_KEYS.payment,
    STORAGE_KEYS.checkoutRef,
    STORAGE_KEYS.checkoutOrder,
  );
  clearSession();
  // `key: null` is what localStorage.clear() in another tab sends: every store reads again.
  if (typeof window !== 'undefined' && typeof StorageEvent === 'function') {
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
  }
}

/**
 * Log Out (docs/requirements.md §4): ends the session on the server, then clears the customer's
 * data. The caller goes to the home page. A failed server call still logs out of this browser.
 */
export async function logOut(): Promise<void> {
  try {
    await logout();
  } catch {
    // already ended on the server, or offline: this browser forgets the session all the same
  }
  clearCustomerData();
}
