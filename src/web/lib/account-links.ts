/** The account pages the user menu and the drawer link to (docs/requirements.md §2). */
export const ACCOUNT_LINKS = [
  { label: 'My Account', to: '/dashboard/' },
  { label: 'Profile', to: '/dashboard/profile/' },
  { label: 'Order History', to: '/dashboard/orders/' },
  { label: 'Address Book', to: '/dashboard/addresses/' },
] as const;
