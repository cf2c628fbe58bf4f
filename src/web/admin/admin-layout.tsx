import type { ReactNode } from 'react';
import { Link as RouterLink, Navigate, useLocation, useNavigate } from 'react-router';
import { Alert, AppBar, Box, Button, Container, Stack, Toolbar, Typography } from '@mui/material';
import type { AbilityAction, AbilitySubject } from '../../shared/access';
import { adminGroupsFor } from './admin-areas';
import { AdminNavDrawer, AdminSideNav } from './admin-nav';
import { AppProviders } from './kit/app-providers';
import { endStaffSession, staffCan, useStaffSession } from './staff/staff-session';

/** Pages of /admin/ open without a staff session. */
const OPEN_PAGES = ['/admin/login', '/admin/invitation/'];

/**
 * The frame of the back office (/admin/*): its own bar and no public header or footer, MUI, and
 * the staff session (not the customer's). Without a session every page but log-in and the
 * invitation link sends to the log-in page, which comes back here afterwards. Logged in, the
 * rooms the role may open are listed in their groups (admin-areas.ts): in a side bar on a
 * desktop, in a drawer behind the bar's menu button below the medium breakpoint (admin-nav.tsx).
 */
export function AdminLayout({ children }: { children: ReactNode }) {
  const { token, user } = useStaffSession();
  const location = useLocation();
  const open = OPEN_PAGES.some((p) => location.pathname.startsWith(p));
  if (!token && !open) {
    const next = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`/admin/login/?next=${next}`} replace />;
  }
  const nav = Boolean(token && user && !open);
  const groups = nav ? adminGroupsFor(user) : [];
  const who = `${user?.FullName} (${user?.Role})`;
  return (
    <AppProviders>
      <Box
        sx={{ minHeight: '100vh', bgcolor: 'grey.50', display: 'flex', flexDirection: 'column' }}
      >
        <AppBar position="static" color="primary" elevation={0}>
          <Toolbar sx={{ gap: { xs: 1, sm: 2 } }}>
            {/* Not on the log-in and invitation pages: a session started there goes on to its
                page first, so a press on the bar cannot be overtaken by that move. */}
            {nav && <AdminNavDrawer groups={groups} who={who} />}
            <Typography
              component={RouterLink}
              to="/admin/"
              variant="h6"
              sx={{
                color: 'inherit',
                textDecoration: 'none',
                fontWeight: 700,
                fontSize: { xs: '1.05rem', sm: '1.25rem' },
                flex: 1,
              }}
            >
              Ferrybox back office
            </Typography>
            {nav && <StaffMember who={who} />}
          </Toolbar>
        </AppBar>
        <Box sx={{ display: 'flex', flex: 1 }}>
          {nav && <AdminSideNav groups={groups} />}
          <Container
            component="main"
            maxWidth="lg"
            sx={{ py: { xs: 2, md: 4 }, flex: 1, minWidth: 0 }}
          >
            {children}
          </Container>
        </Box>
      </Box>
    </AppProviders>
  );
}

/** Who is logged in (on a phone, in the menu instead), and Log out. */
function StaffMember({ who }: { who: string }) {
  const navigate = useNavigate();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Typography variant="body2" sx={{ display: { xs: 'none', sm: 'block' } }}>
        {who}
      </Typography>
      <Button
        color="inherit"
        variant="outlined"
        size="small"
        onClick={async () => {
          await endStaffSession();
          navigate('/admin/login/');
        }}
      >
        Log out
      </Button>
    </Stack>
  );
}

/**
 * An area of the back office, shown only to a role that may use it; the others are told so
 * (the server refuses their calls all the same).
 */
export function AdminArea({
  can,
  children,
}: {
  can: [AbilityAction, AbilitySubject];
  children: ReactNode;
}) {
  const { user } = useStaffSession();
  if (!staffCan(user, ...can)) {
    return (
      <Alert severity="warning">
        Your role ({user?.Role}) cannot use this part of the back office.
      </Alert>
    );
  }
  return children;
}
