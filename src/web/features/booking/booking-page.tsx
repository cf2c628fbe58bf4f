import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { BookingStep } from '../../../shared/booking-steps';
import type { LocalOrder } from '../../../shared/local-order';
import { BookingStepper } from './booking-stepper';
import '../../styles/booking.css';

interface Props {
  step: BookingStep;
  title: string;
  intro?: ReactNode;
  /** The booking as stored now (null: not started, or removed meanwhile). */
  order: LocalOrder | null;
  /** Whether the page is for an existing booking (so a null order means it was removed). */
  existing: boolean;
  /** The steps are left out where nothing is being booked yet (the calculator). */
  steps?: boolean;
  /** The booking so far, beside the form on wide screens (BookingSummary). */
  summary?: ReactNode;
  children: ReactNode;
}

/**
 * The frame of every booking step: the steps, the heading, the form, and the booking so far.
 * Plain elements (booking.css).
 */
export function BookingPage({
  step,
  title,
  intro,
  order,
  existing,
  steps = true,
  summary,
  children,
}: Props) {
  return (
    <div className="container booking">
      {steps && <BookingStepper step={step} order={order} />}
      {existing && !order ? (
        <div className="alert alert--info alert--action">
          This booking is no longer in this browser (it may have been removed in another tab).
          <Link to="/order/" className="button">
            Start a booking
          </Link>
        </div>
      ) : (
        <div className={`booking__grid${summary ? ' booking__grid--aside' : ''}`}>
          <div className="booking__main">
            <h1 className="booking__title">{title}</h1>
            {intro && <div className="booking__intro">{intro}</div>}
            {children}
          </div>
          {summary}
        </div>
      )}
    </div>
  );
}
