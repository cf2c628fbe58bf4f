import { Box, Button, CircularProgress, Container, Stack, Typography } from '@mui/material';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { isQuote } from '../../../shared/quotes';
import { FormAlert } from '../../components/form-alert';
import { ErrorIcon } from '../../components/mui-icons';
import { usePayment } from './api/get-payment';
import { clearCheckoutKey } from './checkout-storage';
import { LoginGate } from './login-gate';
import { useLeaveForPayment } from './use-leave-for-payment';
import { PaymentLookupError, paymentLoginMessage } from './payment-lookup';
import { failureMessage, isPaymentReference } from './payment-outcome';

/**
 * /payment/failure/?ref=PAY-000001&reason=card_declined: what went wrong and Try again. A payment
 * still pending is tried again on its own payment page (the same payment: nothing is booked
 * twice and the basket is untouched); one that expired starts a new checkout (or goes back to its
 * quote, to be accepted again).
 */
export function PaymentFailure() {
  const [params] = useSearchParams();
  const reference = params.get('ref') ?? '';
  const reason = params.get('reason');
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, md: 5 } }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 2 }}>
        <ErrorIcon color="error" fontSize="large" />
        <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' } }}>
          Your payment did not go through
        </Typography>
      </Stack>
      {isPaymentReference(reference) ? (
        <LoginGate message={paymentLoginMessage}>
          <Failure reference={reference} reason={reason} />
        </LoginGate>
      ) : (
        <PaymentLookupError />
      )}
    </Container>
  );
}

function Failure({ reference, reason }: { reference: string; reason: string | null }) {
  const navigate = useNavigate();
  const payment = usePayment(reference);
  const { leaving, leave } = useLeaveForPayment();
  const data = payment.data?.Payment;
  const quote = payment.data?.Orders.find(isQuote);

  if (payment.isPending) {
    return (
      <Box sx={{ py: 4, textAlign: 'center' }}>
        <CircularProgress aria-label="Loading your payment" />
      </Box>
    );
  }
  if (payment.isError && payment.error && !data)
    return <PaymentLookupError error={payment.error} />;
  if (data?.Status === 'paid') {
    return <Navigate to={`/payment/success/?ref=${encodeURIComponent(data.Reference)}`} replace />;
  }

  const tryAgain = () => {
    if (data?.Status === 'pending' && data.CheckoutUrl) {
      leave(data.CheckoutUrl);
      return;
    }
    if (data?.Kind === 'invoice' && data.InvoiceId !== null) {
      navigate(`/dashboard/pay/${data.InvoiceId}`);
      return;
    }
    if (quote) {
      navigate(`/dashboard/quote/${quote.Id}`); // accepted again from there
      return;
    }
    clearCheckoutKey(); // that payment is over: the next Pay starts a new one
    navigate('/checkout/');
  };

  return (
    <Stack spacing={3}>
      <FormAlert severity="error" data-testid="failure-reason">
        {failureMessage(data, reason)}
      </FormAlert>
      {data?.Kind !== 'invoice' && !quote && (
        <Typography color="text.secondary">
          Your bookings are still in your basket, and nothing has been booked twice.
        </Typography>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Button variant="contained" size="large" onClick={tryAgain} loading={leaving}>
          Try again
        </Button>
        <Button component={Link} to="/basket/" variant="outlined" size="large">
          Back to the basket
        </Button>
      </Stack>
    </Stack>
  );
}
