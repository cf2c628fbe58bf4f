import type { ReactNode } from 'react';
import { Link as RouterLink, Navigate, NavLink, useLocation, useNavigate } from 'react-router';
import { Alert, AppBar, Box, Button, Container, Stack, Toolbar, Typography } from '@mui/material';
import type { AbilityAction, AbilitySubject } from '../../shared/access';
import { AppProviders } from './kit/app-providers';
import { endStaffSession, staffCan, useStaffSession } from './staff/staff-session';

/** The back office's areas, each shown to those whose role may use it. */
export const ADMIN_AREAS: {
  label: string;
  to: string;
  can: [AbilityAction, AbilitySubject];
  description: string;
}[] = [
  {
    label: 'Today',
    to: '/admin/today/',
    can: ['manage', 'Order'],
    description: 'The day’s numbers: parcels, quotes, invoices, bookings and takings.',
  },
  {
    label: 'Quotes',
    to: '/admin/quotes/',
    can: ['manage', 'Quote'],
    description: 'Price the quotes customers asked for; see which were accepted.',
  },
  {
    label: 'Orders',
    to: '/admin/orders/',
    can: ['manage', 'Order'],
    description: 'Find any order; cancel, refund or add a note.',
  },
  {
    label: 'Receive',
    to: '/admin/receive/',
    can: ['receive', 'Parcel'],
    description: 'A parcel arrives: find its booking, weigh, measure, photograph and shelve it.',
  },
  {
    label: 'Unmatched',
    to: '/admin/parcels/',
    can: ['receive', 'Parcel'],
    description: 'Unbooked and unknown parcels: match each to its booking once there is one.',
  },
  {
    label: 'Waiting',
    to: '/admin/waiting/',
    can: ['manage', 'Parcel'],
    description:
      'Booked parcels waiting for their customer (an unpaid invoice, a consolidation): their storage clock, abandon.',
  },
  {
    label: 'Dispatch',
    to: '/admin/dispatch/',
    can: ['dispatch', 'Parcel'],
    description: 'Send ready parcels on a sailing, and mark shipped ones delivered.',
  },
  {
    label: 'Sailings',
    to: '/admin/sailings/',
    can: ['read', 'Sailing'],
    description:
      'The timetable as a calendar per route: cancel or delay a sailing, add one, closing days.',
  },
  {
    label: 'Consolidation',
    to: '/admin/consolidation/',
    can: ['read', 'Parcel'],
    description:
      'Bookings shipped together: parcels in and awaited, repack, measure, dispatch as one.',
  },
  {
    label: 'Returns',
    to: '/admin/returns/',
    can: ['dispatch', 'Parcel'],
    description: 'Parcels customers asked to go back to the retailer: print the label, send, mark.',
  },
  {
    label: 'Invoices',
    to: '/admin/invoices/',
    can: ['manage', 'Invoice'],
    description: 'Unpaid, paid and void invoices: raise one on an order, remind, void.',
  },
  {
    label: 'Cases',
    to: '/admin/cases/',
    can: ['manage', 'Case'],
    description: 'Missing-item cases, open ones first: reply, resolve, refund.',
  },
  {
    label: 'Customers',
    to: '/admin/customers/',
    can: ['manage', 'Customer'],
    description: 'Find a customer; resend their validation e-mail, disable or export an account.',
  },
  {
    label: 'Audit log',
    to: '/admin/audit/',
    can: ['read', 'AuditLog'],
    description: 'Every staff action: who, when, what, and what it changed.',
  },
  {
    label: 'Catalogue',
    to: '/admin/catalogue/',
    can: ['manage', 'Catalogue'],
    description: 'Price bands, extras and discount codes: prices and what the site offers.',
  },
  {
    label: 'Settings',
    to: '/admin/settings/',
    can: ['manage', 'Settings'],
    description: 'The notice banner, contact details, depot hours, social links and island GST.',
  },
  {
    label: 'Staff',
    to: '/admin/staff/',
    can: ['manage', 'Staff'],
    description: 'Invite staff, change their roles, disable accounts.',
  },
  {
    label: 'Health',
    to: '/admin/health/',
    can: ['read', 'Operations'],
    description: 'Job queues, e-mails waiting, refunds pending and the last backup.',
  },
];

/** Pages of /admin/ open without a staff session. */
const OPEN_PAGES = ['/admin/login', '/admin/invitation/'];

/**
 * The frame of the back office (/admin/*): its own bar and no public header or footer, MUI, and
 * the staff session (not the customer's). Without a session every page but log-in and the
 * invitation link sends to the log-in page, which comes back here afterwards.
 */
export function AdminLayout({ children }: { children: ReactNode }) {
  const { token, user } = useStaffSession();
  const location = useLocation();
  const open = OPEN_PAGES.some((p) => location.pathname.startsWith(p));
  if (!token && !open) {
    const next = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`/admin/login/?next=${next}`} replace />;
  }
  return (
    <AppProviders>
      <Box sx={{ minHeight: '100vh', bgcolor: 'grey.50' }}>
        <AppBar position="static" color="primary" elevation={0}>
          <Toolbar sx={{ gap: 2, flexWrap: 'wrap', py: { xs: 1, sm: 0 } }}>
            <Typography
              component={RouterLink}
              to="/admin/"
              variant="h6"
              sx={{ color: 'inherit', textDecoration: 'none', fontWeight: 700, mr: 2 }}
            >
              Ferrybox back office
            </Typography>
            {/* Not on the log-in and invitation pages: a session started there goes on to its
                page first, so a press on the bar cannot be overtaken by that move. */}
            {token && user && !open && <AdminNav />}
          </Toolbar>
        </AppBar>
        <Container component="main" maxWidth="lg" sx={{ py: { xs: 2, md: 4 } }}>
          {children}
        </Container>
      </Box>
    </AppProviders>
  );
}

function AdminNav() {
  const { user } = useStaffSession();
  const navigate = useNavigate();
  const areas = ADMIN_AREAS.filter((a) => staffCan(user, ...a.can));
  return (
    <>
      <Stack
        component="nav"
        aria-label="Back office"
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ flex: { xs: '1 1 100%', md: 1 }, flexWrap: 'wrap', order: { xs: 1, md: 0 } }}
      >
        {areas.map((area) => (
          <Button
            key={area.to}
            component={NavLink}
            to={area.to}
            color="inherit"
            sx={{ '&.active': { bgcolor: 'primary.dark' } }}
          >
            {area.label}
          </Button>
        ))}
      </Stack>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="body2">
          {user?.FullName} ({user?.Role})
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
    </>
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
