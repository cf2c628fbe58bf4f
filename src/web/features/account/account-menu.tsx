import { Menu } from '@base-ui/react/menu';
import { Link } from 'react-router';
import type { UserData } from '../../../shared/api/auth';
import { ACCOUNT_LINKS } from './account-links';
import { ShippingAddressCard, type CardButtonProps } from './shipping-address-card';
import { useLogOut } from './use-log-out';
import { AccountButtonContent } from './user-menu';

/** The shipping address card's button as an item of the menu (copying leaves the menu open). */
function CardItem(props: CardButtonProps) {
  return <Menu.Item {...props} closeOnClick={false} />;
}

/**
 * The logged-in user menu (SPEC section 2): a menu button (Base UI's Menu, styled by account.css)
 * opening the account links, the shipping address card (click to copy) and Log Out. The arrow
 * keys, Home and End move between the items, Escape or a press outside closes it and the focus
 * goes back to the button (docs/decisions/0029).
 */
export default function AccountMenu({
  user,
  openAtOnce,
}: {
  user: UserData;
  /** Its button was pressed while the menu was being fetched (user-menu.tsx). */
  openAtOnce: boolean;
}) {
  const logOutAndGoHome = useLogOut();
  return (
    <Menu.Root modal={false} defaultOpen={openAtOnce}>
      <Menu.Trigger
        className="button button--text user-menu__account"
        aria-label={`My Account: ${user.FullName}`}
      >
        <AccountButtonContent user={user} />
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Positioner
          side="bottom"
          align="end"
          sideOffset={8}
          className="account-menu__positioner"
        >
          <Menu.Popup className="header-popover account-menu" aria-label="My Account">
            <Menu.Group>
              <Menu.GroupLabel className="account-menu__who">
                <span className="account-menu__name">{user.FullName}</span>
                <span className="account-menu__email">{user.Email}</span>
              </Menu.GroupLabel>
              {ACCOUNT_LINKS.map((link) => (
                <Menu.LinkItem
                  key={link.to}
                  closeOnClick
                  className="account-menu__item"
                  render={<Link to={link.to} />}
                >
                  {link.label}
                </Menu.LinkItem>
              ))}
            </Menu.Group>
            <Menu.Separator className="account-menu__separator" />
            <div className="account-menu__card">
              <ShippingAddressCard user={user} Button={CardItem} />
            </div>
            <Menu.Separator className="account-menu__separator" />
            <Menu.Item className="account-menu__item" onClick={() => void logOutAndGoHome()}>
              Log Out
            </Menu.Item>
          </Menu.Popup>
        </Menu.Positioner>
      </Menu.Portal>
    </Menu.Root>
  );
}
