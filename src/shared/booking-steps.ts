import { ISLANDS } from './islands';
import { parseStoredDate } from './dates';
import {
  MAX_ITEM_COUNT,
  MAX_ITEM_VALUE,
  POUNDS_AND_PENCE_MESSAGE,
  poundsAndPence,
} from './goods-value';
import { itemLinesMismatch } from './item-lines-value';

export { POUNDS_AND_PENCE_MESSAGE };
import type { LocalOrder } from './local-order';
import { toPence } from './money';
import { validateForm, isFormValid, type FieldRules, type FormErrors } from './validation/form';
import { MESSAGES } from './validation/messages';
import {
  between,
  greaterThanZero,
  integerRange,
  isEmpty,
  lookupRequired,
  maxLength,
  minLength,
  positiveWholeNumber,
  required,
  requiredBoolean,
  url,
  type Rule,
} from './validation/rules';

// The booking steps of docs/requirements.md §4 (size, retailer, terms, details, additions, then the
// order confirmation), the rules of each step's form, and which step a booking is ready for. The
// forms hold text; these functions turn it into the stored booking and back.

export const BOOKING_STEPS = ['size', 'retailer', 'terms', 'details', 'additions'] as const;
export type BookingStep = (typeof BOOKING_STEPS)[number];

export const STEP_TITLES: Readonly<Record<BookingStep, string>> = {
  size: 'Size',
  retailer: 'Retailer',
  terms: 'Terms',
  details: 'Details',
  additions: 'Extras',
};

/** The address of a step of a booking (docs/requirements.md §2: `/order/{step}/{id}`). */
export const stepPath = (step: BookingStep, id: number) => `/order/${step}/${id}`;
/** The order confirmation of a finished booking. */
export const confirmPath = (id: number) => `/order-confirm/?id=${id}`;

// --- size: a custom size (the price band itself is picked from the catalogue) ------------------

/** Largest side and weight we take a custom size for; beyond it, a quote. */
export const MAX_SIDE_CM = 1000;
export const MAX_WEIGHT_KG = 1000;

export type SizeField = 'length' | 'width' | 'height' | 'weight';
export type SizeForm = Record<SizeField, string>;

const side: readonly Rule[] = [required, between(1, MAX_SIDE_CM)];
export const SIZE_RULES: FieldRules<SizeField> = {
  length: side,
  width: side,
  height: side,
  weight: [required, between(0.1, MAX_WEIGHT_KG)],
};

/** Millimetres (grams) as the centimetres (kilograms) a form shows: 355 gives '35.5'. */
const fromThousandths = (value: number | null | undefined, per: number) =>
  value == null ? '' : String(value / per);

export function sizeForm(order: Pick<LocalOrder, 'size' | 'Weight'> | null): SizeForm {
  return {
    length: fromThousandths(order?.size?.length, 10),
    width: fromThousandths(order?.size?.width, 10),
    height: fromThousandths(order?.size?.height, 10),
    weight: fromThousandths(order?.Weight, 1000),
  };
}

/** A valid size form as the stored size in mm and weight in grams; null while it has errors. */
export function sizeFromForm(
  form: SizeForm,
): { size: NonNullable<LocalOrder['size']>; Weight: number } | null {
  if (!isFormValid(validateForm(form, SIZE_RULES))) return null;
  const mm = (cm: string) => Math.round(Number(cm) * 10);
  return {
    size: { length: mm(form.length), width: mm(form.width), height: mm(form.height) },
    Weight: Math.round(Number(form.weight) * 1000),
  };
}

// --- retailer --------------------------------------------------------------------------------

export type RetailerField =
  | 'RetailerName'
  | 'RetailerWebsite'
  | 'RetailerOrderNumber'
  | 'ExpectedDeliveryDate'
  | 'TrackingNumber'
  | 'DeliveryCount';
export type RetailerForm = Record<RetailerField, string> & { MultipleDeliveries: boolean };

/** At most this many deliveries in one booking. */
export const MAX_DELIVERIES = 10;

/** A real day written `yyyy-MM-dd` (what the date field emits); empty passes. */
const storedDate: Rule = (value) =>
  isEmpty(value) || (typeof value === 'string' && parseStoredDate(value) !== null) || MESSAGES.date;

