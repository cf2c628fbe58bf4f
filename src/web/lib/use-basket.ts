import { useMemo } from 'react';
import { firstIncompleteStep, type BookingStep } from '../../shared/booking-steps';
import { listTotalPence } from '../../shared/pricing';
import { basketOrders, useBookings } from './booking-store';
import { useCatalogue, type BookedOrder } from './use-catalogue';

interface BasketItem {
  booked: BookedOrder;
  /** A step the booking still needs (e.g. its band is no longer offered), or null. */
  needs: BookingStep | null;
}

/** The basket's bookings priced from the catalogue, and their total in pence. */
export function useBasket() {
  const state = useBookings();
  const catalogue = useCatalogue();
  const { resolve } = catalogue;
  return useMemo(() => {
    const items: BasketItem[] = basketOrders(state).map((order) => {
      const booked = resolve(order);
      const bandGone = booked.productMissing && !catalogue.isPending && !catalogue.isError;
      return { booked, needs: bandGone ? 'size' : firstIncompleteStep(order) };
    });
    return {
      items,
      totalPence: listTotalPence(items.map((item) => item.booked)),
      isPending: catalogue.isPending,
      isError: catalogue.isError,
    };
  }, [state, resolve, catalogue.isPending, catalogue.isError]);
}
