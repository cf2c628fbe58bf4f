import type { CheckDiscountResult } from '../../../shared/api/checkout';
import { DISCOUNT_CODE_RULES, normaliseDiscountCode } from '../../../shared/discounts';
import { BusyButton } from '../../components/plain-controls';
import { useForm } from '../../lib/use-form';
import { FormField } from '../../components/form-fields';
import '../../styles/checkout.css';

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
  // The server's reason shows under the field until the code is changed.
  const form = useForm({ code: code ?? '' }, () => DISCOUNT_CODE_RULES, {
    serverErrors: error && !checking ? [{ field: 'code', error }] : undefined,
  });
  const apply = form.handleSubmit((typed) => {
    const value = normaliseDiscountCode(typed.code);
    form.patch({ code: value });
    onApply(value);
  });

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
            form.reset({ code: '' });
            onRemove();
          }}
          aria-label={`Remove discount code ${applied.Code}`}
        >
          Remove
        </button>
      </div>
    );
  }

  return (
    // Not a <form>: the checkout around it is one. Enter in the field applies the code.
    <div className="discount-field">
      <FormField
        {...form.text('code')}
        id="discount-code"
        name="discount-code"
        label="Discount code"
        onKeyDown={(event) => {
          if (event.key === 'Enter') apply(event);
        }}
        autoCapitalize="characters"
        spellCheck={false}
      />
      <BusyButton className="button--outlined" onClick={apply} busy={checking}>
        Apply
      </BusyButton>
    </div>
  );
}
