import { Suspense } from 'react';
import { lazyChunk } from '../../lib/lazy';
import { useSession } from '../../lib/session';
import { preloadAccountDialogs } from './account-dialogs';
import { AccountMenu } from './account-menu';
import { browserOpensDialogs } from '../../components/plain-dialog';
import { commandFor, openLogin, openRegister } from './dialog-store';
import './account.css';

const DrawerUser = lazyChunk('drawer-user', () => import('./drawer-user'));

/**
 * The header's user menu (docs/requirements.md §2). Logged in: a button opening My Account,
 * Profile, Order History, Address Book, Log Out and the card with the customer's unique shipping
 * address (click to copy) with the reminder. Logged out: Login, which opens its dialog with no
 * script (the dialog is in the page's HTML), and Register. While a stored session's user is read
 * back (lib/session.ts), neither.
 */
export function UserMenu() {
  const { user, restoring } = useSession();
  if (restoring) return <div className="user-menu" data-testid="user-menu" />;
  if (!user) {
    return (
      <div className="user-menu" data-testid="user-menu" onPointerEnter={preloadAccountDialogs}>
        <button
          type="button"
          className="button button--text"
          {...commandFor('login')}
          onClick={() => browserOpensDialogs() || openLogin()}
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
      <AccountMenu user={user} />
    </div>
  );
}

interface DrawerAccountLinksProps {
  /** Closes the drawer (called before opening a dialog or navigating). */
  onClose: () => void;
}

/**
 * The drawer's account section (docs/requirements.md §2). Logged out: Login and Register. Logged in
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
