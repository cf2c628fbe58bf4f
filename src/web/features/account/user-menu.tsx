import { Suspense } from 'react';
import { lazyChunk } from '../../lib/lazy';
import { useSession } from '../../lib/session';
import { afterOpenedFrom, browserOpensDialogs, opensItself } from '../../components/plain-dialog';
import {
  commandFor,
  DIALOG_IDS,
  openLogin,
  openRegister,
  type DialogName,
} from '../../lib/dialog-store';
import { preloadRegister } from './register-island';
import '../../styles/account.css';

const DrawerUser = lazyChunk('drawer-user', () => import('./drawer-user'));
const AccountMenu = lazyChunk('account-menu', () => import('./account-menu'));

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
      <div className="user-menu" data-testid="user-menu" onPointerEnter={preloadRegister}>
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
          {...commandFor('register')}
          onClick={() => opensItself(DIALOG_IDS.register) || openRegister()}
          onFocus={preloadRegister}
        >
          Register
        </button>
      </div>
    );
  }
  return (
    <div className="user-menu" data-testid="user-menu">
      <Suspense fallback={null}>
        <AccountMenu user={user} />
      </Suspense>
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
  if (!user) {
    return (
      <div className="drawer-account" data-testid="drawer-account">
        <DrawerDialogButton name="login" onClose={onClose} className="button--outlined">
          Login
        </DrawerDialogButton>
        <DrawerDialogButton name="register" onClose={onClose} className="button--contained">
          Register
        </DrawerDialogButton>
      </div>
    );
  }

  return (
    <Suspense fallback={null}>
      <DrawerUser user={user} onClose={onClose} />
    </Suspense>
  );
}

/**
 * Login or Register in the drawer: the browser opens the dialog above the drawer by itself
 * (`commandfor`, before the page's code too), and the drawer closes under it once it has been
 * painted, unless the visitor has closed the dialog again meanwhile (back to the menu). Where the
 * browser cannot, the drawer closes first (a modal dialog of ours then opens above the page).
 */
function DrawerDialogButton({
  name,
  onClose,
  className,
  children,
}: {
  name: Extract<DialogName, 'login' | 'register'>;
  onClose: () => void;
  className: string;
  children: string;
}) {
  const open = name === 'login' ? openLogin : openRegister;
  return (
    <button
      type="button"
      className={`button ${className} button--block`}
      {...commandFor(name)}
      onClick={() =>
        afterOpenedFrom(DIALOG_IDS[name], onClose, () => {
          onClose();
          setTimeout(() => open(), 0);
        })
      }
      onFocus={name === 'register' ? preloadRegister : undefined}
    >
      {children}
    </button>
  );
}
