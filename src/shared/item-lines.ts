import { isCountryCode } from './country-codes';
import { MAX_ITEM_COUNT, MAX_ITEM_VALUE, poundsAndPence } from './goods-value';
import { ITEM_LINE_LIMITS, ITEM_LINES_TOTAL_MESSAGE, type ItemLine } from './item-lines-value';
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

/** The same line as a form holds it (text in every field). */
export type ItemLineForm = Record<ItemLineField, string>;

export const ITEM_LINE_MESSAGES = {
  origin: 'Choose the country where the goods were made',
  commodityCode: 'A commodity code is 6, 8 or 10 digits',
  tooMany: `A booking can list at most ${ITEM_LINE_LIMITS.lines} item lines`,
  total: ITEM_LINES_TOTAL_MESSAGE,
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
