import { ISLANDS, type Island } from './islands';

// An estimate of the GST an island charges on goods a private individual imports (decision 0009 and
// 27, docs/decisions/0035). The one rule, used by the booking screens, the checkout and the API:
// - the value is the goods, the retailer's delivery charge and what is paid to us for the crossing
//   (delivery price and extras, insurance among them);
// - parcels that reach the island together (dispatched to one customer on the same sailing) are
//   valued together;
// - GST is due on the whole value once it is at or over the island's threshold (exactly the
//   threshold is liable: decision 0035 says why);
// - the rate, the threshold and whether the island charges GST at all are settings per island
//   (Tax/Gst), so a change in the law is a settings edit: Jersey 5% from £60, the Bailiwick of
//   Guernsey's islands off until Guernsey's GST starts.
// Only an estimate: the island's customs work out what is actually due.

/** One island's GST: whether it is charged, the rate (0.05 for 5%), the threshold in pence. */
export interface IslandGst {
  Enabled: boolean;
  Rate: number;
  ThresholdPence: number;
}

/** The Tax/Gst setting: every island's GST. */
export type GstSettings = Record<Island, IslandGst>;

/** Where the setting lives among the site settings. */
export const GST_SETTING = { category: 'Tax', name: 'Gst' } as const;

/** The islands' GST today: Jersey 5% from £60; Guernsey's GST (expected 2028) not yet on. */
export const DEFAULT_GST: GstSettings = {
  Jersey: { Enabled: true, Rate: 0.05, ThresholdPence: 6000 },
  Guernsey: { Enabled: false, Rate: 0.05, ThresholdPence: 6000 },
  Alderney: { Enabled: false, Rate: 0.05, ThresholdPence: 6000 },
  Sark: { Enabled: false, Rate: 0.05, ThresholdPence: 6000 },
  Herm: { Enabled: false, Rate: 0.05, ThresholdPence: 6000 },
};

const OFF: IslandGst = { Enabled: false, Rate: 0, ThresholdPence: 0 };

function parseIsland(value: unknown): IslandGst {
  if (typeof value !== 'object' || value === null) return OFF;
  const { Enabled, Rate, ThresholdPence } = value as Record<string, unknown>;
  if (typeof Enabled !== 'boolean') return OFF;
  if (typeof Rate !== 'number' || !Number.isFinite(Rate) || Rate < 0 || Rate >= 1) return OFF;
  if (!Number.isSafeInteger(ThresholdPence) || (ThresholdPence as number) < 0) return OFF;
  return { Enabled, Rate, ThresholdPence: ThresholdPence as number };
}

/**
 * The setting as stored, island by island: an island missing or not of its shape is off (no
 * estimate is shown rather than a wrong one).
 */
export function parseGstSettings(value: unknown): GstSettings {
  const stored = typeof value === 'object' && value !== null ? value : {};
  return Object.fromEntries(
    ISLANDS.map((island) => [island, parseIsland((stored as Record<string, unknown>)[island])]),
  ) as GstSettings;
}

/** The island's GST when it charges one, otherwise null (an unknown island has none). */
export function gstOf(settings: GstSettings, island: string | null | undefined): IslandGst | null {
  const gst = (ISLANDS as readonly string[]).includes(island ?? '')
    ? settings[island as Island]
    : null;
  return gst?.Enabled ? gst : null;
}

/** A parcel as GST values it, each amount in whole pence. */
export interface GstParcel {
  /** The goods (their declared value). */
  goodsPence: number;
  /** What the retailer charged to deliver them to our depot. */
  retailerDeliveryPence: number;
  /** What is paid to us: the delivery price and the extras, insurance among them. */
  carriagePence: number;
}

/** Whether a value is liable: at or over the threshold (decision 0035). */
const reachesThreshold = (valuePence: number, gst: IslandGst) => valuePence >= gst.ThresholdPence;

/** Parts per million, so the sum stays in integers: 0.05 becomes 50,000. */
const PPM = 1_000_000;

/** The rate of a value in whole pence, half a penny rounding up. */
const gstOnValue = (valuePence: number, gst: IslandGst) =>
  Math.floor((valuePence * Math.round(gst.Rate * PPM) + PPM / 2) / PPM);

