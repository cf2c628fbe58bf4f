import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import {
  confirmPath,
  nextStep,
  previousStep,
  stepPath,
  type BookingStep,
} from '../../../shared/booking-steps';
import type { LocalOrder } from '../../../shared/local-order';
import { updateOrder, useBookings, useLocalOrder } from '../../lib/booking-store';

/**
 * What every step after the size step shares: the booking as stored now, whether it is in the
 * basket, where Back and Continue go, and keeping what was entered. `draft` turns the form into
 * the fields that pass their rules; they are stored as the customer types (so Back, the steps,
 * a reload or a second tab lose nothing), and a stored booking never holds an invalid value.
 */
export function useStep<Values>(
  step: BookingStep,
  initial: LocalOrder,
  values: Values,
  draft: (values: Values) => Partial<LocalOrder>,
) {
  const navigate = useNavigate();
  const order = useLocalOrder(initial.Id);
  const { basket } = useBookings();
  const inBasket = basket.includes(initial.Id);
  const id = initial.Id;

  const first = useRef(true);
  const draftRef = useRef(draft);
  useEffect(() => {
    draftRef.current = draft;
  });
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const patch = draftRef.current(values);
    if (Object.keys(patch).length > 0) updateOrder(id, patch);
  }, [id, values]);

  const previous = previousStep(step);
  const next = nextStep(step);
  return {
    order,
    inBasket,
    back: previous ? stepPath(previous, id) : undefined,
    /** Stores the finished step and goes on to the next step (or the given address). */
    complete: (patch: Partial<LocalOrder>, to?: string) => {
      if (!updateOrder(id, patch)) return;
      navigate(to ?? (next ? stepPath(next, id) : confirmPath(id)));
    },
  };
}
