import { useBookings } from '../order/booking-store';

/**
 * How many bookings are in the basket (SPEC section 2: the drawer's "Basket (with count)" and the
 * basket menu's badge). Kept up to date across tabs; 0 while prerendering and hydrating.
 */
export function useBasketCount(): number {
  return useBookings().basket.length;
}
