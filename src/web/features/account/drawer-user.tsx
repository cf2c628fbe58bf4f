import { NavLink } from 'react-router';
import type { UserData } from '../../../shared/api/auth';
import { ACCOUNT_LINKS } from '../../lib/account-links';
import { ShippingAddressCard } from '../../components/shipping-address-card';
import { useLogOut } from './use-log-out';

/**
 * The drawer's account section when logged in (fetched only then): the account links, Log Out
 * and the shipping address card, which confirms a copy under itself (the drawer is a modal
 * dialog: a toast outside it would be hidden behind).
 */
export default function DrawerUser({ user, onClose }: { user: UserData; onClose: () => void }) {
  const logOutAndGoHome = useLogOut();
  return (
    <div className="drawer-user" data-testid="drawer-account">
      <p className="drawer-user__heading">{user.FullName}</p>
      <ul className="drawer-user__links">
        {ACCOUNT_LINKS.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} end className="site-drawer__link" onClick={() => onClose()}>
              {link.label}
            </NavLink>
          </li>
        ))}
        <li>
          <button
            type="button"
            className="site-drawer__link drawer-user__logout"
            onClick={() => {
              onClose();
              void logOutAndGoHome();
            }}
          >
            Log Out
          </button>
        </li>
      </ul>
      <ShippingAddressCard user={user} notice="inline" />
    </div>
  );
}
