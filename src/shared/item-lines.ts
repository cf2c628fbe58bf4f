import { isCountryCode } from './country-codes';
import { MAX_ITEM_COUNT, MAX_ITEM_VALUE, poundsAndPence } from './goods-value';
import { formatMoney, sumPence, toPence } from './money';
import type { FieldRules, FormErrors } from './validation/form';
import { validateForm } from './validation/form';
import {
  between,
  greaterThanZero,
  integerRange,
  isEmpty,
  maxLength,
  minLength,
  positiveWholeNumber,
  required,
  type Rule,
} from './validation/rules';

// A booking's goods line by line (decision 0040): what customs declarations (CN22/CN23, the
// carrier's electronic data) and the export certificate list. Each line is a description, a
// quantity, the value of one, the country the goods were made in and, optionally, the commodity
// code. The booking keeps its own ItemDescription, ItemValue and ItemCount (docs/requirements.md
// §3); when it has lines they must add up to its declared value (ItemValue). These are the rules of
// the booking screen, the API and the depot's corrections alike.

export type ItemLineField = 'Description' | 'Quantity' | 'ValueEach' | 'Origin' | 'CommodityCode';

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

/** The same line as a form holds it (text in every field). */
export type ItemLineForm = Record<ItemLineField, string>;

export const ITEM_LINE_LIMITS = {
  /** Most lines on one booking. */
  lines: 50,
  description: 200,
} as const;

export const ITEM_LINE_MESSAGES = {
  origin: 'Choose the country where the goods were made',
  commodityCode: 'A commodity code is 6, 8 or 10 digits',
  tooMany: `A booking can list at most ${ITEM_LINE_LIMITS.lines} item lines`,
  /** The lines' total differs from the value declared on the booking. */
  total: (linesPence: number, declaredPence: number) =>
    `The item lines add up to ${formatMoney(linesPence)}, not the declared value of ${formatMoney(declaredPence)}`,
} as const;

/** A two-letter country code we know (any case); empty passes (`required` says it is missing). */
const countryOfOrigin: Rule = (value) =>
  isEmpty(value) ||
  (typeof value === 'string' && isCountryCode(value)) ||
  ITEM_LINE_MESSAGES.origin;

/** 6, 8 or 10 digits (spaces and dots as printed on a tariff are allowed); empty passes. */
const commodityCode: Rule = (value) =>
  isEmpty(value) ||
  (typeof value === 'string' && /^(\d{6}|\d{8}|\d{10})$/.test(normaliseCommodityCode(value))) ||
  ITEM_LINE_MESSAGES.commodityCode;

/** `8516 71 00` and `8516.71.00` are `85167100`. */
export const normaliseCommodityCode = (value: string) => value.replace(/[\s.]/g, '');

export const ITEM_LINE_RULES: FieldRules<ItemLineField> = {
  Description: [required, minLength(3), maxLength(ITEM_LINE_LIMITS.description)],
  Quantity: [required, positiveWholeNumber, integerRange(1, MAX_ITEM_COUNT)],
  ValueEach: [required, greaterThanZero, poundsAndPence, between(0.01, MAX_ITEM_VALUE)],
  Origin: [required, countryOfOrigin],
  CommodityCode: [commodityCode],
};

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
  return total === declaredPence ? null : ITEM_LINE_MESSAGES.total(total, declaredPence);
}

/** An empty line for a form. */
export const emptyItemLineForm = (): ItemLineForm => ({
  Description: '',
  Quantity: '1',
  ValueEach: '',
  Origin: 'GB',
  CommodityCode: '',
});

export const itemLineForm = (line: ItemLine): ItemLineForm => ({
  Description: line.Description,
  Quantity: String(line.Quantity),
  ValueEach: line.ValueEach.toFixed(2),
  Origin: line.Origin,
  CommodityCode: line.CommodityCode,
});

export const itemLineErrors = (form: ItemLineForm): FormErrors<ItemLineField> =>
  validateForm(form, ITEM_LINE_RULES);

/** A valid form as a line (trimmed, the code without spaces); null while it has errors. */
export function itemLineFromForm(form: ItemLineForm): ItemLine | null {
  if (Object.keys(itemLineErrors(form)).length > 0) return null;
  return {
    Description: form.Description.trim(),
    Quantity: Number(form.Quantity),
    ValueEach: Number(form.ValueEach),
    Origin: form.Origin.trim().toUpperCase(),
    CommodityCode: normaliseCommodityCode(form.CommodityCode.trim()),
  };
}
