import type { ReactNode } from 'react';
import { Alert, Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { STEP_TITLES, type BookingStep } from '../../../shared/booking-steps';
import {
  basketItemTitle,
  formatDimensionsCm,
  orderDimensionsMm,
  orderLabel,
} from '../../../shared/labels';
import { formatPounds } from '../../../shared/money';
import type { BookedOrder } from '../order/use-catalogue';
import { BoxImage } from './box-image';
import { PriceLines } from './price-lines';

interface Props {
  booked: BookedOrder;
  needs?: BookingStep | null;
  actions?: ReactNode;
  /** The heading level of the title inside the page. */
  headingLevel?: 'h2' | 'h3';
}

/**
 * A booking as SPEC section 2's basket item display shows it: the title (product Name or Custom
 * Shipment), dimensions in whole cm, the box image of its TTLMDProductCode, the price lines and
 * the ItemValue in pounds.
 */
export function BasketItemCard({ booked, needs = null, actions, headingLevel = 'h2' }: Props) {
  const { order } = booked;
  const dimensions = orderDimensionsMm(booked);
  const title = basketItemTitle(booked);
  const label = orderLabel(booked);
  return (
    <Card variant="outlined" component="article" aria-label={title} data-testid="basket-item">
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <Stack direction="row" spacing={2} sx={{ flex: 1, minWidth: 0 }}>
            <BoxImage booked={booked} size={72} sx={{ flexShrink: 0 }} />
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="h3" component={headingLevel} data-testid="item-title">
                {title}
              </Typography>
              {label !== title && (
                <Typography variant="body2" color="primary.dark" sx={{ fontWeight: 600 }}>
                  {label}
                </Typography>
              )}
              {dimensions && (
                <Typography variant="body2" data-testid="item-dimensions">
                  {formatDimensionsCm(dimensions)}
                </Typography>
              )}
              {order.ItemDescription && (
                <Typography
                  variant="body2"
                  color="text.secondary"
                  sx={{ overflowWrap: 'anywhere' }}
                >
                  {order.ItemDescription}
                  {order.ItemCount && order.ItemCount > 1 ? ` (${order.ItemCount} items)` : ''}
                </Typography>
              )}
              {order.ItemValue !== null && (
                <Typography variant="body2" data-testid="item-value">
                  Item value: {formatPounds(order.ItemValue)}
                </Typography>
              )}
              {(order.RetailerName || order.Island) && (
                <Typography variant="body2" color="text.secondary">
                  {[
                    order.RetailerName && `From ${order.RetailerName}`,
                    order.Island && `to ${order.Island}`,
                  ]
                    .filter(Boolean)
                    .join(' ')}
                </Typography>
              )}
            </Box>
          </Stack>
          <Box sx={{ minWidth: { sm: 220 } }}>
            <PriceLines order={booked} />
          </Box>
        </Stack>
        {needs && (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {booked.productMissing
              ? 'This price band is no longer offered. Please choose another.'
              : `This booking is not finished: the ${STEP_TITLES[needs].toLowerCase()} step needs your attention.`}
          </Alert>
        )}
        {actions && (
          <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'flex-end' }}>
            {actions}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
