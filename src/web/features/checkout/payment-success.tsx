import { useEffect, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Container,
  Stack,
  Typography,
} from '@mui/material';
import { Link, Navigate, useSearchParams } from 'react-router';
import type { CheckoutResult } from '../../../shared/api/checkout';
import { formatPounds } from '../../../shared/money';
import { useSession } from '../../lib/session';
import { CheckCircleIcon } from '../../components/mui-icons';
import { ShippingAddressCard } from '../account/shipping-address-card';
import { removeOrders } from '../order/booking-store';
import { usePayment } from './api/get-payment';
import { clearCheckout, isOwnPayment, readCheckoutOrder } from './checkout-storage';
import { LoginGate } from './login-gate';
import { PaymentLookupError, paymentLoginMessage } from './payment-lookup';
import { isPaymentReference } from './payment-outcome';

/** How often a pending payment is asked about again, and for how long at most. */
export const CONFIRM_POLL_MS = 2_000;
export const CONFIRM_GIVE_UP_MS = 30_000;

export const CONFIRMING = 'Confirming your payment…';
export const STILL_CONFIRMING =
  'Your payment is taking longer than usual to confirm. If you paid, nothing more is needed: we e-mail your receipt as soon as the payment provider tells us, and your orders show as paid in Order History.';

/**
 * /payment/success/?ref=PAY-000001, where the payment page sends the customer after paying. The
 * payment is confirmed by the server (with the provider), never by this address: while it is
 * pending the page asks again for about 30 seconds. Once paid, the bookings paid for leave the
 * basket and the checkout's stored data is cleared.
 */
export function PaymentSuccess() {
  const [params] = useSearchParams();
  const reference = params.get('ref') ?? '';
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      {isPaymentReference(reference) ? (
        <LoginGate message={paymentLoginMessage}>
          <Outcome reference={reference} />
        </LoginGate>
      ) : (
        <PaymentLookupError />
      )}
    </Container>
  );
}

function Outcome({ reference }: { reference: string }) {
  const [gaveUp, setGaveUp] = useState(false);
  const payment = usePayment(reference, { pollWhilePending: gaveUp ? false : CONFIRM_POLL_MS });
  const status = payment.data?.Payment.Status;

  useEffect(() => {
    if (status !== 'pending' || gaveUp) return;
    const timer = setTimeout(() => setGaveUp(true), CONFIRM_GIVE_UP_MS);
    return () => clearTimeout(timer);
  }, [status, gaveUp]);

  useEffect(() => {
    if (status === 'paid' && payment.data) forgetPaidCheckout(payment.data);
  }, [status, payment.data]);

  if (payment.isError && !payment.data) return <PaymentLookupError error={payment.error} />;
  if (!payment.data) return <Confirming />;
  const { Payment, Orders } = payment.data;
  if (Payment.Status === 'expired' || Payment.Status === 'cancelled') {
    return (
      <Navigate to={`/payment/failure/?ref=${encodeURIComponent(Payment.Reference)}`} replace />
    );
  }
  if (Payment.Status === 'pending') {
    return gaveUp ? (
      <Stack spacing={2}>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' } }}>
          Confirming your payment
        </Typography>
        <Alert severity="warning" data-testid="payment-slow">
          {STILL_CONFIRMING}
        </Alert>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <Button
            variant="contained"
            onClick={() => {
              setGaveUp(false);
              void payment.refetch();
            }}
          >
            Check again
          </Button>
          <Button component={Link} to="/dashboard/orders/" variant="outlined">
            Order History
          </Button>
        </Stack>
      </Stack>
    ) : (
      <Confirming />
    );
  }
  return Payment.Kind === 'invoice' ? (
    <InvoicePaid result={payment.data} />
  ) : (
    <CheckoutPaid result={{ Payment, Orders }} />
  );
}

/**
 * Only this browser's checkout leaves its basket: the bookings named by the local ids the server
 * echoed, then CHECKOUT-REF, CHECKOUT-ORDER, DISCOUNT and PAYMENT. A payment made in another
 * browser has local ids that mean nothing here, so nothing is touched.
 */
