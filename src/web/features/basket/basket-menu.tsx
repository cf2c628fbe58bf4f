import { Suspense, useState } from 'react';
import { Link } from 'react-router';
import { Icon, icons } from '../../components/icons';
import { lazyChunk } from '../../lib/lazy';
import { useBasketCount } from './use-basket-count';
import './basket-menu.css';

export { useBasketCount } from './use-basket-count';

// The dropdown (MUI, TanStack Query, the catalogue) loads on first use, so the header on every
// page stays plain and small.
const loadPanel = () => import('./basket-menu-panel');
const BasketMenuPanel = lazyChunk('basket-menu-panel', loadPanel);

/**
 * The header's basket menu (SPEC section 2): with items, a badge with the count and a dropdown
 * listing them with the Order Total and Basket and Checkout buttons; with none, a plain basket
 * button linking to /basket/.
 */
export function BasketMenu() {
  const count = useBasketCount();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);

  if (count === 0) {
    return (
      <Link
        to="/basket/"
        className="icon-button basket-menu__button"
        aria-label="Basket, empty"
        title="Basket"
        data-testid="basket-menu"
      >
        <Icon path={icons.basket} />
      </Link>
    );
  }
  return (
    <>
      <button
        type="button"
        className="icon-button basket-menu__button"
        aria-label={`Basket, ${count} ${count === 1 ? 'delivery' : 'deliveries'}`}
        aria-haspopup="dialog"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? 'basket-menu-panel' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        data-testid="basket-menu"
      >
        <Icon path={icons.basket} />
        <span className="basket-menu__badge" aria-hidden="true" data-testid="basket-count">
          {count}
        </span>
      </button>
      {anchor && (
        <Suspense fallback={null}>
          <BasketMenuPanel anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
