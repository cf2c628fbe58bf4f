import { Link } from 'react-router';
import { Box, Divider, List, ListItemButton, ListItemText, Typography } from '@mui/material';
import type { UserData } from '../../../shared/api/auth';
import { AppProviders } from '../../components/app-providers';
import { HeaderPopover } from '../../components/header-popover';
import { ACCOUNT_LINKS } from './account-links';
import { ShippingAddressCard } from './shipping-address-card';
import { useLogOut } from './use-log-out';

interface Props {
  user: UserData;
  /** The header button the menu hangs from; null when closed. */
  anchor: HTMLElement | null;
  onClose: () => void;
}

/**
 * The logged-in user menu's panel (SPEC section 2), fetched when first opened: the account
 * links, the shipping address card, Log Out. A popover that keeps the focus inside while open.
 */
export default function AccountMenu({ user, anchor, onClose }: Props) {
  const logOutAndGoHome = useLogOut();
  return (
    <AppProviders>
      <HeaderPopover
        anchor={anchor}
        onClose={onClose}
        paper={{ 'aria-label': 'My Account', sx: { maxWidth: 'calc(100vw - 32px)', mt: 1 } }}
      >
        <Box sx={{ px: 2, pt: 2, pb: 1.5 }}>
          <Typography variant="subtitle1" sx={{ fontWeight: 700 }} noWrap>
            {user.FullName}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {user.Email}
          </Typography>
        </Box>
        <Divider />
        <List component="nav" aria-label="Account" dense disablePadding sx={{ py: 0.5 }}>
          {ACCOUNT_LINKS.map((link) => (
            <ListItemButton key={link.to} component={Link} to={link.to} onClick={onClose}>
              <ListItemText primary={link.label} />
            </ListItemButton>
          ))}
        </List>
        <Divider />
        <Box sx={{ p: 2 }}>
          <ShippingAddressCard user={user} />
        </Box>
        <Divider />
        {/* A div, not a <ul>: a list may hold only <li> (axe `list`). */}
        <List component="div" dense disablePadding sx={{ py: 0.5 }}>
          <ListItemButton
            onClick={() => {
              onClose();
              void logOutAndGoHome();
            }}
          >
            <ListItemText primary="Log Out" />
          </ListItemButton>
        </List>
      </HeaderPopover>
    </AppProviders>
  );
}
