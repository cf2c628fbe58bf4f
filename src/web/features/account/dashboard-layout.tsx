import { useEffect, type ReactNode } from 'react';
import { NavLink } from 'react-router';
import {
  Box,
  Button,
  Container,
  List,
  ListItemButton,
  ListItemText,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import { getSession, useSession } from '../../lib/session';
import { openLogin, openRegister } from './dialog-store';
import { ACCOUNT_MESSAGES } from './messages';
import { ACCOUNT_LINKS } from './account-links';

const NAV = [...ACCOUNT_LINKS, { label: 'Delete Account', to: '/dashboard/delete-account/' }];

/**
 * The frame of the My Account pages: a side menu and the page. A visitor who is not logged in
 * is asked to log in (the login dialog opens with a message) and sees no account data.
 */
export function DashboardLayout({ children }: { children: ReactNode }) {
  const { user } = useSession();

  // Only on arrival: logging out or deleting the account here must not pop the dialog up.
  useEffect(() => {
    if (!getSession().user) openLogin({ loginMessage: ACCOUNT_MESSAGES.dashboardLogin });
  }, []);

  if (!user) return <LoginPrompt />;

  return (
    // The width of the site's .container, so the page lines up with the header.
    <Container maxWidth={false} sx={{ maxWidth: 1200, py: { xs: 2, md: 4 } }}>
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 2, md: 4 },
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '220px minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <Paper component="nav" aria-label="My Account" variant="outlined">
          {/* The links sit straight in the nav: a <ul> may hold only <li> (axe). */}
          <List
            component="div"
            dense
            sx={{
              display: 'flex',
              flexDirection: { xs: 'row', md: 'column' },
              overflowX: { xs: 'auto', md: 'visible' },
              py: { xs: 0.5, md: 1 },
            }}
          >
            {NAV.map((link) => (
              <ListItemButton
                key={link.to}
                component={NavLink}
                to={link.to}
                end
                sx={{
                  flex: { xs: '0 0 auto', md: 'initial' },
                  '&.active': {
                    bgcolor: 'action.selected',
                    color: 'primary.dark',
                    fontWeight: 700,
                  },
                }}
              >
                <ListItemText
                  primary={link.label}
                  slotProps={{ primary: { sx: { fontWeight: 'inherit', whiteSpace: 'nowrap' } } }}
                />
              </ListItemButton>
            ))}
          </List>
        </Paper>
        <Box sx={{ minWidth: 0 }}>{children}</Box>
      </Box>
    </Container>
  );
}

function LoginPrompt() {
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 8 }, textAlign: 'center' }}>
      <Typography variant="h1" gutterBottom>
        My Account
      </Typography>
      <Typography sx={{ mb: 3 }}>{ACCOUNT_MESSAGES.dashboardLogin}</Typography>
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'center' }}>
        <Button
          variant="contained"
          onClick={() => openLogin({ loginMessage: ACCOUNT_MESSAGES.dashboardLogin })}
        >
          Login
        </Button>
        <Button variant="outlined" onClick={() => openRegister()}>
          Register
        </Button>
      </Stack>
    </Container>
  );
}
