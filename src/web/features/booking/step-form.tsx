import { useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import type { BookingStep } from '../../../shared/booking-steps';
import type { LocalOrder } from '../../../shared/local-order';
import { isFormValid } from '../../../shared/validation/form';
import { useForm } from '../../lib/use-form';
import { focusFirstError } from '../../lib/focus';
import { FormErrors, NO_EVENT } from './form-errors';
import { StepActions } from './step-actions';
import { useStep } from './use-step';

/**
 * A step whose form is checked by the shared rules (lib/use-form.ts), kept by useStep as it is
 * typed. `finish` marks the form as sent and, when every field passes, stores the step and goes
 * on (to `to`, when given); otherwise the focus moves to the first field with an error.
 */
export function useStepForm<Values extends Record<string, string | boolean>>(
  step: BookingStep,
  initial: LocalOrder,
  values: Values,
  rules: Parameters<typeof useForm<Values>>[1],
  draft: (values: Values) => Partial<LocalOrder>,
  labels: Record<string, string>,
) {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useForm<Values>(values, rules);
  const { order, inBasket, back, complete } = useStep(step, initial, form.values, draft);
  const [attempted, setAttempted] = useState(false);

  const finish = (to?: string) => (event?: FormEvent) => {
    form.handleSubmit(() => undefined)(event ?? NO_EVENT);
    setAttempted(true);
    if (!isFormValid(form.errors)) {
      focusFirstError(formRef.current);
      return;
    }
    complete(draft(form.values), to);
  };

  return {
    form,
    formRef,
    order,
    back,
    labels,
    attempted,
    finish,
    /** A text field's bound props with its label, for FormField (booking-fields.tsx). */
    field: (name: Extract<keyof Values, string>) => ({ ...form.text(name), label: labels[name] }),
    /** Save and return to basket, offered while editing a booking already in the basket. */
    saveToBasket: inBasket ? () => finish('/basket/')() : undefined,
  };
}

/** A step's form: the error summary over its fields, the step's buttons under them. */
export function StepForm({
  form,
  formRef,
  back,
  labels,
  attempted,
  finish,
  saveToBasket,
  label,
  children,
}: {
  /** What it needs of useStepForm (spread it). */
  form: { errors: Partial<Record<string, string>> };
  formRef: RefObject<HTMLFormElement | null>;
  back?: string;
  labels: Record<string, string>;
  attempted: boolean;
  finish: (to?: string) => (event?: FormEvent) => void;
  saveToBasket?: () => void;
  /** The form's accessible name. */
  label: string;
  children: ReactNode;
}) {
  return (
    <form ref={formRef} onSubmit={finish()} noValidate aria-label={label}>
      <FormErrors show={attempted} errors={form.errors} labels={labels} />
      {children}
      <StepActions back={back} onSaveToBasket={saveToBasket} />
    </form>
  );
}
