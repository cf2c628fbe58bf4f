import { Alert, Button, Card, CardContent, Container, Stack, Typography } from '@mui/material';
import { Link } from 'react-router';
import { formatMoney } from '../../../shared/money';
import { orderTotalPence } from '../../../shared/pricing';
import { orderLabel } from '../../../shared/labels';
import type { LocalOrder } from '../../../shared/local-order';
import { BasketItemCard } from '../basket/basket-item-card';
import { CheckCircleIcon, EditIcon } from '../../components/mui-icons';
import { useLocalOrder } from './booking-store';
import { useCatalogue } from './use-catalogue';

/**
 * The order confirmation (SPEC section 2, /order-confirm/): the finished booking with its label,
 * price lines and total, now in the basket, with Add another delivery and Checkout.
 */
export function OrderConfirm({ initial }: { initial: LocalOrder }) {
  const stored = useLocalOrder(initial.Id);
  const { resolve } = useCatalogue();
  if (!stored) {
    return (
      <Container maxWidth="md" sx={{ py: 4 }}>
        <Alert severity="info">This booking is no longer in your basket.</Alert>
        <Button component={Link} to="/basket/" sx={{ mt: 2 }}>
          Go to the basket
        </Button>
      </Container>
    );
  }
  const booked = resolve(stored);
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1 }}>
        <CheckCircleIcon color="success" fontSize="large" />
        <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' } }}>
          Added to your basket
        </Typography>
      </Stack>
      <Typography sx={{ mb: 3 }} color="text.secondary">
        Your booking for <strong data-testid="confirm-label">{orderLabel(booked)}</strong> is in
        your basket. Book more deliveries, or check out to pay for them together when you are ready.
      </Typography>
      <Typography sx={{ mb: 3 }} color="text.secondary" data-testid="confirm-next">
        Once you have paid, give the retailer your UK depot address, with your customer reference,
        as the delivery address. You will find it on the payment confirmation and in My Account.
      </Typography>
      <BasketItemCard
        booked={booked}
        actions={
          <Button component={Link} to={`/order/size/${stored.Id}`} startIcon={<EditIcon />}>
            Edit
          </Button>
        }
      />
      <Card variant="outlined" sx={{ mt: 2 }}>
        <CardContent>
          <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
            <Typography variant="h3" component="p">
              Total for this delivery
            </Typography>
            <Typography variant="h3" component="p" data-testid="confirm-total">
              {formatMoney(orderTotalPence(booked))}
            </Typography>
          </Stack>
        </CardContent>
      </Card>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 4 }}>
        <Button component={Link} to="/order/" variant="outlined" size="large">
          Add another delivery
        </Button>
        <Button component={Link} to="/basket/" variant="text" size="large">
          View basket
        </Button>
        <Button
          component={Link}
          to="/checkout/"
          variant="contained"
          size="large"
          sx={{ ml: { sm: 'auto !important' } }}
        >
          Check out and pay
        </Button>
      </Stack>
    </Container>
  );
}
