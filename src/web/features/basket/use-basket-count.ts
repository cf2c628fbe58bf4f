import { useSyncExternalStore } from 'react';

type BookingStore = typeof import('../../lib/booking-store');

// The header and drawer are on every page, so the bookings store (and the rules that read and
// repair stored orders) is fetched after the page is interactive instead of with the page's
// initial JavaScript: the count is 0 while prerendering and hydrating in any case.
let store: BookingStore | undefined;
let loading: Promise<BookingStore> | undefined;

function subscribe(onChange: () => void): () => void {
  let active = true;
  let unsubscribe: (() => void) | undefined;
  loading ??= import('../../lib/booking-store').then((module) => (store = module));
  void loading.then((module) => {
    if (!active) return;
    unsubscribe = module.subscribeBookings(onChange);
    onChange();
  });
  return () => {
    active = false;
    unsubscribe?.();
  };
}

const count = () => store?.getBookings().basket.length ?? 0;
const serverCount = () => 0;

/**
 * How many bookings are in the basket (docs/requirements.md §2: the drawer's "Basket (with count)"
 * and the basket menu's badge). Kept up to date across tabs; 0 while prerendering and hydrating.
 */
export function useBasketCount(): number {
  return useSyncExternalStore(subscribe, count, serverCount);
}
