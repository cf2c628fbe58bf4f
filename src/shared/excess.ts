import { fitsBand, smallestFittingBand, type FittableBand, type ParcelSize } from './band-fit';
import { toPence } from './money';

// Excess carriage (decision 0020, "More than was paid"): the depot measures a booked parcel, and
// when it is larger or heavier than the band the customer paid for, the shared band rules give the
// band it fits and the customer owes the difference. Sizes in mm, weights in grams, money in
// pence; the bands are the catalogue's as the API returns them (Price in pounds).
//
// - Exactly at a band's limits is within it; 1 mm or 1 g over is not (band-fit.ts's rule).
// - Over the booked band: the smallest (cheapest) band it fits now, at its catalogue price
//   today, less what was paid for carriage at checkout (the band's price line). Extras and the
//   checkout's discount are not touched: they were for what was booked.
// - A band that fits but costs no more than what was paid (a long, thin parcel in a cheaper
//   long band) owes nothing: `within`.
// - Bigger or heavier than every band: nothing to compare with, so nothing is guessed; the
//   parcel is held and the office must quote (`quote`).
// - A booking priced by the office (a quote or bespoke price, no band) was priced for the size
//   and weight the customer declared: within them is `within`, over them the office quotes again.

/** What was booked and paid for the parcel's carriage. */
export interface BookedCarriage {
  /** The band booked; null for a parcel priced by the office (quote or bespoke price). */
  band: FittableBand | null;
  /** What was paid for carriage (the band's or the quote's price line), in pence. */
  paidPence: number;
  /** The size and weight the customer declared, for a booking priced by the office. */
  declared?: { size: ParcelSize; weightGrams: number } | null;
}

export interface Measured {
  size: ParcelSize;
  weightGrams: number;
}

export type ExcessOutcome<Band extends FittableBand = FittableBand> =
  | { kind: 'within' }
  | { kind: 'excess'; band: Band; bandPence: number; amountPence: number }
  | { kind: 'quote'; reason: string };

export const EXCESS_REASONS = {
  overEveryBand: 'The parcel is larger or heavier than every price band: the office will quote.',
  overDeclared:
    'The parcel is larger or heavier than the size the office priced: the office will quote again.',
} as const;

/**
 * What a measured parcel owes beyond its booking. `bands` are the ones a customer could book
 * (enabled and public).
 */
export function excessCarriage<Band extends FittableBand>(
  measured: Measured,
  booked: BookedCarriage,
  bands: readonly Band[],
): ExcessOutcome<Band> {
  if (!booked.band) {
    const declared = booked.declared;
    if (!declared) return { kind: 'within' };
    const asBox: FittableBand = {
      Id: 0,
      Length: declared.size.length,
      Width: declared.size.width,
      Height: declared.size.height,
      MaxWeight: declared.weightGrams,
      Price: 0,
      SortOrder: 0,
    };
    return fitsBand(measured.size, measured.weightGrams, asBox)
      ? { kind: 'within' }
      : { kind: 'quote', reason: EXCESS_REASONS.overDeclared };
  }
  if (fitsBand(measured.size, measured.weightGrams, booked.band)) return { kind: 'within' };
  const band = smallestFittingBand(measured.size, measured.weightGrams, bands);
  if (!band) return { kind: 'quote', reason: EXCESS_REASONS.overEveryBand };
  const bandPence = toPence(band.Price);
  const amountPence = bandPence - booked.paidPence;
  return amountPence > 0 ? { kind: 'excess', band, bandPence, amountPence } : { kind: 'within' };
}
