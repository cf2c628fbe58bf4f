import type { FieldError } from '../../shared/api/errors';
import type { BookingInput, CheckoutRequest } from '../../shared/api/checkout';
import type { BookingStep } from '../../shared/booking-steps';
import { ISLANDS, type Island } from '../../shared/islands';
import { plainWords } from './plain-words';
import type { LocalOrder } from '../../shared/local-order';

// What the checkout sends (POST /public/orders/create, /public/orders/checkdiscount) built from
// the bookings this browser keeps, and where the server's field errors belong on the page. Pure
// functions, unit-tested (tests/unit/web/checkout-request.test.ts). Prices are never sent: the
// server prices every booking from the catalogue (src/shared/api/checkout.ts).

const isIsland = (value: string | null): value is Island =>
  (ISLANDS as readonly (string | null)[]).includes(value);

/**
 * One basket booking as the API takes it, with its local id (echoed back in the answer), or null
 * when the booking is not finished (no band, no terms, no details): such a booking is sent back to
 * its steps, never to the server.
 */
export function bookingFromLocalOrder(order: LocalOrder): BookingInput | null {
  const { ProductId, TermsAcceptedAt, ItemValue, ItemCount, Island } = order;
  if (ProductId === null || TermsAcceptedAt === null || ItemValue === null || ItemCount === null)
    return null;
  if (!isIsland(Island)) return null;
  return {
    LocalId: order.Id,
    ProductId,
    size: order.size,
    Weight: order.Weight,
    RetailerName: order.RetailerName,
    RetailerWebsite: order.RetailerWebsite,
    RetailerOrderNumber: order.RetailerOrderNumber,
    ExpectedDeliveryDate: order.ExpectedDeliveryDate,
    TrackingNumber: order.TrackingNumber,
    DeliveryCount: order.MultipleDeliveries ? order.DeliveryCount : 1,
    TermsAcceptedAt,
    ItemDescription: order.ItemDescription,
    ItemValue,
    ItemCount,
    Island,
    selectedExtras: [...order.selectedExtras],
    ...(order.ItemLines.length === 0 ? {} : { ItemLines: order.ItemLines.map((l) => ({ ...l })) }),
    ...(order.RetailerOrderDate ? { RetailerOrderDate: order.RetailerOrderDate } : {}),
    ...(order.RetailerDeliveryCharge === null
      ? {}
      : { RetailerDeliveryCharge: order.RetailerDeliveryCharge }),
  };
}

/** Every basket booking for the API, or null when any of them is not finished. */
export function bookingsFromBasket(orders: readonly LocalOrder[]): BookingInput[] | null {
  const bookings = orders.map(bookingFromLocalOrder);
  return bookings.every((b): b is BookingInput => b !== null) ? bookings : null;
}

export interface CheckoutChoices {
  deliveryAddressId: number;
  billingAddressId: number;
  /** The applied discount code, or null. */
  discountCode: string | null;
}

/** The body of POST /public/orders/create. */
export function checkoutBody(
  bookings: readonly BookingInput[],
  { deliveryAddressId, billingAddressId, discountCode }: CheckoutChoices,
): CheckoutRequest {
  return {
    Orders: [...bookings],
    DeliveryAddressId: deliveryAddressId,
    BillingAddressId: billingAddressId,
    ...(discountCode ? { DiscountCode: discountCode } : {}),
    TermsAccepted: true,
  };
}

/** The island the bookings go to, when they all go to the same one (the delivery address's). */
export function bookingsIsland(orders: readonly Pick<LocalOrder, 'Island'>[]): string | null {
  const islands = new Set(orders.map((o) => o.Island));
  return islands.size === 1 ? [...islands][0] : null;
}

// --- the server's field errors on the page -----------------------------------------------------

/** What the customer calls a booking's fields, and the step that changes each. */
const BOOKING_FIELDS: Readonly<Record<string, { label: string; step: BookingStep }>> = {
  ProductId: { label: 'The price band', step: 'size' },
  size: { label: 'The parcel size', step: 'size' },
  Weight: { label: 'The weight', step: 'size' },
  RetailerName: { label: 'The retailer', step: 'retailer' },
  RetailerWebsite: { label: 'The retailer’s website', step: 'retailer' },
  RetailerOrderNumber: { label: 'The retailer’s order number', step: 'retailer' },
  ExpectedDeliveryDate: { label: 'The expected delivery date', step: 'retailer' },
  TrackingNumber: { label: 'The tracking number', step: 'retailer' },
  DeliveryCount: { label: 'The number of deliveries', step: 'retailer' },
  TermsAcceptedAt: { label: 'The booking terms', step: 'terms' },
  ItemDescription: { label: 'The description', step: 'details' },
  ItemValue: { label: 'The value of the goods', step: 'details' },
  ItemCount: { label: 'The number of items', step: 'details' },
  RetailerDeliveryCharge: { label: 'The retailer’s delivery charge', step: 'details' },
  ItemLines: { label: 'The item lines', step: 'details' },
  RetailerOrderDate: { label: 'The date of your order with the retailer', step: 'details' },
  Island: { label: 'The destination island', step: 'details' },
  selectedExtras: { label: 'The extras', step: 'additions' },
};

const PAGE_FIELDS = {
  DeliveryAddressId: 'delivery',
  BillingAddressId: 'billing',
  DiscountCode: 'discount',
  Code: 'discount',
  TermsAccepted: 'terms',
} as const;
type PagePlace = (typeof PAGE_FIELDS)[keyof typeof PAGE_FIELDS];

interface BookingError {
  message: string;
  /** The step of the booking where it can be put right. */
  step: BookingStep;
}

export interface PlacedErrors {
  /** By the booking's local id. */
  bookings: Map<number, BookingError[]>;
  delivery: string[];
  billing: string[];
  discount: string[];
  terms: string[];
  /** Anything that belongs to no one place (shown over the Pay button). */
  general: string[];
}

/**
 * Puts each of the server's field errors where the customer can act on it: `Orders.1.ItemValue`
 * under the second booking (found by its local id), `DeliveryAddressId` under the delivery
 * address, `DiscountCode` under the code, `TermsAccepted` under the terms; the rest together.
 */
export function placeCheckoutErrors(
  errors: readonly FieldError[],
  localIds: readonly number[],
): PlacedErrors {
  const placed: PlacedErrors = {
    bookings: new Map(),
    delivery: [],
    billing: [],
    discount: [],
    terms: [],
    general: [],
  };
  for (const { field, error } of errors) {
    const booking = /^Orders\.(\d+)(?:\.([A-Za-z]+))?/.exec(field);
    const localId = booking ? localIds[Number(booking[1])] : undefined;
    if (booking && localId !== undefined) {
      const known = BOOKING_FIELDS[booking[2] ?? ''];
      const list = placed.bookings.get(localId) ?? [];
      list.push({
        message: plainWords(known?.label ?? 'This booking', error),
        step: known?.step ?? 'size',
      });
      placed.bookings.set(localId, list);
      continue;
    }
    const place: PagePlace | undefined = (PAGE_FIELDS as Record<string, PagePlace>)[field];
    if (place) placed[place].push(plainWords(PLACE_LABELS[place], error));
    else placed.general.push(plainWords('The checkout', error));
  }
  return placed;
}

const PLACE_LABELS: Readonly<Record<PagePlace, string>> = {
  delivery: 'The delivery address',
  billing: 'The billing address',
  discount: 'The discount code',
  terms: 'The terms',
};
