import type { ParcelSize } from './band-fit';
import { ITEM_LINE_LIMITS, type ItemLine } from './item-lines-value';

// The bookings a visitor builds before logging in, kept in the browser (docs/requirements.md §3 and
// §4): each one under `ORDER-{id}`, the ids in `ORDER-INDEX`, the basket in `BASKET`. Only choices
// are stored (a price band's Id, extras' Ids), never a price: prices always come from the
// catalogue, so nothing a browser keeps can change what is charged. Stored data is checked field by
// field when read, so an old or damaged entry is repaired where it can be and dropped where it
// cannot.

/** A booking in progress or in the basket. Names follow the Order of docs/requirements.md §3. */
export interface LocalOrder {
  Id: number;
  /** The chosen price band, or null until one is chosen. */
  ProductId: number | null;
  /** The parcel's own size in mm, when the customer entered one (kept with the band chosen). */
  size: ParcelSize | null;
  /** The parcel's weight in grams, entered with its size. */
  Weight: number | null;
  RetailerName: string;
  RetailerWebsite: string;
  RetailerOrderNumber: string;
  /** When the retailer should deliver to the depot, `yyyy-MM-dd`, or '' when not known. */
  ExpectedDeliveryDate: string;
  TrackingNumber: string;
  /** Whether the retailer sends this booking in more than one delivery, and how many. */
  MultipleDeliveries: boolean;
  DeliveryCount: number | null;
  /** When the booking terms were accepted (ISO time), or null. */
  TermsAcceptedAt: string | null;
  ItemDescription: string;
  /** The value of the goods in pounds. */
  ItemValue: number | null;
  ItemCount: number | null;
  /** What the retailer charged to deliver to our depot, pounds; null when not given (decision 0040). */
  RetailerDeliveryCharge: number | null;
  /** The goods line by line (decision 0040), optional: each line valid by the shared rules. */
  ItemLines: ItemLine[];
  /**
   * When the customer ordered from the retailer, `yyyy-MM-dd`, or '' when not given (decision
   * 0040): the goods must leave the UK within 3 months of it for the retailer to zero-rate the
   * sale.
   */
  RetailerOrderDate: string;
  /** The destination island. */
  Island: string | null;
  /** The chosen extras' Ids (hidden extras among them are kept). */
  selectedExtras: number[];
  /** Whether the customer has been through the extras step (choosing none is a choice). */
  ExtrasConfirmed: boolean;
  Created: string;
  Updated: string;
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A valid local order id: a whole number of 1 or more (docs/requirements.md §9: ids start at 1).
 */
const isOrderId = (value: unknown): value is number =>
  Number.isSafeInteger(value) && (value as number) >= 1;

/** A stored list of ids (ORDER-INDEX, BASKET) repaired: valid ids only, each once, in order. */
export function repairIdList(value: unknown): number[] {
  if (!Array.isArray(value)) return [];
  return [...new Set(value.filter(isOrderId))];
}

/** `ORDER-12` gives 12; any other key gives null. */
export function orderIdFromKey(key: string): number | null {
  const match = /^ORDER-([1-9]\d{0,14})$/.exec(key);
  return match ? Number(match[1]) : null;
}

/** A new, empty booking. */
export function newLocalOrder(id: number, now: string): LocalOrder {
  return {
    Id: id,
    ProductId: null,
    size: null,
    Weight: null,
    RetailerName: '',
    RetailerWebsite: '',
    RetailerOrderNumber: '',
    ExpectedDeliveryDate: '',
    TrackingNumber: '',
    MultipleDeliveries: false,
    DeliveryCount: null,
    TermsAcceptedAt: null,
    ItemDescription: '',
    ItemValue: null,
    ItemCount: null,
    RetailerDeliveryCharge: null,
    ItemLines: [],
    RetailerOrderDate: '',
    Island: null,
    selectedExtras: [],
    ExtrasConfirmed: false,
    Created: now,
    Updated: now,
  };
}

const positive = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0;
const positiveInteger = (value: unknown): value is number =>
  Number.isSafeInteger(value) && (value as number) > 0;
const text = (value: unknown, max = 1000): string =>
  typeof value === 'string' ? value.slice(0, max) : '';

function repairSize(value: unknown): ParcelSize | null {
  if (!isRecord(value)) return null;
  const { length, width, height } = value;
  return positiveInteger(length) && positiveInteger(width) && positiveInteger(height)
    ? { length, width, height }
    : null;
}

/**
 * Stored item lines, each one well-formed (the fields of an ItemLine, each of its type) or
 * dropped. The customs rules (a known country of origin, a value within bounds, a commodity code's
 * digits) are the details step's and the server's, as every other field's are: the step that
 * shows the lines names what breaks a rule on its own field, and the first booking screen does
 * not carry those rules and the country list.
 */
function repairItemLines(value: unknown): ItemLine[] {
  if (!Array.isArray(value)) return [];
  return value.slice(0, ITEM_LINE_LIMITS.lines).flatMap((line) => {
    if (!isRecord(line)) return [];
    const { Description, Quantity, ValueEach, Origin, CommodityCode } = line;
    return typeof Description === 'string' &&
      positiveInteger(Quantity) &&
      positive(ValueEach) &&
      typeof Origin === 'string' &&
      typeof CommodityCode === 'string'
      ? [
          {
            Description: text(Description, ITEM_LINE_LIMITS.description),
            Quantity,
            ValueEach,
            Origin: text(Origin, 2),
            CommodityCode: text(CommodityCode, 10),
          },
        ]
      : [];
  });
}

/**
 * A stored value read back as a LocalOrder for the id it is stored under: every field of the
 * wrong type or out of range takes its empty value, unknown fields are dropped, and anything that
 * is not an object at all gives null (the entry is dropped). The key's id wins over a stored Id.
 */
export function repairLocalOrder(value: unknown, id: number): LocalOrder | null {
  if (!isRecord(value) || !isOrderId(id)) return null;
  const fresh = newLocalOrder(id, '');
  const created = text(value.Created, 40);
  return {
    ...fresh,
    ProductId: isOrderId(value.ProductId) ? value.ProductId : null,
    size: repairSize(value.size),
    Weight: positiveInteger(value.Weight) ? value.Weight : null,
    RetailerName: text(value.RetailerName),
    RetailerWebsite: text(value.RetailerWebsite),
    RetailerOrderNumber: text(value.RetailerOrderNumber),
    ExpectedDeliveryDate: /^\d{4}-\d{2}-\d{2}$/.test(text(value.ExpectedDeliveryDate))
      ? text(value.ExpectedDeliveryDate)
      : '',
    TrackingNumber: text(value.TrackingNumber),
    MultipleDeliveries: value.MultipleDeliveries === true,
    DeliveryCount: positiveInteger(value.DeliveryCount) ? value.DeliveryCount : null,
    TermsAcceptedAt:
      typeof value.TermsAcceptedAt === 'string' && value.TermsAcceptedAt
        ? text(value.TermsAcceptedAt, 40)
        : null,
    ItemDescription: text(value.ItemDescription),
    ItemValue: positive(value.ItemValue) ? value.ItemValue : null,
    ItemCount: positiveInteger(value.ItemCount) ? value.ItemCount : null,
    RetailerDeliveryCharge:
      typeof value.RetailerDeliveryCharge === 'number' &&
      Number.isFinite(value.RetailerDeliveryCharge) &&
      value.RetailerDeliveryCharge >= 0
        ? value.RetailerDeliveryCharge
        : null,
    ItemLines: repairItemLines(value.ItemLines),
    RetailerOrderDate: /^\d{4}-\d{2}-\d{2}$/.test(text(value.RetailerOrderDate))
      ? text(value.RetailerOrderDate)
      : '',
    Island: typeof value.Island === 'string' && value.Island ? text(value.Island, 40) : null,
    selectedExtras: repairIdList(value.selectedExtras),
    ExtrasConfirmed: value.ExtrasConfirmed === true,
    Created: created,
    Updated: text(value.Updated, 40) || created,
  };
}

// --- with the catalogue ------------------------------------------------------------------------

/** What a booking needs of a catalogue product (a price band). */
export interface CatalogueProduct {
  Id: number;
  Name: string;
  Code: string;
  Price: number;
  Length: number;
  Width: number;
  Height: number;
  TTLMDProductCode: number;
}

/** What a booking needs of a catalogue extra. */
export interface CatalogueExtra {
  Id: number;
  Name: string;
  Price: number;
  Enabled: boolean;
}

/**
 * A booking with its band and extras looked up in the catalogue: the shape the shared pricing
 * and label rules read (Product, size, Extras). A band or extra the catalogue no longer has is
 * left out and reported, so it is never priced from anything the browser kept.
 */
export interface ResolvedOrder<P extends CatalogueProduct, E extends CatalogueExtra> {
  order: LocalOrder;
  Id: number;
  Product: P | null;
  size: ParcelSize | null;
  Extras: E[];
  ItemValue: number | null;
  ItemDescription: string;
  /** A band was chosen but the catalogue no longer offers it. */
  productMissing: boolean;
}

export function resolveLocalOrder<P extends CatalogueProduct, E extends CatalogueExtra>(
  order: LocalOrder,
  products: readonly P[],
  extras: readonly E[],
): ResolvedOrder<P, E> {
  const Product = products.find((p) => p.Id === order.ProductId) ?? null;
  return {
    order,
    Id: order.Id,
    Product,
    size: order.size,
    // In the order the customer sees them in the catalogue (SortOrder), hidden extras included.
    Extras: extras.filter((extra) => order.selectedExtras.includes(extra.Id)),
    ItemValue: order.ItemValue,
    ItemDescription: order.ItemDescription,
    productMissing: order.ProductId !== null && Product === null,
  };
}
