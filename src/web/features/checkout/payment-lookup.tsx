import { Alert, Button, Stack } from '@mui/material';
import { Link } from 'react-router';
import { CHECKOUT_MESSAGES } from '../../../shared/checkout-messages';
import { ApiError } from '../../lib/api-client';

export const paymentLoginMessage = 'Please log in to see your payment.';

/** A payment that cannot be shown: not found, or not loaded. */
export function PaymentLookupError({ error }: { error?: unknown }) {
  const message =
    error === undefined || (error instanceof ApiError && error.status === 404)
      ? CHECKOUT_MESSAGES.paymentNotFound
      : 'Your payment could not be looked up just now. Please reload the page.';
  return (
    <Stack spacing={2}>
      <Alert severity="error">{message}</Alert>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Button component={Link} to="/dashboard/orders/" variant="contained">
          Order History
        </Button>
        <Button component={Link} to="/basket/" variant="outlined">
          Back to the basket
        </Button>
      </Stack>
    </Stack>
  );
}
