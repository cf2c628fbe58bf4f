import { mdiAccountCircleOutline, mdiChevronDown } from '@mdi/js';
import { Suspense, useEffect, useState } from 'react';
import type { UserData } from '../../../shared/api/auth';
import { Icon } from '../../components/icons';
import { lazyChunk } from '../../lib/lazy';
import { useSession } from '../../lib/session';
import { preloadAccountDialogs } from './account-dialogs';
import { commandFor, openLogin, openRegister } from './dialog-store';
import './account.css';

// The menu (Base UI's Menu, some 20 KB) is fetched as soon as someone is logged in, not with
// every page: a visitor who is not never needs it.
const loadAccountMenu = () => import('./account-menu');
const AccountMenu = lazyChunk('account-menu', loadAccountMenu);

const DrawerUser = lazyChunk('drawer-user', () => import('./drawer-user'));

/**
 * The header's user menu (SPEC section 2). Logged in: a menu button opening My Account, Profile,
 * Order History, Address Book, Log Out and the card with the customer's unique shipping address
 * (click to copy) with the reminder. Logged out: Login, which opens its dialog with no script
 * (the dialog is in the page's HTML), and Register. While a stored session's user is read back
 * (lib/session.ts), neither.
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
          onClick={() => openLogin()}
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
      <LoggedInMenu user={user} />
    </div>
  );
}

/** What the menu's button says (account-menu.tsx draws the same inside Base UI's trigger). */
export function AccountButtonContent({ user }: { user: UserData }) {
  return (
    <>
      <Icon path={mdiAccountCircleOutline} />
      <span className="user-menu__name">{user.FirstName || 'My Account'}</span>
      <Icon path={mdiChevronDown} size={18} />
    </>
  );
}

/**
 * The menu, fetched once someone is logged in. Until it has arrived its button is drawn alike, and
 * a press on it is held: the menu opens when it arrives, so no press is lost.
 */
function LoggedInMenu({ user }: { user: UserData }) {
  const [pressed, setPressed] = useState(false);
  useEffect(() => void loadAccountMenu(), []);
  const button = (
    <button
      type="button"
      className="button button--text user-menu__account"
      aria-haspopup="menu"
      aria-expanded={false}
      aria-label={`My Account: ${user.FullName}`}
      onClick={() => setPressed(true)}
    >
      <AccountButtonContent user={user} />
    </button>
  );
  return (
    <Suspense fallback={button}>
      <AccountMenu user={user} openAtOnce={pressed} />
    </Suspense>
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
