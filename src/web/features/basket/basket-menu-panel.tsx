import { Link } from 'react-router';
import { Skeleton } from '../../components/plain-controls';
import { basketItemTitle, orderLabel } from '../../../shared/labels';
import { formatMoney } from '../../../shared/money';
import { orderTotalPence } from '../../../shared/pricing';
import { BoxImage } from '../../components/box-image';
import { useBasket } from '../../lib/use-basket';

/** The basket menu's dropdown: the bookings, the Order Total, and Basket and Checkout. */
export default function BasketMenuPanel({ onClose }: { onClose: () => void }) {
  const { items, totalPence, isPending } = useBasket();
  return (
    <>
      <h2 id="basket-menu-title" className="basket-menu__title">
        Your basket
      </h2>
      <ul className="basket-menu__items">
        {items.map(({ booked }) => {
          const title = basketItemTitle(booked);
          const label = orderLabel(booked);
          return (
            <li key={booked.Id} className="basket-menu__item" data-testid="basket-menu-item">
              <BoxImage booked={booked} size={40} />
              <span className="basket-menu__text">
                <span className="basket-menu__name">{title}</span>
                <span className="basket-menu__detail">
                  {[label !== title && label, booked.ItemDescription].filter(Boolean).join(' · ')}
                </span>
              </span>
              <span className="basket-menu__price">
                {isPending ? (
                  <Skeleton height={20} width={48} />
                ) : (
                  formatMoney(orderTotalPence(booked))
                )}
              </span>
            </li>
          );
        })}
      </ul>
      <p className="basket-menu__total">
        <span>Order Total</span>
        <span data-testid="basket-menu-total">{isPending ? '…' : formatMoney(totalPence)}</span>
      </p>
      <div className="basket-menu__actions">
        <Link to="/basket/" className="button button--outlined" onClick={onClose}>
          Basket
        </Link>
        <Link to="/checkout/" className="button button--contained" onClick={onClose}>
          Checkout
        </Link>
      </div>
    </>
  );
}
