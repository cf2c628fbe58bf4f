import type { FieldError } from '../../../shared/api/errors';
import { CHECKOUT_MESSAGES, type Booking } from '../../../shared/api/checkout';
import { fitsBand } from '../../../shared/band-fit';
import { basketPriceLines, type BasketItemOrder } from '../../../shared/labels';
import { toPounds } from '../../../shared/money';
import { orderTotalPence } from '../../../shared/pricing';
import { QUOTE_MESSAGES } from '../../../shared/quotes';
import type { PriceLine } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { catalogueInDatabase, type CatalogueById, type CatalogueIds } from '../catalogue/queries';
import type { Tx } from '../../db/client';

/**
 * Prices the basket's bookings from the catalogue (never from anything the browser sent), with
 * the shared pricing and label rules. A band must be offered (enabled and public); an extra must
 * exist (a disabled one is a hidden extra, still priced, docs/requirements.md §3); a parcel's own
 * size must fit its band. Every problem is a 400 naming the booking's field.
 */

export interface PricedBooking {
  booking: Booking;
  lines: PriceLine[];
  totalPence: number;
}

/** An order's price lines (the base price, then each extra) and total, by the shared rules. */
function priceLines(order: BasketItemOrder): { lines: PriceLine[]; totalPence: number } {
  return {
    lines: basketPriceLines(order)
      .filter((line) => line.label !== 'Subtotal')
      .map((line) => ({ name: line.label, pence: line.pence })),
    totalPence: orderTotalPence(order),
  };
}

/**
 * Where the bands and extras come from: the database as it is now for what takes money (a
 * checkout, a discount's check: `catalogueInDatabase`), the node's cached catalogue for an
 * estimate shown beside the prices the basket shows (`catalogueItems`, within CACHE_TTL_MS of an
 * edit on any node).
 */
export type CatalogueReader = (ids: CatalogueIds) => Promise<CatalogueById>;

export async function priceBookings(
  read: CatalogueReader,
  bookings: readonly Booking[],
): Promise<PricedBooking[]> {
  const catalogue = await read({
    products: bookings.map((b) => b.ProductId),
    extras: bookings.flatMap((b) => b.selectedExtras),
  });
  const bands = new Map([...catalogue.products].filter(([, p]) => p.enabled && p.public));
  const { extras } = catalogue;

  const errors: FieldError[] = [];
  const priced = bookings.map((booking, i) => {
    const Product = bands.get(booking.ProductId) ?? null;
    if (!Product)
      errors.push({ field: `Orders.${i}.ProductId`, error: CHECKOUT_MESSAGES.unknownProduct });
    const chosen = [...new Set(booking.selectedExtras)];
    chosen.forEach((id, j) => {
      if (!extras.has(id)) {
        errors.push({
          field: `Orders.${i}.selectedExtras.${j}`,
          error: CHECKOUT_MESSAGES.unknownExtra,
        });
      }
    });
    if (Product && booking.size && !fitsBand(booking.size, booking.Weight ?? 0, Product)) {
      errors.push({ field: `Orders.${i}.size`, error: CHECKOUT_MESSAGES.sizeTooBig });
    }
    const order = {
      Product,
      Extras: chosen.flatMap((id) => extras.get(id) ?? []),
    };
    return { booking: { ...booking, selectedExtras: chosen }, ...priceLines(order) };
  });
  if (errors.length > 0) throw new HttpError(400, 'Please check the fields below.', errors);
  return priced;
}

/**
 * Prices an accepted quote: the quoted price, then each chosen extra from the catalogue. The
 * customer chooses among the enabled extras only (a disabled one is the depot's to add); an
 * unknown or disabled one is a 400 on `selectedExtras.{i}`.
 */
export async function priceAcceptedQuote(
  tx: Tx,
  quotePricePence: number,
  selectedExtras: readonly number[],
): Promise<{ extraIds: number[]; lines: PriceLine[]; totalPence: number }> {
  const extraIds = [...new Set(selectedExtras)];
  const { extras } = await catalogueInDatabase(tx, { products: [], extras: extraIds });
  const errors: FieldError[] = selectedExtras.flatMap((id, i) =>
    extras.get(id)?.Enabled
      ? []
      : [{ field: `selectedExtras.${i}`, error: QUOTE_MESSAGES.unknownExtra }],
  );
  if (errors.length > 0) throw new HttpError(400, 'Please check the fields below.', errors);
  const order = {
    QuotePrice: toPounds(quotePricePence),
    Extras: extraIds.map((id) => extras.get(id)!),
  };
  return { extraIds, ...priceLines(order) };
}
