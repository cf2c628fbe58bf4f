import { useSyncExternalStore } from 'react';
import { addToBasket, emptyBasket, removeFromBasket } from '../../shared/basket';
import {
  isRecord,
  newLocalOrder,
  orderIdFromKey,
  repairIdList,
  repairLocalOrder,
  type LocalOrder,
} from '../../shared/local-order';
import { nextOrderId } from '../../shared/local-orders';
import { localOrderKey, readJson, remove, STORAGE_KEYS, storedKeys, writeJson } from './storage';

/**
 * The bookings kept in this browser (docs/requirements.md §3 and §4): each order under
 * `ORDER-{id}`, the ids under `ORDER-INDEX`, and the basket under `BASKET`. One in-memory snapshot
 * serves every component; it is rebuilt after each change here and when another tab changes the
 * storage.
 *
 * Reading repairs what it can: the index is rebuilt from the `ORDER-{id}` keys when it is lost or
 * damaged, orders are read field by field (src/shared/local-order.ts), an entry that is not an
 * order at all is removed, and the basket keeps only ids of orders that exist, each once.
 */
export interface BookingState {
  /** Every stored order by id. */
  orders: ReadonlyMap<number, LocalOrder>;
  /** ORDER-INDEX: the ids of the stored orders. */
  index: readonly number[];
  /** BASKET: the ids of the orders in the basket, without duplicates. */
  basket: readonly number[];
}

const EMPTY: BookingState = Object.freeze({
  orders: new Map(),
  index: Object.freeze([]),
  basket: Object.freeze([]),
}) as BookingState;

const anything = (_value: unknown): _value is unknown => true;
const sameList = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((id, i) => id === b[i]);

function load(): BookingState {
  const storedIndex = readJson<unknown>(STORAGE_KEYS.orderIndex, null, anything);
  const index = repairIdList(storedIndex);
  const found = storedKeys()
    .map(orderIdFromKey)
    .filter((id): id is number => id !== null)
    .sort((a, b) => a - b);
  const orders = new Map<number, LocalOrder>();
  for (const id of [...new Set([...index, ...found])]) {
    const raw = readJson<unknown>(localOrderKey(id), null, anything);
    const order = repairLocalOrder(raw, id);
    if (order) orders.set(id, order);
    else if (raw !== null || found.includes(id)) remove(localOrderKey(id)); // not an order at all
  }
  const repairedIndex = [...orders.keys()];
  const storedBasket = readJson<unknown>(STORAGE_KEYS.basket, null, anything);
  const basket = repairIdList(storedBasket).filter((id) => orders.has(id));

  // Put the repairs back, so every tab reads the same thing (only when something changed).
  if (storedIndex !== null || repairedIndex.length > 0) {
    if (!Array.isArray(storedIndex) || !sameList(storedIndex, repairedIndex)) {
      writeJson(STORAGE_KEYS.orderIndex, repairedIndex);
    }
  }
  if (storedBasket !== null && (!Array.isArray(storedBasket) || !sameList(storedBasket, basket))) {
    writeJson(STORAGE_KEYS.basket, basket);
  }
  // Nothing stored is the same snapshot as while hydrating, so React need not render again.
  if (orders.size === 0) return EMPTY;
  return { orders, index: repairedIndex, basket };
}

let state: BookingState | null = null;
const listeners = new Set<() => void>();

function refresh() {
  state = load();
  for (const listener of listeners) listener();
}

/** Whether a storage key is one of ours, so a change in another tab means a reload. */
function isBookingKey(key: string | null): boolean {
  return (
    key === null || // localStorage.clear()
    key === STORAGE_KEYS.orderIndex ||
    key === STORAGE_KEYS.basket ||
    orderIdFromKey(key) !== null
  );
}

function onStorage(event: StorageEvent) {
  if (isBookingKey(event.key)) refresh();
}

export function subscribeBookings(listener: () => void): () => void {
  if (listeners.size === 0 && typeof window !== 'undefined') {
    window.addEventListener('storage', onStorage);
    // Nobody was listening, so a change in another tab may have been missed: read again. React
    // compares the snapshot after subscribing and renders again if it changed.
    if (state !== null) state = load();
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && typeof window !== 'undefined') {
      window.removeEventListener('storage', onStorage);
    }
  };
}

/** The current bookings (read from storage the first time, then kept up to date). */
export function getBookings(): BookingState {
  if (typeof window === 'undefined') return EMPTY;
  state ??= load();
  return state;
}

