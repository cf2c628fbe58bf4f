import { useState, type FormEvent, type KeyboardEvent } from 'react';
import type { CheckDiscountResult } from '../../../shared/api/checkout';
import { DISCOUNT_CODE_PATTERN, normaliseDiscountCode } from '../../../shared/discounts';
import { MESSAGES } from '../../../shared/validation/messages';
import { BusyButton } from '../../components/plain-controls';
import { FormField } from '../booking/booking-fields';
import './checkout.css';

const DISCOUNT_FORMAT_MESSAGE = 'A discount code is 3 to 32 letters, digits or hyphens.';

interface Props {
  /** The code applied (or being checked), or null. */
  code: string | null;
  /** What the server said the code takes off, once checked. */
  applied: CheckDiscountResult | null;
  checking: boolean;
  /** Why the code cannot be used, from the server, in plain words. */
  error: string | null;
  onApply: (code: string) => void;
  onRemove: () => void;
}

/**
 * The discount code (docs/requirements.md §3 and §4): a field with Apply; once the server has
 * checked the code, what it takes off and a Remove button; otherwise the reason under the field.
 */
export function DiscountField({ code, applied, checking, error, onApply, onRemove }: Props) {
  const [input, setInput] = useState(code ?? '');
  const [formatError, setFormatError] = useState<string | null>(null);

  const apply = (event: FormEvent | KeyboardEvent) => {
    event.preventDefault();
    const value = normaliseDiscountCode(input);
    if (!value) return setFormatError(MESSAGES.required);
    if (!DISCOUNT_CODE_PATTERN.test(value)) return setFormatError(DISCOUNT_FORMAT_MESSAGE);
    setFormatError(null);
    setInput(value);
    onApply(value);
  };

  if (applied && applied.Code === code) {
    return (
      <div className="discount-applied" data-testid="discount-applied">
        <div>
          <p className="discount-applied__code">{applied.Code}</p>
          <p className="discount-applied__note">{applied.Description} applied</p>
        </div>
        <button
          type="button"
          className="button"
          onClick={() => {
            setInput('');
            onRemove();
          }}
          aria-label={`Remove discount code ${applied.Code}`}
        >
          Remove
        </button>
      </div>
    );
  }

  const message = formatError ?? (checking ? null : error);
  return (
    // Not a <form>: the checkout around it is one. Enter in the field applies the code.
    <div className="discount-field">
      <FormField
        id="discount-code"
        name="discount-code"
        label="Discount code"
        value={input}
        onChange={(event) => {
          setInput(event.target.value);
          setFormatError(null);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') apply(event);
        }}
        error={Boolean(message)}
        helperText={message ?? undefined}
        autoCapitalize="characters"
        spellCheck={false}
      />
      <BusyButton className="button--outlined" onClick={apply} busy={checking}>
        Apply
      </BusyButton>
    </div>
  );
}
