import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { getSession, useSession } from '../../lib/session';
import type { LoginOptions } from '../../lib/dialog-store';
import '../../styles/checkout.css';

// The dialogs' store comes with the dialogs themselves (root.tsx fetches them once the page is
// interactive), so it is not part of the page's own code.
const openLogin = (options: LoginOptions) =>
  void import('../../lib/dialog-store').then((store) => store.openLogin(options));
const openRegister = () =>
  void import('../../lib/dialog-store').then((store) => store.openRegister({ stayOnPage: true }));

/**
 * Shows its children to a logged-in customer. A visitor gets the login dialog on arrival, with a
 * message saying why, and stays on the page after logging in or registering, which then shows.
 * Plain elements (checkout.css); the payment pages and the dashboard's pay and quote pages use it
 * too.
 */
export function LoginGate({ message, children }: { message: string; children: ReactNode }) {
  const { user, restoring } = useSession();
  // Only on arrival, like the dashboard: a session ending here does not pop the dialog up. A
  // session whose user is being read back (lib/session.ts) is waited for.
  useEffect(() => {
    if (!restoring && !getSession().user) openLogin({ loginMessage: message, stayOnPage: true });
  }, [message, restoring]);
  if (user) return children;
  if (restoring) return null;
  return (
    <div className="card login-gate" data-testid="login-gate">
      <p>{message}</p>
      <div className="login-gate__actions">
        <button
          type="button"
          className="button button--contained"
          onClick={() => openLogin({ loginMessage: message, stayOnPage: true })}
        >
          Log in
        </button>
        <button type="button" className="button button--outlined" onClick={openRegister}>
          Register
        </button>
        <Link to="/basket/" className="button">
          Back to the basket
        </Link>
      </div>
    </div>
  );
}