/** The retailer step's rules; the number of deliveries is asked only for more than one. */
export function retailerRules(form: Pick<RetailerForm, 'MultipleDeliveries'>) {
  return {
    RetailerName: [required, maxLength(100)],
    RetailerWebsite: [url, maxLength(200)],
    RetailerOrderNumber: [maxLength(50)],
    ExpectedDeliveryDate: [storedDate],
    TrackingNumber: [maxLength(50)],
    DeliveryCount: form.MultipleDeliveries ? [required, integerRange(2, MAX_DELIVERIES)] : [],
  } satisfies FieldRules<RetailerField>;
}

export function retailerForm(order: LocalOrder): RetailerForm {
  return {
    RetailerName: order.RetailerName,
    RetailerWebsite: order.RetailerWebsite,
    RetailerOrderNumber: order.RetailerOrderNumber,
    ExpectedDeliveryDate: order.ExpectedDeliveryDate,
    TrackingNumber: order.TrackingNumber,
    MultipleDeliveries: order.MultipleDeliveries,
    DeliveryCount: order.DeliveryCount == null ? '' : String(order.DeliveryCount),
  };
}

/**
 * What the retailer form stores: the fields that pass their rules, text trimmed (a field with an
 * error keeps its stored value). More than one delivery is stored only with a valid count.
 */
export function retailerPatch(form: RetailerForm): Partial<LocalOrder> {
  const errors = validateForm<RetailerField>(form, retailerRules(form));
  const patch: Partial<LocalOrder> = {};
  const keep = (field: Exclude<RetailerField, 'DeliveryCount'>) => {
    if (!errors[field]) patch[field] = form[field].trim();
  };
  keep('RetailerName');
  keep('RetailerWebsite');
  keep('RetailerOrderNumber');
  keep('ExpectedDeliveryDate');
  keep('TrackingNumber');
  if (!form.MultipleDeliveries) {
    patch.MultipleDeliveries = false;
    patch.DeliveryCount = null;
  } else if (!errors.DeliveryCount) {
    patch.MultipleDeliveries = true;
    patch.DeliveryCount = Number(form.DeliveryCount);
  }
  return patch;
}

// --- terms -----------------------------------------------------------------------------------

export const TERMS_RULES: FieldRules<'accepted'> = { accepted: [requiredBoolean] };

// --- details ---------------------------------------------------------------------------------

export type DetailsField =
  | 'ItemDescription'
  | 'ItemValue'
  | 'ItemCount'
  | 'RetailerDeliveryCharge'
  | 'RetailerOrderDate'
  | 'Island';
export type DetailsForm = Record<DetailsField, string>;

/**
 * What the retailer charged to deliver to our depot, in pounds (decision 0040): optional, 0 for
 * free. Island GST counts it in the value (src/shared/gst.ts).
 */
export const RETAILER_DELIVERY_RULES: readonly Rule[] = [
  poundsAndPence,
  between(0, MAX_ITEM_VALUE),
];

/**
 * The date of the customer's order with the retailer (decision 0040): optional, a real day, not
 * after today (the customer's own clock; the server checks against its own, a day of leeway for
 * zones).
 */
export const RETAILER_ORDER_DATE_MESSAGE = 'The order date cannot be in the future';
const notAfterToday =
  (today: () => Date = () => new Date()): Rule =>
  (value) => {
    if (isEmpty(value) || typeof value !== 'string') return true;
    const day = parseStoredDate(value);
    if (!day) return true;
    const limit = today();
    limit.setHours(0, 0, 0, 0);
    limit.setDate(limit.getDate() + 1);
    return day < limit || RETAILER_ORDER_DATE_MESSAGE;
  };
const RETAILER_ORDER_DATE_RULES: readonly Rule[] = [storedDate, notAfterToday()];

export const DETAILS_RULES: FieldRules<DetailsField> = {
  ItemDescription: [required, minLength(3), maxLength(200)],
  ItemValue: [required, greaterThanZero, poundsAndPence, between(0.01, MAX_ITEM_VALUE)],
  ItemCount: [required, positiveWholeNumber, integerRange(1, MAX_ITEM_COUNT)],
  RetailerDeliveryCharge: RETAILER_DELIVERY_RULES,
  RetailerOrderDate: RETAILER_ORDER_DATE_RULES,
  Island: [lookupRequired(ISLANDS)],
};

