import { redirect } from 'react-router';
import {
  canOpenStep,
  confirmPath,
  firstIncompleteStep,
  stepPath,
  type BookingStep,
} from '../../../shared/booking-steps';
import type { LocalOrder } from '../../../shared/local-order';
import { requireDigits } from '../../lib/route-params';
import { getBookings, refreshBookings } from '../../lib/booking-store';

/**
 * docs/requirements.md §2: ids in these routes are digits; anything else is the not-found page (a
 * 404). A digits id that names no booking (0, or too long to be one) is a booking that does not
 * exist.
 */
function orderIdParam(id: string | undefined): number {
  return Number(requireDigits(id));
}

/** The booking with this id as stored now (read afresh: another tab may have changed it). */
export function storedOrder(id: number): LocalOrder | undefined {
  refreshBookings();
  return getBookings().orders.get(id);
}

/**
 * The size step's booking (/order/{id}, /calculator/{id}); one that does not exist sends the
 * visitor to `start` (/order/ or /calculator/, a new booking) to begin afresh.
 */
export function sizeStepOrder(idParam: string | undefined, start: string): { order: LocalOrder } {
  const order = storedOrder(orderIdParam(idParam));
  if (!order) throw redirect(start);
  return { order };
}

/** Where a booking should go next: its first incomplete step, or its confirmation. */
function resumePath(order: LocalOrder): string {
  const step = firstIncompleteStep(order);
  return step ? stepPath(step, order.Id) : confirmPath(order.Id);
}

/**
 * A step opened for a booking that does not exist starts a new one; a step opened before the
 * steps it needs are done goes to the first that is not (decision 0009).
 */
export function guardStep(step: BookingStep, idParam: string | undefined): { order: LocalOrder } {
  const id = orderIdParam(idParam);
  const order = storedOrder(id);
  if (!order) throw redirect('/order/');
  if (!canOpenStep(order, step)) throw redirect(resumePath(order));
  return { order };
}
