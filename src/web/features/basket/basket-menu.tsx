import { Suspense, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Icon, icons } from '../../components/icons';
import { lazyChunk } from '../../lib/lazy';
import { useBasketCount } from './use-basket-count';
import './basket-menu.css';

export { useBasketCount } from './use-basket-count';

// The dropdown's content (the bookings with the catalogue's prices) loads on first use, so the
// header on every page stays small; the dropdown itself is the browser's popover, opened by the
// button with no script (popovertarget), which also closes it on Escape or a press outside.
const loadPanel = () => import('./basket-menu-panel');
const BasketMenuPanel = lazyChunk('basket-menu-panel', loadPanel);

const PANEL_ID = 'basket-menu-panel';

/**
 * The header's basket menu (docs/requirements.md §2): with items, a badge with the count and a
 * dropdown listing them with the Order Total and Basket and Checkout buttons; with none, a plain
 * basket button linking to /basket/.
 */
export function BasketMenu() {
  const count = useBasketCount();
  const panel = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);

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
        popoverTarget={PANEL_ID}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        data-testid="basket-menu"
      >
        <Icon path={icons.basket} />
        <span className="basket-menu__badge" aria-hidden="true" data-testid="basket-count">
          {count}
        </span>
      </button>
      <div
        ref={panel}
        id={PANEL_ID}
        popover="auto"
        role="dialog"
        aria-labelledby="basket-menu-title"
        className="header-popover basket-menu__panel"
        data-testid="basket-menu-panel"
        onToggle={(event) => setOpen(event.newState === 'open')}
      >
        {open && (
          <Suspense fallback={<p className="header-popover__pending">Loading…</p>}>
            <BasketMenuPanel onClose={() => panel.current?.hidePopover()} />
          </Suspense>
        )}
      </div>
    </>
  );
}
