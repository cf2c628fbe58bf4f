import { Link } from 'react-router';
import {
  BOOKING_STEPS,
  canOpenStep,
  isStepComplete,
  stepPath,
  STEP_TITLES,
  type BookingStep,
} from '../../../shared/booking-steps';
import type { LocalOrder } from '../../../shared/local-order';
import '../../styles/booking.css';
import { Icon, icons } from '../../components/icons';

interface Props {
  step: BookingStep;
  order: LocalOrder | null;
}

/**
 * Where the booking stands: every step in order, done ones ticked. A step the booking may open
 * is a link to it (a list of links in a nav, not tabs: each step is a page of its own).
 */
export function BookingStepper({ step, order }: Props) {
  return (
    <nav className="booking-steps" aria-label="Booking steps">
      <ol>
        {BOOKING_STEPS.map((s, i) => {
          const current = s === step;
          const done = !current && order !== null && isStepComplete(order, s);
          const reachable = order !== null && !current && canOpenStep(order, s);
          const className = `step${current ? ' step--current' : done ? ' step--done' : ''}`;
          const content = (
            <>
              <span className="step__icon" aria-hidden="true">
                {done ? <Icon path={icons.check} size={16} /> : i + 1}
              </span>
              <span className="step__label">{STEP_TITLES[s]}</span>
            </>
          );
          const name = `Step ${i + 1}: ${STEP_TITLES[s]}${done ? ', done' : ''}`;
          return (
            <li key={s}>
              {reachable ? (
                <Link to={stepPath(s, order.Id)} className={className} aria-label={name}>
                  {content}
                </Link>
              ) : (
                <span className={className} aria-current={current ? 'step' : undefined}>
                  {content}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
