import { basketPriceLines, type BasketItemOrder } from '../../shared/labels';
import { formatMoney } from '../../shared/money';
import '../styles/basket.css';

/**
 * A booking's price lines (docs/requirements.md §2): Delivery Price, each extra, and a Subtotal
 * only when it differs from the Delivery Price. A description list, so a screen reader reads name
 * and price.
 */
export function PriceLines({ order, dense = false }: { order: BasketItemOrder; dense?: boolean }) {
  return (
    <dl className={`price-lines${dense ? ' price-lines--dense' : ''}`} data-testid="price-lines">
      {basketPriceLines(order).map((line, i) => (
        <div
          key={`${line.label}-${i}`}
          className={line.label === 'Subtotal' ? 'price-lines__total' : undefined}
        >
          <dt>{line.label}</dt>
          <dd>{formatMoney(line.pence)}</dd>
        </div>
      ))}
    </dl>
  );
}
