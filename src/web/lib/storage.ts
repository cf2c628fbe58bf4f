/**
 * The browser's stored state, under the exact localStorage keys of docs/requirements.md §3. Reads
 * never throw: a value that is missing, corrupt or from an older shape comes back as the fallback.
 */
export const STORAGE_KEYS = {
  accessToken: 'accessToken',
  userData: 'userData',
  userAbility: 'userAbility',
  basket: 'BASKET',
  orderIndex: 'ORDER-INDEX',
  discount: 'DISCOUNT',
  delivery: 'DELIVERY',
  billing: 'BILLING',
  payment: 'PAYMENT',
  checkoutRef: 'CHECKOUT-REF',
  checkoutOrder: 'CHECKOUT-ORDER',
} as const;

/** The key a local order is kept under (docs/requirements.md §3: a key built from its id). */
export const localOrderKey = (id: number) => `ORDER-${id}`;

const storage = (): Storage | null => {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage disabled by the browser
  }
};

/** Reads a JSON value; `check` says whether what was stored still has the expected shape. */
export function readJson<T>(key: string, fallback: T, check: (value: unknown) => value is T): T {
  const raw = storage()?.getItem(key);
  if (raw == null) return fallback;
  try {
    const value: unknown = JSON.parse(raw);
    return check(value) ? value : fallback;
  } catch {
    return fallback;
  }
}

export function writeJson(key: string, value: unknown): void {
  storage()?.setItem(key, JSON.stringify(value));
}

export function readText(key: string): string | null {
  return storage()?.getItem(key) ?? null;
}

export function writeText(key: string, value: string): void {
  storage()?.setItem(key, value);
}

export function remove(...keys: string[]): void {
  const s = storage();
  for (const key of keys) s?.removeItem(key);
}

/** Every key currently stored (e.g. to find `ORDER-{id}` entries an index has lost). */
export function storedKeys(): string[] {
  const s = storage();
  if (!s) return [];
  const keys: string[] = [];
  for (let i = 0; i < s.length; i++) {
    const key = s.key(i);
    if (key !== null) keys.push(key);
  }
  return keys;
}
