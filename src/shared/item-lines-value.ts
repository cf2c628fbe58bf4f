import { formatMoney, sumPence, toPence } from './money';

// What a booking's item lines are worth (decision 0040): the line as the API carries it, how many
// a booking may list, and whether they add up to the declared value. The booking's steps, the
// basket kept in the browser and the server read these; the line form's rules and the country list
// are item-lines.ts', which only the screens that edit lines load.

/** One line as the API carries it: money in pounds, Origin an ISO 3166 two-letter code. */
export interface ItemLine {
  Description: string;
  Quantity: number;
  /** The value of one, in pounds. */
  ValueEach: number;
  Origin: string;
  /** The UK tariff's commodity code, 6, 8 or 10 digits; '' when not known. */
  CommodityCode: string;
}

export const ITEM_LINE_LIMITS = {
  /** Most lines on one booking. */
  lines: 50,
  description: 200,
} as const;

/** The lines' total differs from the value declared on the booking. */
export const ITEM_LINES_TOTAL_MESSAGE = (linesPence: number, declaredPence: number) =>
  `The item lines add up to ${formatMoney(linesPence)}, not the declared value of ${formatMoney(declaredPence)}`;

/** What one line is worth in pence: its quantity times the value of one. */
export const lineTotalPence = (line: Pick<ItemLine, 'Quantity' | 'ValueEach'>) =>
  line.Quantity * toPence(line.ValueEach);

/** What the lines are worth together, in pence. */
export const itemLinesTotalPence = (lines: readonly Pick<ItemLine, 'Quantity' | 'ValueEach'>[]) =>
  sumPence(lines.map(lineTotalPence));

/** How many items the lines hold. */
export const itemLinesQuantity = (lines: readonly Pick<ItemLine, 'Quantity'>[]) =>
  lines.reduce((sum, line) => sum + line.Quantity, 0);

/**
 * Why the lines do not fit the booking's declared value, or null when they do (no lines at all
 * fit: the booking has simply not been itemised yet).
 */
export function itemLinesMismatch(
  lines: readonly Pick<ItemLine, 'Quantity' | 'ValueEach'>[],
  declaredPence: number,
): string | null {
  if (lines.length === 0) return null;
  const total = itemLinesTotalPence(lines);
  return total === declaredPence ? null : ITEM_LINES_TOTAL_MESSAGE(total, declaredPence);
}
