import { Box, Card, CardContent, Divider, Stack, Typography } from '@mui/material';
import { formatDimensionsCm, orderDimensionsMm, orderLabel } from '../../../shared/labels';
import { formatMoney } from '../../../shared/money';
import { orderTotalPence } from '../../../shared/pricing';
import { BoxImage } from '../basket/box-image';
import { PriceLines } from '../basket/price-lines';
import type { LocalOrder } from '../../../shared/local-order';
import { useCatalogue } from './use-catalogue';

/**
 * The booking so far beside the steps (BookingPage's `summary`): its label, size and price lines,
 * and the total; nothing while the booking is not in this browser.
 */
export function BookingSummary({ order }: { order: LocalOrder | null }) {
  const { resolve } = useCatalogue();
  if (!order) return null;
  const booked = resolve(order);
  const dimensions = orderDimensionsMm(booked);
  return (
    <Card variant="outlined" component="aside" aria-labelledby="booking-summary-title">
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
          <BoxImage booked={booked} size={56} />
          <Box>
            <Typography variant="h3" component="h2" id="booking-summary-title">
              {orderLabel(booked)}
            </Typography>
            {dimensions && (
              <Typography variant="body2" color="text.secondary">
                {formatDimensionsCm(dimensions)}
              </Typography>
            )}
          </Box>
        </Stack>
        <PriceLines order={booked} dense />
        <Divider sx={{ my: 1.5 }} />
        <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
          <Typography sx={{ fontWeight: 700 }}>Total</Typography>
          <Typography sx={{ fontWeight: 700 }} data-testid="booking-total">
            {formatMoney(orderTotalPence(booked))}
          </Typography>
        </Stack>
      </CardContent>
    </Card>
  );
}
