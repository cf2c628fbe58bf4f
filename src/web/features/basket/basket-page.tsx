import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { stepPath } from '../../../shared/booking-steps';
import { basketItemTitle } from '../../../shared/labels';
import { formatMoney } from '../../../shared/money';
import { Icon, icons } from '../../components/icons';
import { Alert, Skeleton } from '../../components/plain-controls';
import { PlainDialog } from '../../components/plain-dialog';
import { emptyTheBasket, removeOrder } from '../../lib/booking-store';
import { PRICES_UNAVAILABLE } from '../../components/price-bands';
import { BasketItemCard } from '../../components/basket-item-card';
import { useBasket } from '../../lib/use-basket';
import '../../styles/basket.css';

/**
 * The basket's page before its code has read the browser's bookings and the catalogue has
 * answered (the route's HydrateFallback, so the page as sent): its heading and a placeholder,
 * never "empty" (the bookings are this browser's).
 */
export function BasketPending() {
  return (
    <div className="container basket-page">
      <h1 className="basket-page__title">Your basket</h1>
      <div aria-busy="true">
        <Skeleton height={160} />
      </div>
    </div>
  );
}

/**
 * The basket (docs/requirements.md §2, /basket/): each booking in the item display of §2, with
 * Edit (back into its steps), Remove, Empty basket and the total. Plain elements (basket.css,
 * docs/decisions/0029). Drawn once the route's loader has the catalogue, so every booking is
 * priced from the first draw.
 */
export function BasketPage() {
  const { items, totalPence, isError } = useBasket();
  const [confirmEmpty, setConfirmEmpty] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);

  const remove = (id: number, title: string) => {
    removeOrder(id);
    setAnnouncement(`${title} removed from your basket.`);
    headingRef.current?.focus();
  };

  return (
    <div className="container basket-page">
      <h1 className="basket-page__title" ref={headingRef} tabIndex={-1}>
        Your basket
      </h1>
      <div role="status" aria-live="polite" data-testid="basket-status">
        {announcement && <p className="alert alert--success basket-page__notice">{announcement}</p>}
      </div>
      {isError && (
        <Alert severity="warning" className="basket-page__notice">
          {PRICES_UNAVAILABLE}
        </Alert>
      )}
      {items.length === 0 ? (
        <div className="card basket-empty">
          <Icon path={icons.basket} size={48} className="basket-empty__icon" />
          <h2>Your basket is empty</h2>
          <p>Book a delivery for a parcel a UK retailer is sending to our depot.</p>
          <Link to="/order/" className="button button--contained">
            Add a delivery
          </Link>
        </div>
      ) : (
        <>
          <ul className="basket-page__items">
            {items.map(({ booked, needs }) => (
              <li key={booked.Id}>
                <BasketItemCard
                  booked={booked}
                  needs={needs}
                  actions={
                    <>
                      <Link
                        to={stepPath(needs ?? 'size', booked.Id)}
                        className="button"
                        aria-label={`Edit ${basketItemTitle(booked)}`}
                      >
                        <Icon path={icons.edit} size={20} />
                        Edit
                      </Link>
                      <button
                        type="button"
                        className="button button--danger"
                        onClick={() => remove(booked.Id, basketItemTitle(booked))}
                        aria-label={`Remove ${basketItemTitle(booked)}`}
                      >
                        <Icon path={icons.remove} size={20} />
                        Remove
                      </button>
                    </>
                  }
                />
              </li>
            ))}
          </ul>
          <div className="card basket-page__total">
            <p>Order Total</p>
            <p data-testid="basket-total">{formatMoney(totalPence)}</p>
          </div>
          <div className="basket-page__actions">
            <button
              type="button"
              className="button button--danger"
              onClick={() => setConfirmEmpty(true)}
            >
              Empty basket
            </button>
            <Link to="/order/" className="button button--outlined basket-page__add">
              Add another delivery
            </Link>
            <Link to="/checkout/" className="button button--contained button--large">
              Checkout
            </Link>
          </div>
        </>
      )}
      <PlainDialog
        open={confirmEmpty}
        onClose={() => setConfirmEmpty(false)}
        title="Empty your basket?"
        width={600}
        describedBy="empty-text"
      >
        <p id="empty-text" className="basket-dialog__text">
          All {items.length} booking{items.length === 1 ? '' : 's'} will be removed from this
          browser.
        </p>
        <div className="basket-dialog__actions">
          <button type="button" className="button" onClick={() => setConfirmEmpty(false)}>
            Cancel
          </button>
          <button
            type="button"
            className="button button--contained button--danger"
            onClick={() => {
              emptyTheBasket();
              setConfirmEmpty(false);
              setAnnouncement('Your basket is now empty.');
            }}
          >
            Empty basket
          </button>
        </div>
      </PlainDialog>
    </div>
  );
}