export function detailsForm(order: LocalOrder): DetailsForm {
  return {
    ItemDescription: order.ItemDescription,
    ItemValue: order.ItemValue == null ? '' : String(order.ItemValue),
    ItemCount: order.ItemCount == null ? '' : String(order.ItemCount),
    RetailerDeliveryCharge:
      order.RetailerDeliveryCharge == null ? '' : String(order.RetailerDeliveryCharge),
    RetailerOrderDate: order.RetailerOrderDate,
    Island: order.Island ?? '',
  };
}

/** What the details form stores: the fields that pass their rules (the others keep theirs). */
export function detailsPatch(form: DetailsForm): Partial<LocalOrder> {
  const errors = validateForm(form, DETAILS_RULES);
  const patch: Partial<LocalOrder> = {};
  if (!errors.ItemDescription) patch.ItemDescription = form.ItemDescription.trim();
  if (!errors.ItemValue) patch.ItemValue = Number(form.ItemValue);
  if (!errors.ItemCount) patch.ItemCount = Number(form.ItemCount);
  if (!errors.RetailerDeliveryCharge) {
    const charge = form.RetailerDeliveryCharge.trim();
    patch.RetailerDeliveryCharge = charge === '' ? null : Number(charge);
  }
  if (!errors.RetailerOrderDate) patch.RetailerOrderDate = form.RetailerOrderDate.trim();
  if (!errors.Island) patch.Island = form.Island;
  return patch;
}

// --- where a booking stands -------------------------------------------------------------------

/** The errors a stored booking still has on a step (none: the step is complete). */
function stepErrors(order: LocalOrder, step: BookingStep): FormErrors<string> {
  switch (step) {
    case 'size':
      return order.ProductId === null ? { ProductId: MESSAGES.required } : {};
    case 'retailer': {
      const form = retailerForm(order);
      return validateForm<RetailerField>(form, retailerRules(form));
    }
    case 'terms':
      return validateForm({ accepted: order.TermsAcceptedAt !== null }, TERMS_RULES);
    case 'details': {
      const errors: FormErrors<string> = validateForm(detailsForm(order), DETAILS_RULES);
      const lines =
        order.ItemValue === null
          ? null
          : itemLinesMismatch(order.ItemLines, toPence(order.ItemValue));
      return lines ? { ...errors, ItemLines: lines } : errors;
    }
    case 'additions':
      return order.ExtrasConfirmed ? {} : { ExtrasConfirmed: MESSAGES.required };
  }
}

export const isStepComplete = (order: LocalOrder, step: BookingStep) =>
  isFormValid(stepErrors(order, step));

/** The first step a booking has not completed, or null when it is ready for the basket. */
export function firstIncompleteStep(order: LocalOrder): BookingStep | null {
  return BOOKING_STEPS.find((step) => !isStepComplete(order, step)) ?? null;
}

/** A step may be opened once every step before it is complete. */
export function canOpenStep(order: LocalOrder, step: BookingStep): boolean {
  return BOOKING_STEPS.slice(0, BOOKING_STEPS.indexOf(step)).every((s) => isStepComplete(order, s));
}

/** The step after this one, or null after the last. */
export function nextStep(step: BookingStep): BookingStep | null {
  return BOOKING_STEPS[BOOKING_STEPS.indexOf(step) + 1] ?? null;
}

export function previousStep(step: BookingStep): BookingStep | null {
  return BOOKING_STEPS[BOOKING_STEPS.indexOf(step) - 1] ?? null;
}

// --- quote -----------------------------------------------------------------------------------

/** A quote request: the size form, what the parcel holds, its value and island, and a note. */
export type QuoteField = SizeField | 'ItemDescription' | 'ItemValue' | 'Island' | 'Notes';
export type QuoteForm = Record<QuoteField, string>;

export const QUOTE_NOTES_MAX = 1000;

export const QUOTE_RULES: FieldRules<QuoteField> = {
  ...SIZE_RULES,
  ItemDescription: DETAILS_RULES.ItemDescription,
  ItemValue: DETAILS_RULES.ItemValue,
  Island: DETAILS_RULES.Island,
  Notes: [maxLength(QUOTE_NOTES_MAX)],
};
