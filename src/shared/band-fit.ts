// Which price band a parcel of a given size and weight goes in (decision 0009: "the smallest band
// it fits, any orientation"). Sizes in millimetres, weights in grams, as products carry them.

/** A parcel's own size in mm, named as the Order's `size` (docs/requirements.md §3). */
export interface ParcelSize {
  length: number;
  width: number;
  height: number;
}

/** What the fitting reads of a price band (a catalogue Product). */
export interface FittableBand {
  Id: number;
  Length: number;
  Width: number;
  Height: number;
  MaxWeight: number;
  Price: number;
  SortOrder: number;
}

const descending = (values: readonly number[]) => [...values].sort((a, b) => b - a);

/**
 * Whether a parcel fits a band's box in some orientation and is no heavier than its MaxWeight.
 * Turning a box only permutes its sides, and a box fits in another in some axis-aligned
 * orientation exactly when its sides, both sorted longest first, are each no longer.
 */
export function fitsBand(size: ParcelSize, weightGrams: number, band: FittableBand): boolean {
  const parcel = descending([size.length, size.width, size.height]);
  const box = descending([band.Length, band.Width, band.Height]);
  return parcel.every((side, i) => side <= box[i]) && weightGrams <= band.MaxWeight;
}

/**
 * Orders bands from the smallest choice to the largest: cheapest first, then by SortOrder, then
 * by volume and Id so that the choice never depends on the order the catalogue came in.
 */
export function compareBands(a: FittableBand, b: FittableBand): number {
  return (
    a.Price - b.Price ||
    a.SortOrder - b.SortOrder ||
    a.Length * a.Width * a.Height - b.Length * b.Width * b.Height ||
    a.Id - b.Id
  );
}

/** The smallest (cheapest) band the parcel fits, or null when it fits none and needs a quote. */
export function smallestFittingBand<Band extends FittableBand>(
  size: ParcelSize,
  weightGrams: number,
  bands: readonly Band[],
): Band | null {
  const fitting = bands.filter((band) => fitsBand(size, weightGrams, band));
  return fitting.sort(compareBands)[0] ?? null;
}
