import { useRef, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import type { UserData } from '../../../shared/api/auth';
import { Icon, icons } from '../../components/icons';
import { ACCOUNT_LINKS } from '../../lib/account-links';
import { ShippingAddressCard } from '../../components/shipping-address-card';
import { useLogOut } from './use-log-out';

const MENU_ID = 'account-menu';

/** The arrow keys, Home and End move the focus between the panel's links and buttons. */
function moveFocus(event: KeyboardEvent<HTMLElement>, panel: HTMLElement | null) {
  const items = [...(panel?.querySelectorAll<HTMLElement>('a[href], button') ?? [])];
  const at = items.indexOf(document.activeElement as HTMLElement);
  const to = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: items.length - 1 }[event.key];
  if (to === undefined || !items.length) return;
  event.preventDefault();
  items[(to + items.length) % items.length]!.focus();
}

/**
 * The logged-in user menu (docs/requirements.md §2): a disclosure, the button opening a popover of
 * links (the browser's Popover API, no script needed to open or close it): the account links, the
 * shipping address card (click to copy) and Log Out. Tab or the arrow keys move through it,
 * Escape or a press outside closes it and the focus goes back to the button
 * (docs/decisions/0029). Fetched once someone is logged in: a visitor who is not never needs it.
 */
export default function AccountMenu({ user }: { user: UserData }) {
  const logOutAndGoHome = useLogOut();
  const panel = useRef<HTMLElement>(null);
  const close = () => panel.current?.hidePopover();
  return (
    <>
      <button
        type="button"
        className="button button--text user-menu__account"
        aria-label={`My Account: ${user.FullName}`}
        popoverTarget={MENU_ID}
        onKeyDown={(event) => {
          if (event.key !== 'ArrowDown') return;
          panel.current?.showPopover();
          moveFocus(event, panel.current);
        }}
      >
        <Icon path={icons.account} />
        <span className="user-menu__name">{user.FirstName || 'My Account'}</span>
        <Icon path={icons.opens} size={18} />
      </button>
      <nav
        ref={panel}
        id={MENU_ID}
        popover="auto"
        aria-label="Account menu"
        className="header-popover account-menu"
        data-testid="account-menu"
        onKeyDown={(event) => moveFocus(event, panel.current)}
      >
        <p className="account-menu__who">
          <span className="account-menu__name">{user.FullName}</span>
          <span className="account-menu__email">{user.Email}</span>
        </p>
        <ul className="account-menu__links">
          {ACCOUNT_LINKS.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className="account-menu__item" onClick={close}>
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
        <hr className="account-menu__separator" />
        <div className="account-menu__card">
          <ShippingAddressCard user={user} />
        </div>
        <hr className="account-menu__separator" />
        <button
          type="button"
          className="account-menu__item account-menu__log-out"
          onClick={() => {
            close();
            void logOutAndGoHome();
          }}
        >
          Log Out
        </button>
      </nav>
    </>
  );
}
