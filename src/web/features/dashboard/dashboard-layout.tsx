import { useEffect, type ReactNode } from 'react';
import { NavLink } from 'react-router';
import { getSession, useSession } from '../../lib/session';
import { openLogin, openRegister } from '../../lib/dialog-store';
import { ACCOUNT_MESSAGES } from '../../lib/account-messages';
import { ACCOUNT_LINKS } from '../../lib/account-links';
import '../../styles/account-screens.css';
import './dashboard-layout.css';

// The user menu's pages (docs/requirements.md §2), then the household (decision 0037), shipping
// bookings together (decision 0041) and Delete Account.
const NAV = [
  ...ACCOUNT_LINKS,
  { label: 'Household', to: '/dashboard/household/' },
  { label: 'Ship together', to: '/dashboard/consolidation/' },
  { label: 'Delete Account', to: '/dashboard/delete-account/' },
];

/**
 * The frame of the My Account pages: a side menu and the page, plain elements
 * (dashboard-layout.css; styles/account-screens.css for the pages inside it). A visitor who is not
 * logged in is asked to log in (the login dialog opens with a message) and sees no account data.
 * The pages read through their route loaders, which read nothing without a session
 * (lib/route-data.ts `readForSession`); a page shown for a session its data was not read for (a
 * log-in here or in another tab) has its loaders read again (`useSessionData`).
 */
export function DashboardLayout({ children }: { children: ReactNode }) {
  const { user } = useSession();

  // Only on arrival: logging out or deleting the account here must not pop the dialog up.
  useEffect(() => {
    if (!getSession().user) openLogin({ loginMessage: ACCOUNT_MESSAGES.dashboardLogin });
  }, []);

  if (!user) return <LoginPrompt />;

  return (
    <div className="container dashboard">
      <nav aria-label="My Account" className="dashboard__nav">
        {NAV.map((link) => (
          <NavLink key={link.to} to={link.to} end className="dashboard__nav-link">
            {link.label}
          </NavLink>
        ))}
      </nav>
      <div className="dashboard__page">{children}</div>
    </div>
  );
}

function LoginPrompt() {
  return (
    <div className="container container--narrow dashboard-login">
      <h1>My Account</h1>
      <p>{ACCOUNT_MESSAGES.dashboardLogin}</p>
      <div className="dashboard-login__actions">
        <button
          type="button"
          className="button button--contained"
          onClick={() => openLogin({ loginMessage: ACCOUNT_MESSAGES.dashboardLogin })}
        >
          Login
        </button>
        <button type="button" className="button button--outlined" onClick={() => openRegister()}>
          Register
        </button>
      </div>
    </div>
  );
}
