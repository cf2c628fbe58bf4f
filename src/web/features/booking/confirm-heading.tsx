import type { ReactNode } from 'react';
import { Icon } from '../../components/icons';
import './booking.css';

/** Material Design's check-circle (Apache 2.0), as MUI's CheckCircle. */
const CHECK_CIRCLE =
  'M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2m-2 15-5-5 1.41-1.41L10 14.17l7.59-7.59L19 8z';

/** The heading of a confirmation (the booking in the basket, the quote request sent): a tick. */
export function ConfirmHeading({ children }: { children: ReactNode }) {
  return (
    <div className="confirm-heading">
      <Icon path={CHECK_CIRCLE} size={35} className="confirm-heading__icon" />
      <h1 className="booking__title">{children}</h1>
    </div>
  );
}
