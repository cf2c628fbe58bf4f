import type { ReactNode } from 'react';
import { Icon, icons } from '../../components/icons';
import '../../styles/booking.css';
import './confirm-heading.css';

/** The heading of a confirmation (the booking in the basket, the quote request sent): a tick. */
export function ConfirmHeading({ children }: { children: ReactNode }) {
  return (
    <div className="confirm-heading">
      <Icon path={icons.done} size={35} className="confirm-heading__icon" />
      <h1 className="booking__title">{children}</h1>
    </div>
  );
}
