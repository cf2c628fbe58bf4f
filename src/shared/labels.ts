import { toPence } from './money';
import { basePricePence, orderTotalPence, type PricedOrder } from './pricing';

// How orders and basket items are named and described (docs/requirements.md §2 and §9).

/** Length, width and height, as products carry them. */
export interface Dimensions {
  Length: number;
  Width: number;
  Height: number;
}

/** What labels read of an order: its product and its own size (used when there is no product). */
export interface LabelledOrder {
  Product?: { Name: string; Code: string } | null;
  size?: { length: number; width: number; height: number } | null;
}

const CUSTOM_SHIPMENT = 'Custom Shipment';
const EMPTY_ORDER = 'Empty Order';

/** A basket item's title: the product's Name, or Custom Shipment without a product. */
export function basketItemTitle(order: LabelledOrder): string {
  return order.Product ? order.Product.Name : CUSTOM_SHIPMENT;
}

/**
 * An order's label: `Price Band A` with a product and a size, the product's Name with a product
 * only, Custom Shipment without a product, Empty Order without an order.
 */
export function orderLabel(order: LabelledOrder | null | undefined): string {
  if (!order) return EMPTY_ORDER;
  if (order.Product && order.size) return `Price Band ${order.Product.Code}`;
  return basketItemTitle(order);
}

/** Millimetres to whole centimetres (divide by 10, round), for each dimension. */
export function dimensionsCm(mm: Dimensions): Dimensions {
  const cm = (value: number) => Math.round(value / 10);
  return { Length: cm(mm.Length), Width: cm(mm.Width), Height: cm(mm.Height) };
}

/** Sizes in mm shown as whole centimetres: `35 × 25 × 16 cm`. */
export function formatDimensionsCm(mm: Dimensions): string {
  const { Length, Width, Height } = dimensionsCm(mm);
  return `${Length} × ${Width} × ${Height} cm`;
}

/** An order's size in mm: its product's, else its own size, else null. */
export function orderDimensionsMm(order: {
  Product?: Dimensions | null;
  size?: LabelledOrder['size'];
}): Dimensions | null {
  if (order.Product) return order.Product;
  if (!order.size) return null;
  return { Length: order.size.length, Width: order.size.width, Height: order.size.height };
}

/** What a basket item's price breakdown reads of an order: pricing plus the extras' names. */
export interface BasketItemOrder extends PricedOrder {
  Extras?: readonly { Name: string; Price: number }[] | null;
}

/** One line of a basket item's price breakdown. */
export interface PriceLine {
  label: string;
  pence: number;
}

/**
 * A basket item's price lines: Delivery Price (the base price), one line per extra, then a
 * Subtotal only when it differs from the Delivery Price.
 */
export function basketPriceLines(order: BasketItemOrder): PriceLine[] {
  const base = basePricePence(order);
  const total = orderTotalPence(order);
  return [
    { label: 'Delivery Price', pence: base },
    ...(order.Extras ?? []).map((extra) => ({ label: extra.Name, pence: toPence(extra.Price) })),
    ...(total === base ? [] : [{ label: 'Subtotal', pence: total }]),
  ];
}