function forgetPaidCheckout({ Payment, Orders }: CheckoutResult) {
  if (Payment.Kind !== 'checkout' || !isOwnPayment(Payment.Reference)) return;
  const localIds = Orders.flatMap((o) => (o.LocalId === null ? [] : [o.LocalId]));
  const stored = readCheckoutOrder();
  // The answer kept at checkout names the same bookings; use it if the server's lacks them.
  const ids = localIds.length
    ? localIds
    : (stored?.Orders.flatMap((o) => (o.LocalId === null ? [] : [o.LocalId])) ?? []);
  removeOrders(ids);
  clearCheckout();
}

function Confirming() {
  return (
    <Stack
      spacing={2}
      sx={{ alignItems: 'center', py: 6, textAlign: 'center' }}
      role="status"
      data-testid="payment-confirming"
    >
      <CircularProgress aria-hidden />
      <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', md: '1.75rem' } }}>
        {CONFIRMING}
      </Typography>
      <Typography color="text.secondary">This usually takes a few seconds.</Typography>
    </Stack>
  );
}

function PaidHeading({ children }: { children: string }) {
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 2 }}>
      <CheckCircleIcon color="success" fontSize="large" />
      <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' } }}>
        {children}
      </Typography>
    </Stack>
  );
}

function CheckoutPaid({ result: { Payment, Orders } }: { result: CheckoutResult }) {
  const { user } = useSession();
  return (
    <>
      <PaidHeading>Thank you, your delivery is paid</PaidHeading>
      <Typography sx={{ mb: 3 }}>
        We have received <strong data-testid="amount-paid">{formatPounds(Payment.Amount)}</strong>{' '}
        (payment{' '}
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
          {Payment.Reference}
        </Box>
        ) and e-mailed you a receipt.
      </Typography>
      <Card variant="outlined" sx={{ mb: 4 }}>
        <CardContent>
          <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
            Your {Orders.length === 1 ? 'order' : 'orders'}
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {Orders.map((order) => (
              <Stack
                key={order.Id}
                component="li"
                direction="row"
                spacing={2}
                sx={{
                  justifyContent: 'space-between',
                  py: 1,
                  borderTop: 1,
                  borderColor: 'divider',
                }}
                data-testid="paid-order"
              >
                <Box sx={{ minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 700 }} data-testid="order-reference">
                    {order.Reference}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {[order.ItemDescription, order.RetailerName && `from ${order.RetailerName}`]
                      .filter(Boolean)
                      .join(' ')}
                    {order.Island ? ` to ${order.Island}` : ''}
                  </Typography>
                </Box>
                <Typography sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatPounds(order.Total)}
                </Typography>
              </Stack>
            ))}
          </Box>
        </CardContent>
      </Card>
      <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
        What to do next
      </Typography>
      <Box component="ol" sx={{ pl: 3, mt: 0, '& li': { mb: 1, lineHeight: 1.6 } }}>
        <li>
          Give each retailer your UK depot address below as the delivery address, with your customer
          reference, exactly as shown.
        </li>
        <li>We e-mail you when your parcel reaches the depot and again when it is on its way.</li>
        <li>Follow your orders at any time in Order History.</li>
      </Box>
      {user && (
        <Box sx={{ maxWidth: 440, my: 3 }}>
          <ShippingAddressCard user={user} withReminder={false} />
        </Box>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 3 }}>
        <Button component={Link} to="/dashboard/orders/" variant="contained">
          Order History
        </Button>
        <Button component={Link} to="/order/" variant="outlined">
          Book another delivery
        </Button>
      </Stack>
    </>
  );
}

function InvoicePaid({ result: { Payment, Orders } }: { result: CheckoutResult }) {
  return (
    <>
      <PaidHeading>Thank you, your invoice is paid</PaidHeading>
      <Typography sx={{ mb: 3 }}>
        We have received <strong data-testid="amount-paid">{formatPounds(Payment.Amount)}</strong>{' '}
        (payment{' '}
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
          {Payment.Reference}
        </Box>
        )
        {Orders.length > 0 && (
          <>
            {' '}
            for order <strong data-testid="order-reference">{Orders[0].Reference}</strong>
          </>
        )}{' '}
        and e-mailed you a receipt.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Button component={Link} to="/dashboard/orders/" variant="contained">
          Order History
        </Button>
        <Button component={Link} to="/dashboard/" variant="outlined">
          My Account
        </Button>
      </Stack>
    </>
  );
}