/** Reads storage again: for code that changed our keys without going through this module. */
export function refreshBookings(): void {
  refresh();
}

// --- changes ---------------------------------------------------------------------------------

const now = () => new Date().toISOString();

/**
 * Starts a new booking: its id is one higher than the largest id stored (read afresh, so a
 * booking made in another tab is counted), or 1 (docs/requirements.md §3).
 */
export function createOrder(patch: Partial<Omit<LocalOrder, 'Id'>> = {}): LocalOrder {
  const current = load();
  const id = nextOrderId(current.index);
  const order: LocalOrder = { ...newLocalOrder(id, now()), ...patch, Id: id };
  writeJson(localOrderKey(id), order);
  writeJson(STORAGE_KEYS.orderIndex, [...current.index, id]);
  refresh();
  return order;
}

/** Changes a stored booking; returns it, or null when there is no such booking. */
export function updateOrder(
  id: number,
  patch: Partial<Omit<LocalOrder, 'Id' | 'Created'>>,
): LocalOrder | null {
  const stored = repairLocalOrder(readJson<unknown>(localOrderKey(id), null, isRecord), id);
  if (!stored) return null;
  const order: LocalOrder = { ...stored, ...patch, Id: id, Updated: now() };
  writeJson(localOrderKey(id), order);
  refresh();
  return order;
}

/** docs/requirements.md §4: adding to the basket stores the order id without duplicates. */
export function addOrderToBasket(id: number): void {
  const current = load();
  if (!current.orders.has(id)) return;
  writeJson(STORAGE_KEYS.basket, addToBasket(current.basket, id));
  refresh();
}

/** What an order in the basket was checked out with: no longer valid once the basket changes. */
const CHECKOUT_KEYS = [
  STORAGE_KEYS.checkoutRef,
  STORAGE_KEYS.checkoutOrder,
  STORAGE_KEYS.discount,
] as const;

/**
 * Removes an order: from the basket, from the index and its own entry. docs/requirements.md §4:
 * removing an order clears the checkout reference, the checkout order and the discount.
 */
export function removeOrder(id: number): void {
  removeOrders([id]);
}

/**
 * Removes several orders at once, as removing each would (e.g. the bookings a checkout has paid
 * for, named by the local ids the server echoed). Ids of orders not stored are ignored.
 */
export function removeOrders(ids: readonly number[]): void {
  const current = load();
  const gone = new Set(ids);
  writeJson(
    STORAGE_KEYS.basket,
    ids.reduce((basket, id) => removeFromBasket(basket, id), [...current.basket]),
  );
  writeJson(
    STORAGE_KEYS.orderIndex,
    current.index.filter((other) => !gone.has(other)),
  );
  remove(...ids.map(localOrderKey), ...CHECKOUT_KEYS);
  refresh();
}

/**
 * Empties the basket (docs/requirements.md §4: emptying clears the list) and removes the orders
 * that were in it, which, as with removing one, clears the checkout reference, checkout order and
 * discount.
 */
export function emptyTheBasket(): void {
  const current = load();
  writeJson(STORAGE_KEYS.basket, emptyBasket());
  writeJson(
    STORAGE_KEYS.orderIndex,
    current.index.filter((id) => !current.basket.includes(id)),
  );
  remove(...current.basket.map(localOrderKey), ...CHECKOUT_KEYS);
  refresh();
}

/**
 * Forgets every booking and the checkout data (docs/requirements.md §4, logout: the basket, the
 * stored orders and the checkout data are cleared).
 */
export function clearBookings(): void {
  const current = load();
  remove(
    ...current.index.map(localOrderKey),
    STORAGE_KEYS.orderIndex,
    STORAGE_KEYS.basket,
    ...CHECKOUT_KEYS,
  );
  refresh();
}

// --- hooks -----------------------------------------------------------------------------------

const serverSnapshot = () => EMPTY;

/** Every booking, kept up to date; empty while prerendering and hydrating. */
export function useBookings(): BookingState {
  return useSyncExternalStore(subscribeBookings, getBookings, serverSnapshot);
}

/** One booking, or null when there is none with this id. */
export function useLocalOrder(id: number | null): LocalOrder | null {
  const { orders } = useBookings();
  return id === null ? null : (orders.get(id) ?? null);
}

/** The orders in the basket, in the order they were added. */
export function basketOrders(state: BookingState): LocalOrder[] {
  return state.basket.flatMap((id) => state.orders.get(id) ?? []);
}