const parcelValuePence = (parcel: GstParcel) =>
  parcel.goodsPence + parcel.retailerDeliveryPence + parcel.carriagePence;

export interface GstEstimate {
  /** What the island's customs look at: every parcel's goods, retailer delivery and carriage. */
  valuePence: number;
  /** Whether that value is at or over the threshold. */
  liable: boolean;
  /** The estimated GST: the rate of the whole value when liable, otherwise 0. */
  gstPence: number;
  /** The GST the parcels would bring if each reached the island on its own. */
  gstAlonePence: number;
  /**
   * Combining the parcels crosses the threshold: together they are liable though at least one
   * of them alone would not be (the customer is warned before paying).
   */
  combiningCrossesThreshold: boolean;
}

/**
 * The estimate for parcels reaching the island together (one parcel: just that one). Amounts
 * must be whole pence, zero or more.
 */
export function estimateGst(parcels: readonly GstParcel[], gst: IslandGst): GstEstimate {
  const amounts = parcels.flatMap((p) => [p.goodsPence, p.retailerDeliveryPence, p.carriagePence]);
  if (!amounts.every((p) => Number.isSafeInteger(p) && p >= 0)) {
    throw new RangeError('Amounts must be whole pence, zero or more');
  }
  const values = parcels.map(parcelValuePence);
  const valuePence = values.reduce((sum, v) => sum + v, 0);
  const liable = parcels.length > 0 && reachesThreshold(valuePence, gst);
  const alone = values.map((v) => (reachesThreshold(v, gst) ? gstOnValue(v, gst) : 0));
  return {
    valuePence,
    liable,
    gstPence: liable ? gstOnValue(valuePence, gst) : 0,
    gstAlonePence: alone.reduce((sum, v) => sum + v, 0),
    combiningCrossesThreshold:
      liable && parcels.length > 1 && values.some((v) => !reachesThreshold(v, gst)),
  };
}

/** The rate as people write it: 0.05 is `5%`, 0.075 `7.5%`. */
export const formatRate = (rate: number) => `${Number((rate * 100).toFixed(4))}%`;

/** What parcels valued together come to, and the GST it may bring: the warnings' common part. */
const togetherText = (
  island: string,
  estimate: GstEstimate,
  gst: IslandGst,
  money: (pence: number) => string,
) =>
  `come to ${money(estimate.valuePence)}, at or over the ${money(gst.ThresholdPence)} threshold, ` +
  `so ${island} Customs may charge GST at ${formatRate(gst.Rate)} on the whole amount, about ` +
  `${money(estimate.gstPence)}, where the parcels on their own would bring ` +
  `${money(estimate.gstAlonePence)}.`;

/**
 * The warning before paying when parcels valued together cross the threshold that each alone
 * would not (null otherwise).
 */
export function combiningWarning(
  island: string,
  estimate: GstEstimate,
  gst: IslandGst,
  money: (pence: number) => string,
): string | null {
  if (!estimate.combiningCrossesThreshold) return null;
  return (
    `Parcels that reach ${island} together are valued together: with goods, retailers’ delivery ` +
    `and our carriage these ${togetherText(island, estimate, gst, money)}`
  );
}

/** What every screen and message that shows an estimate adds (decision 0035). */
export const GST_ESTIMATE_ONLY =
  'This is only an estimate: the island’s Customs decide what is due, and we do not collect it.';

/** `A`, `A and B`, `A, B and C`. */
const listed = (items: readonly string[]) =>
  items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

/**
 * The same warning at dispatch, naming the parcels of one customer that leave on one sailing to
 * the island (a consolidated box's bookings among them): for the depot's screen and the
 * customer's dispatch e-mail (null when valuing them together crosses no threshold).
 */
export function sailingWarning(
  island: string,
  references: readonly string[],
  estimate: GstEstimate,
  gst: IslandGst,
  money: (pence: number) => string,
): string | null {
  if (!estimate.combiningCrossesThreshold) return null;
  return (
    `${listed(references)} reach ${island} on the same sailing, so they are valued together: ` +
    `with goods, retailers’ delivery and our carriage they ${togetherText(island, estimate, gst, money)}`
  );
}
