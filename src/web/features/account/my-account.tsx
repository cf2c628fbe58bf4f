import { Link } from 'react-router';
import { Alert, Box, Button, Card, CardActionArea, Stack, Typography } from '@mui/material';
import type { UserData } from '../../../shared/api/auth';
import { ApiError } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { useRefreshMe } from './api/use-refresh-me';
import { useRequestValidateEmail } from './api/request-validate-email';
import { CheckCircleIcon } from '../../components/mui-icons';
import { ShippingAddressCard } from './shipping-address-card';
import { NeedsAttention } from '../dashboard/needs-attention';

const SHORTCUTS = [
  {
    title: 'Add a delivery',
    text: 'Book and pay for the delivery of your parcels.',
    to: '/order/',
  },
  {
    title: 'Order History',
    text: 'Follow your deliveries, pay invoices.',
    to: '/dashboard/orders/',
  },
  {
    title: 'Address Book',
    text: 'Your delivery and billing addresses.',
    to: '/dashboard/addresses/',
  },
  { title: 'Profile', text: 'Your name, email, telephone and island.', to: '/dashboard/profile/' },
] as const;

/**
 * My Account (/dashboard/): greeting, what needs the customer now (quotes to answer, invoices to
 * pay, parcels at the depot), the shipping address, the e-mail status, shortcuts.
 */
export function MyAccount() {
  const { user } = useSession();
  useRefreshMe(); // e.g. the e-mail was confirmed in another tab
  if (!user) return null;
  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h1" gutterBottom>
          Hello, {user.FirstName || user.FullName}
        </Typography>
        <Typography color="text.secondary">
          Welcome to your account. Send your parcels to the address below and we will bring them
          over to the islands.
        </Typography>
      </Box>
      <NeedsAttention />
      <Box sx={{ maxWidth: 440 }}>
        <ShippingAddressCard user={user} />
      </Box>
      <EmailStatus user={user} />
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
        }}
      >
        {SHORTCUTS.map((s) => (
          <Card key={s.to} variant="outlined">
            <CardActionArea component={Link} to={s.to} sx={{ p: 2, height: '100%' }}>
              <Typography variant="h3" component="h2" gutterBottom>
                {s.title}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {s.text}
              </Typography>
            </CardActionArea>
          </Card>
        ))}
      </Box>
    </Stack>
  );
}

function EmailStatus({ user }: { user: UserData }) {
  const resend = useRequestValidateEmail();
  if (user.EmailValidated) {
    return (
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center', color: 'success.dark' }}
        data-testid="email-status"
      >
        <CheckCircleIcon fontSize="small" />
        <Typography variant="body2">
          Your email address <strong>{user.Email}</strong> is confirmed.
        </Typography>
      </Stack>
    );
  }
  return (
    <Alert
      severity="warning"
      data-testid="email-status"
      // A long address wraps rather than scrolling inside the message (axe: a scrollable region).
      sx={{ '& .MuiAlert-message': { overflowWrap: 'anywhere', minWidth: 0 } }}
      action={
        !resend.isSuccess && (
          <Button
            color="inherit"
            size="small"
            loading={resend.isPending}
            onClick={() => resend.mutate()}
          >
            Send a new link
          </Button>
        )
      }
    >
      {resend.isSuccess ? (
        <>
          We have sent a new confirmation link to <strong>{user.Email}</strong>. Please check your
          email.
        </>
      ) : (
        <>
          Please confirm your email address <strong>{user.Email}</strong> with the link we emailed
          you.
        </>
      )}
      {resend.isError && (
        <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
          {resend.error instanceof ApiError && resend.error.status !== 401
            ? resend.error.message
            : 'The link could not be sent, please try again.'}
        </Box>
      )}
    </Alert>
  );
}
