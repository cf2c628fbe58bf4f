import { Link } from 'react-router';
import { Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useMutation, useQuery } from '@tanstack/react-query';
import { AUTH_MESSAGES } from '../../../shared/api/auth';
import { FormAlert } from '../../components/form-alert';
import { ApiError } from '../../lib/api-client';
import { getSession, setUser, useSession } from '../../lib/session';
import { getMe } from './api/get-me';
import { requestValidateEmail } from './api/request-validate-email';
import { validateEmail } from './api/validate-email';
import { LinkPage, LoginButton } from './link-page';

/**
 * /validate-email/{token}: confirms the e-mail address from the link in the welcome e-mail. A
 * used or expired link says so and offers a new one (after logging in, if need be).
 */
export function ValidateEmailPage({ token }: { token: string }) {
  const { user } = useSession();
  // A query rather than an effect: sent once per token, however often the page renders.
  const result = useQuery({
    queryKey: ['validate-email', token],
    queryFn: async () => {
      const ok = await validateEmail({ token });
      // Logged in here: refresh the user data so the account shows the address as confirmed.
      if (getSession().token) {
        await getMe()
          .then(setUser)
          .catch(() => undefined);
      }
      return ok;
    },
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });

  return (
    <LinkPage title="Confirm your email address">
      {result.isPending && (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status">
          <CircularProgress size={24} />
          <Typography>Confirming your email address…</Typography>
        </Stack>
      )}
      {result.isSuccess && (
        <Stack spacing={3}>
          <FormAlert severity="success">Thank you, your email address is confirmed.</FormAlert>
          {user ? (
            <Box>
              <Button component={Link} to="/dashboard/" variant="contained">
                Go to My Account
              </Button>
            </Box>
          ) : (
            <LoginButton />
          )}
        </Stack>
      )}
      {result.isError && <InvalidLink error={result.error} loggedIn={!!user} />}
    </LinkPage>
  );
}

function InvalidLink({ error, loggedIn }: { error: Error; loggedIn: boolean }) {
  const resend = useMutation({ mutationFn: requestValidateEmail });
  const message =
    error instanceof ApiError && error.status < 500
      ? error.message
      : 'Your email address could not be confirmed just now, please try again.';
  const tokenProblem = error instanceof ApiError && error.status === 400;
  return (
    <Stack spacing={3}>
      <FormAlert severity="error">
        {tokenProblem ? message || AUTH_MESSAGES.tokenInvalid : message}
      </FormAlert>
      {resend.isSuccess ? (
        <FormAlert severity="success">
          We have sent you a new link. Please check your email.
        </FormAlert>
      ) : loggedIn ? (
        <Box>
          <Button variant="contained" loading={resend.isPending} onClick={() => resend.mutate()}>
            Send me a new link
          </Button>
          {resend.isError && (
            <Typography color="error" variant="body2" sx={{ mt: 1 }}>
              The link could not be sent, please try again.
            </Typography>
          )}
        </Box>
      ) : (
        <Box>
          <Typography sx={{ mb: 2 }}>Login to ask for a new link.</Typography>
          <LoginButton
            options={{ loginMessage: 'Please login to request a new confirmation link.' }}
          />
        </Box>
      )}
    </Stack>
  );
}
