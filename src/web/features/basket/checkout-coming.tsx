import { Alert, Button, Card, CardContent, Container, Stack, Typography } from '@mui/material';
import { Link } from 'react-router';
import { formatMoney } from '../../../shared/money';
import { useBasket } from './use-basket';

/**
 * /checkout/ until the checkout issue lands (issue 6 allows exactly this): the basket's total and
 * a plain statement that paying online comes in the next release.
 */
export function CheckoutComing() {
  const { items, totalPence, isPending } = useBasket();
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h1" sx={{ mb: 2, fontSize: { xs: '1.75rem', md: '2.25rem' } }}>
        Checkout
      </Typography>
      <Alert severity="info" sx={{ mb: 3 }}>
        Checkout is coming in the next release. Your basket is kept in this browser until then.
      </Alert>
      {items.length > 0 && (
        <Card variant="outlined" sx={{ mb: 3 }}>
          <CardContent>
            <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
              <Typography>
                {items.length} {items.length === 1 ? 'delivery' : 'deliveries'}, Order Total
              </Typography>
              <Typography sx={{ fontWeight: 700 }}>
                {isPending ? '…' : formatMoney(totalPence)}
              </Typography>
            </Stack>
          </CardContent>
        </Card>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Button component={Link} to="/basket/" variant="contained">
          Back to the basket
        </Button>
        <Button component={Link} to="/order/" variant="outlined">
          Add another delivery
        </Button>
      </Stack>
    </Container>
  );
}
