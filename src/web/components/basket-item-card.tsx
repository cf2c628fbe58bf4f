import type { ReactNode } from 'react';
import { STEP_TITLES, type BookingStep } from '../../shared/booking-steps';
import {
  basketItemTitle,
  formatDimensionsCm,
  orderDimensionsMm,
  orderLabel,
} from '../../shared/labels';
import { formatPounds } from '../../shared/money';
import { Alert } from './plain-controls';
import type { BookedOrder } from '../lib/use-catalogue';
import { ArrivalPromise } from './arrival-promise';
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
 * A booking as docs/requirements.md §2's basket item display shows it: the title (product Name or
 * Custom Shipment), dimensions in whole cm, the box image of its TTLMDProductCode, the price lines
 * and the ItemValue in pounds, and when it arrives (docs/decisions/0050). Plain elements
 * (basket.css), on the basket, the order confirmation and the checkout.
 */
export function BasketItemCard({ booked, needs = null, actions, headingLevel = 'h2' }: Props) {
  const { order } = booked;
  const dimensions = orderDimensionsMm(booked);
  const title = basketItemTitle(booked);
  const label = orderLabel(booked);
  const Heading = headingLevel;
  const route = [
    order.RetailerName && `From ${order.RetailerName}`,
    order.Island && `to ${order.Island}`,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <article className="card basket-item" aria-label={title} data-testid="basket-item">
      <div className="basket-item__main">
        <BoxImage booked={booked} size={72} />
        <div className="basket-item__facts">
          <Heading data-testid="item-title">{title}</Heading>
          {label !== title && <p className="basket-item__label">{label}</p>}
          {dimensions && <p data-testid="item-dimensions">{formatDimensionsCm(dimensions)}</p>}
          {order.ItemDescription && (
            <p className="basket-item__muted">
              {order.ItemDescription}
              {order.ItemCount && order.ItemCount > 1 ? ` (${order.ItemCount} items)` : ''}
            </p>
          )}
          {order.ItemValue !== null && (
            <p data-testid="item-value">Item value: {formatPounds(order.ItemValue)}</p>
          )}
          {route && <p className="basket-item__muted">{route}</p>}
          <ArrivalPromise island={order.Island} />
        </div>
      </div>
      <PriceLines order={booked} />
      {needs && (
        <Alert severity="warning">
          {booked.productMissing
            ? 'This price band is no longer offered. Please choose another.'
            : `This booking is not finished: the ${STEP_TITLES[needs].toLowerCase()} step needs your attention.`}
        </Alert>
      )}
      {actions && <div className="basket-item__actions">{actions}</div>}
    </article>
  );
}
