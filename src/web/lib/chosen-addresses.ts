import { useSyncExternalStore } from 'react';
import { isSavedAddressShape, type AddressType } from '../../shared/saved-addresses';
import type { Address } from '../../shared/api/addresses';
import { readJson, readText, remove, STORAGE_KEYS, writeJson } from './storage';

/**
 * The chosen delivery and billing addresses (docs/requirements.md §3), kept in this browser under
 * `DELIVERY` and `BILLING` as the saved Address objects, for the checkout. A stored value that is
 * not an address (or, under DELIVERY, not a delivery address) reads as no choice and is removed.
 * Logging out removes both keys (account/session-actions.ts clearCustomerData), deleting a chosen
 * address clears its choice, and saving it again stores the new version.
 */
export interface ChosenAddresses {
  Delivery: Address | null;
  Billing: Address | null;
}

const KEYS: Readonly<Record<AddressType, string>> = {
  Delivery: STORAGE_KEYS.delivery,
  Billing: STORAGE_KEYS.billing,
};

const EMPTY: ChosenAddresses = Object.freeze({ Delivery: null, Billing: null });

/** Any saved address may be billed to; only a delivery address delivered to. */
export const mayChoose = (type: AddressType, address: Pick<Address, 'Type'>) =>
  type === 'Billing' || address.Type === 'Delivery';

/** Whether a stored value is a saved address that may be chosen as `type`. */
function isChosenAddress(type: AddressType, value: unknown): value is Address {
  // The shape of src/shared/addresses.ts, checked without zod (the checkout does not load it).
  return isSavedAddressShape(value) && mayChoose(type, value as Address);
}

function read(type: AddressType): Address | null {
  const anything = (_value: unknown): _value is unknown => true;
  const stored = readJson<unknown>(KEYS[type], null, anything);
  if (isChosenAddress(type, stored)) return stored;
  if (readText(KEYS[type]) !== null) remove(KEYS[type]); // not an address (any more): forget it
  return null;
}

function load(): ChosenAddresses {
  const Delivery = read('Delivery');
  const Billing = read('Billing');
  return Delivery || Billing ? { Delivery, Billing } : EMPTY;
}

let state: ChosenAddresses | null = null;
const listeners = new Set<() => void>();

function refresh() {
  state = load();
  for (const listener of listeners) listener();
}

function onStorage(event: StorageEvent) {
  // `key: null` is localStorage.clear() or our own logout (session-actions.ts).
  if (event.key === null || Object.values(KEYS).includes(event.key)) refresh();
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0 && typeof window !== 'undefined') {
    window.addEventListener('storage', onStorage);
    if (state !== null) state = load(); // another tab may have changed them meanwhile
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && typeof window !== 'undefined') {
      window.removeEventListener('storage', onStorage);
    }
  };
}

/** The chosen addresses (read from storage the first time, then kept up to date). */
export function getChosenAddresses(): ChosenAddresses {
  if (typeof window === 'undefined') return EMPTY;
  state ??= load();
  return state;
}

/** Reads storage again: for code that changed DELIVERY or BILLING without this module. */
export function refreshChosenAddresses(): void {
  refresh();
}

/** The chosen addresses, for a component (renders again when a choice changes). */
export function useChosenAddresses(): ChosenAddresses {
  return useSyncExternalStore(subscribe, getChosenAddresses, () => EMPTY);
}

/** Chooses the delivery or billing address (null clears the choice). */
export function chooseAddress(type: AddressType, address: Address | null): void {
  if (address && !mayChoose(type, address)) {
    throw new Error(`Address ${address.Id} cannot be chosen as the ${type} address`);
  }
  if (address) writeJson(KEYS[type], address);
  else remove(KEYS[type]);
  refresh();
}

/** An address was deleted: a choice of it is cleared. */
export function forgetChosenAddress(id: number): void {
  const chosen = load(); // afresh: another tab may have chosen meanwhile
  for (const type of ['Delivery', 'Billing'] as const) {
    if (chosen[type]?.Id === id) remove(KEYS[type]);
  }
  refresh();
}

/**
 * An address was saved again: a choice of it stores the new version, or is cleared when the
 * address can no longer be chosen that way (a delivery address changed to a billing one).
 */
export function refreshChosenAddress(address: Address): void {
  const chosen = load(); // afresh: another tab may have chosen meanwhile
  for (const type of ['Delivery', 'Billing'] as const) {
    if (chosen[type]?.Id !== address.Id) continue;
    if (mayChoose(type, address)) writeJson(KEYS[type], address);
    else remove(KEYS[type]);
  }
  refresh();
}
