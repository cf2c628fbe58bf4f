import { useEffect, type ReactNode } from 'react';
import { Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { Link } from 'react-router';
import { getSession, useSession } from '../../lib/session';
import { openLogin, openRegister } from '../account/dialog-store';

/**
 * Shows its children to a logged-in customer. A visitor gets the login dialog on arrival, with a
 * message saying why, and stays on the page after logging in or registering, which then shows.
 */
export function LoginGate({ message, children }: { message: string; children: ReactNode }) {
  const { user } = useSession();
  // Only on arrival, like the dashboard: a session ending here does not pop the dialog up.
  useEffect(() => {
    if (!getSession().user) openLogin({ loginMessage: message, stayOnPage: true });
  }, [message]);
  if (user) return children;
  return (
    <Card variant="outlined" sx={{ maxWidth: 560 }} data-testid="login-gate">
      <CardContent>
        <Typography sx={{ mb: 2 }}>{message}</Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <Button
            variant="contained"
            onClick={() => openLogin({ loginMessage: message, stayOnPage: true })}
          >
            Log in
          </Button>
          <Button variant="outlined" onClick={() => openRegister({ stayOnPage: true })}>
            Register
          </Button>
          <Button component={Link} to="/basket/">
            Back to the basket
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
