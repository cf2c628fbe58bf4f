import { useId, useRef, type KeyboardEvent } from 'react';
import { countryOptions } from '../../../shared/countries';
import {
  emptyItemLineForm,
  itemLineErrors,
  itemLineFromForm,
  type ItemLineField,
  type ItemLineForm,
} from '../../../shared/item-lines';
import {
  ITEM_LINE_LIMITS,
  itemLinesMismatch,
  itemLinesTotalPence,
} from '../../../shared/item-lines-value';
import { formatMoney } from '../../../shared/money';
import { FormField } from '../../components/form-fields';
import '../../styles/booking.css';
import './item-lines-field.css';

const LABELS: Record<ItemLineField, string> = {
  Description: 'Item',
  Quantity: 'Quantity',
  ValueEach: 'Value of one',
  Origin: 'Made in',
  CommodityCode: 'Commodity code',
};

/** Whether every line passes the shared rules; the lines' problems otherwise. */
export function itemLinesProblem(lines: readonly ItemLineForm[], declaredPence: number | null) {
  if (lines.some((line) => Object.keys(itemLineErrors(line)).length > 0)) {
    return 'Please correct the item lines.';
  }
  const valid = lines.flatMap((line) => itemLineFromForm(line) ?? []);
  return declaredPence === null ? null : itemLinesMismatch(valid, declaredPence);
}

/**
 * The goods line by line (decision 0040), on the details step: optional, one line per kind of item
 * as on the retailer's invoice. Keyboard first: Tab goes through a line's fields, Enter in a line
 * adds the next one (or moves to it) with the focus in its first field, and each line's Remove
 * button is in the tab order after it. Each field is checked by the shared rules; the lines'
 * total is shown against the declared value, with the shared message when they differ.
 */
export function ItemLinesField({
  lines,
  onChange,
  declaredPence,
  showErrors,
}: {
  lines: ItemLineForm[];
  onChange: (lines: ItemLineForm[]) => void;
  /** The declared value of the goods, when valid. */
  declaredPence: number | null;
  /** Show every field's message (the step was sent). */
  showErrors: boolean;
}) {
  const base = useId();
  const listRef = useRef<HTMLOListElement>(null);
  const focusLine = (index: number) =>
    requestAnimationFrame(() =>
      listRef.current
        ?.querySelector<HTMLElement>(`#${CSS.escape(`${base}-${index}-Description`)}`)
        ?.focus(),
    );
  const set = (index: number, field: ItemLineField, value: string) =>
    onChange(lines.map((line, i) => (i === index ? { ...line, [field]: value } : line)));
  const add = () => {
    if (lines.length >= ITEM_LINE_LIMITS.lines) return;
    onChange([...lines, emptyItemLineForm()]);
    focusLine(lines.length);
  };
  const remove = (index: number) => {
    onChange(lines.filter((_, i) => i !== index));
    if (lines.length > 1) focusLine(Math.max(0, index - 1));
  };
  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Enter' || event.target instanceof HTMLTextAreaElement) return;
    event.preventDefault(); // not the step's Continue
    if (index === lines.length - 1) add();
    else focusLine(index + 1);
  };

  const valid = lines.flatMap((line) => itemLineFromForm(line) ?? []);
  const totalPence = itemLinesTotalPence(valid);
  const mismatch =
    declaredPence === null || valid.length !== lines.length
      ? null
      : itemLinesMismatch(valid, declaredPence);

  return (
    <fieldset className="item-lines" aria-describedby={`${base}-hint`}>
      <legend className="item-lines__legend">Item by item (optional)</legend>
      <p className="booking__hint" id={`${base}-hint`}>
        For the customs declaration: one line for each kind of item, as on the retailer’s invoice.
        We complete them from the invoice when the parcel arrives if you leave them out. Press Enter
        in a line to add the next.
      </p>
      {lines.length > 0 && (
        <ol className="item-lines__list" ref={listRef}>
          {lines.map((line, index) => {
            const errors = itemLineErrors(line);
            const field = (name: ItemLineField) => ({
              id: `${base}-${index}-${name}`,
              name: `ItemLines.${index}.${name}`,
              label: LABELS[name],
              value: line[name],
              onChange: (event: { target: { value: string } }) =>
                set(index, name, event.target.value),
              onKeyDown: onKeyDown(index),
              error: showErrors && errors[name] !== undefined,
              helperText: showErrors ? errors[name] : undefined,
            });
            return (
              <li
                key={index}
                className="item-lines__line"
                aria-label={`Item line ${index + 1}`}
                data-testid="item-line"
              >
                <div className="item-lines__description">
                  <FormField {...field('Description')} required maxLength={200} />
                </div>
                <FormField {...field('Quantity')} required keyboard="numeric" />
                <FormField {...field('ValueEach')} required unit="£" />
                <FormField {...field('Origin')} required select>
                  {countryOptions().map((c) => (
                    <option key={c.code} value={c.code}>
                      {c.name}
                    </option>
                  ))}
                </FormField>
                <FormField
                  {...field('CommodityCode')}
                  keyboard="numeric"
                  autoCapitalize="off"
                  spellCheck={false}
                />
                <button
                  type="button"
                  className="button button--text item-lines__remove"
                  onClick={() => remove(index)}
                  aria-label={`Remove item line ${index + 1}`}
                >
                  Remove
                </button>
              </li>
            );
          })}
        </ol>
      )}
      <div className="item-lines__foot">
        <button
          type="button"
          className="button"
          onClick={add}
          disabled={lines.length >= ITEM_LINE_LIMITS.lines}
        >
          Add an item line
        </button>
        {valid.length > 0 && (
          <p aria-live="polite" data-testid="item-lines-total">
            Lines total {formatMoney(totalPence)}
            {declaredPence !== null && ` of ${formatMoney(declaredPence)} declared`}
          </p>
        )}
      </div>
      {mismatch && (
        <p className="booking__error" role="alert" data-testid="item-lines-mismatch">
          {mismatch}
        </p>
      )}
    </fieldset>
  );
}
