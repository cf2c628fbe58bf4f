import { Suspense, useState } from 'react';
import { mdiAccountCircleOutline, mdiChevronDown } from '@mdi/js';
import { Icon } from '../../components/icons';
import { lazyChunk } from '../../lib/lazy';
import { useSession } from '../../lib/session';
import './account.css';

// The header is part of every page's initial JavaScript, so the first render here is plain
// HTML with the site's button classes; the logged-in menu (MUI) is fetched when first opened.
const loadAccountMenu = () => import('./account-menu');
const AccountMenu = lazyChunk('account-menu', loadAccountMenu);
const DrawerUser = lazyChunk('drawer-user', () => import('./drawer-user'));
/** Starts fetching the dialogs' code when the pointer or focus reaches Login or Register. */
const preloadAccountDialogs = () =>
  void import('./account-dialogs').then((dialogs) => dialogs.preloadAccountDialogs());
// The dialog store comes with the dialogs, after the page is interactive.
const openLogin = () => void import('./dialog-store').then((store) => store.openLogin());
const openRegister = () => void import('./dialog-store').then((store) => store.openRegister());

/**
 * The header's user menu (SPEC section 2). Logged in: a button opening My Account, Profile,
 * Order History, Address Book, Log Out and the card with the customer's unique shipping address
 * (click to copy) with the reminder. Logged out: Login and Register.
 */
export function UserMenu() {
  const { user } = useSession();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [everOpened, setEverOpened] = useState(false);

  if (!user) {
    return (
      <div className="user-menu" data-testid="user-menu" onPointerEnter={preloadAccountDialogs}>
        <button
          type="button"
          className="button button--text"
          onClick={() => openLogin()}
          onFocus={preloadAccountDialogs}
        >
          Login
        </button>
        <button
          type="button"
          className="button button--outlined"
          onClick={() => openRegister()}
          onFocus={preloadAccountDialogs}
        >
          Register
        </button>
      </div>
    );
  }

  return (
    <div className="user-menu" data-testid="user-menu">
      <button
        type="button"
        className="button button--text user-menu__account"
        aria-haspopup="dialog"
        aria-expanded={anchor !== null}
        aria-label={`My Account: ${user.FullName}`}
        onPointerEnter={() => void loadAccountMenu()}
        onClick={(event) => {
          setEverOpened(true);
          setAnchor(anchor ? null : event.currentTarget);
        }}
      >
        <Icon path={mdiAccountCircleOutline} />
        <span className="user-menu__name">{user.FirstName || 'My Account'}</span>
        <Icon path={mdiChevronDown} size={18} />
      </button>
      {everOpened && (
        <Suspense fallback={null}>
          <AccountMenu user={user} anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </div>
  );
}

interface DrawerAccountLinksProps {
  /** Closes the drawer (called before opening a dialog or navigating). */
  onClose: () => void;
}

/**
 * The drawer's account section (SPEC section 2). Logged out: Login and Register. Logged in
 * (fetched then): the account links, the shipping address card and Log Out.
 */
export function DrawerAccountLinks({ onClose }: DrawerAccountLinksProps) {
  const { user } = useSession();
  // The drawer is a modal <dialog>: let it close before a dialog of ours opens above the page.
  const thenOpen = (open: () => void) => {
    onClose();
    setTimeout(open, 0);
  };

  if (!user) {
    return (
      <div className="drawer-account" data-testid="drawer-account">
        <button
          type="button"
          className="button button--outlined button--block"
          onClick={() => thenOpen(() => openLogin())}
          onFocus={preloadAccountDialogs}
        >
          Login
        </button>
        <button
          type="button"
          className="button button--contained button--block"
          onClick={() => thenOpen(() => openRegister())}
          onFocus={preloadAccountDialogs}
        >
          Register
        </button>
      </div>
    );
  }

  return (
    <Suspense fallback={null}>
      <DrawerUser user={user} onClose={onClose} />
    </Suspense>
  );
}
