import { formatDimensionsCm, orderDimensionsMm, orderLabel } from '../../../shared/labels';
import { formatMoney } from '../../../shared/money';
import { orderTotalPence } from '../../../shared/pricing';
import { BoxImage } from '../../components/box-image';
import { PriceLines } from '../../components/price-lines';
import type { LocalOrder } from '../../../shared/local-order';
import { ArrivalPromise } from '../../components/arrival-promise';
import { useCatalogue } from '../../lib/use-catalogue';

/**
 * The booking so far beside the steps (BookingPage's `summary`): its label, size and price lines,
 * and the total; nothing while the booking is not in this browser.
 */
export function BookingSummary({ order }: { order: LocalOrder | null }) {
  const { resolve } = useCatalogue();
  if (!order) return null;
  const booked = resolve(order);
  const dimensions = orderDimensionsMm(booked);
  return (
    <aside className="card" aria-labelledby="booking-summary-title">
      <div className="booking-summary__head">
        <BoxImage booked={booked} size={56} />
        <div>
          <h2 id="booking-summary-title">{orderLabel(booked)}</h2>
          {dimensions && <p>{formatDimensionsCm(dimensions)}</p>}
        </div>
      </div>
      <PriceLines order={booked} dense />
      <p className="booking-summary__total">
        <span>Total</span>
        <span data-testid="booking-total">{formatMoney(orderTotalPence(booked))}</span>
      </p>
      <ArrivalPromise island={order.Island} />
    </aside>
  );
}
