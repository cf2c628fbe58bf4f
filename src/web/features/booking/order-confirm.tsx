import { Link } from 'react-router';
import { formatMoney } from '../../../shared/money';
import { orderTotalPence } from '../../../shared/pricing';
import { orderLabel } from '../../../shared/labels';
import type { LocalOrder } from '../../../shared/local-order';
import { Icon, icons } from '../../components/icons';
import { Alert } from '../../components/plain-controls';
import { BasketItemCard } from '../../components/basket-item-card';
import { useLocalOrder } from '../../lib/booking-store';
import { ConfirmHeading } from './confirm-heading';
import { useCatalogue } from '../../lib/use-catalogue';
import '../../styles/booking.css';
import './confirmations.css';

/**
 * The order confirmation (docs/requirements.md §2, /order-confirm/): the finished booking with its
 * label, price lines and total, now in the basket, with Add another delivery and Checkout.
 */
export function OrderConfirm({ initial }: { initial: LocalOrder }) {
  const stored = useLocalOrder(initial.Id);
  const { resolve } = useCatalogue();
  if (!stored) {
    return (
      <div className="container booking--page">
        <Alert severity="info">This booking is no longer in your basket.</Alert>
        <Link to="/basket/" className="button booking__after-alert">
          Go to the basket
        </Link>
      </div>
    );
  }
  const booked = resolve(stored);
  return (
    <div className="container booking--page">
      <ConfirmHeading>Added to your basket</ConfirmHeading>
      <p className="booking__intro">
        Your booking for <strong data-testid="confirm-label">{orderLabel(booked)}</strong> is in
        your basket. Book more deliveries, or check out to pay for them together when you are ready.
      </p>
      <p className="booking__intro" data-testid="confirm-next">
        Once you have paid, give the retailer your UK depot address, with your customer reference,
        as the delivery address. You will find it on the payment confirmation and in My Account.
      </p>
      <BasketItemCard
        booked={booked}
        actions={
          <Link to={`/order/size/${stored.Id}`} className="button">
            <Icon path={icons.edit} size={20} />
            Edit
          </Link>
        }
      />
      <div className="card booking__confirm-total">
        <p>Total for this delivery</p>
        <p data-testid="confirm-total">{formatMoney(orderTotalPence(booked))}</p>
      </div>
      <div className="booking__links">
        <Link to="/order/" className="button button--outlined button--large">
          Add another delivery
        </Link>
        <Link to="/basket/" className="button button--large">
          View basket
        </Link>
        <Link to="/checkout/" className="button button--contained button--large booking__links-end">
          Check out and pay
        </Link>
      </div>
    </div>
  );
}
