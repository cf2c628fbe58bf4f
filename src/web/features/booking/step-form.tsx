import type { ReactNode, SyntheticEvent } from 'react';
import type { BookingStep } from '../../../shared/booking-steps';
import type { LocalOrder } from '../../../shared/local-order';
import { useForm } from '../../lib/use-form';
import { FormErrors } from './form-errors';
import { StepActions } from './step-actions';
import { useStep } from './use-step';

/**
 * A booking step's form (lib/use-form.ts), kept by useStep as it is typed. `finish` sends the
 * form: when every field passes, the step is stored and the booking goes on (to `to`, when
 * given); otherwise the focus moves to the first field with an error.
 */
export function useStepForm<Values extends Record<string, string | boolean>>(
  step: BookingStep,
  initial: LocalOrder,
  values: Values,
  rules: Parameters<typeof useForm<Values>>[1],
  draft: (values: Values) => Partial<LocalOrder>,
  labels: Record<string, string>,
) {
  const form = useForm<Values>(values, rules);
  const { order, inBasket, back, complete } = useStep(step, initial, form.values, draft);

  const finish = (to?: string) => form.handleSubmit((sent) => complete(draft(sent), to));

  return {
    form,
    order,
    back,
    labels,
    finish,
    /** A text field's bound props with its label, for FormField (components/form-fields.tsx). */
    field: (name: Extract<keyof Values, string>) => ({ ...form.text(name), label: labels[name] }),
    /** Save and return to basket, offered while editing a booking already in the basket. */
    saveToBasket: inBasket ? (event: SyntheticEvent) => finish('/basket/')(event) : undefined,
  };
}

/** A step's form: the error summary over its fields, the step's buttons under them. */
export function StepForm({
  form,
  back,
  labels,
  finish,
  saveToBasket,
  label,
  children,
}: {
  /** What it needs of useStepForm (spread it). */
  form: { errors: Partial<Record<string, string>>; submitted: boolean };
  back?: string;
  labels: Record<string, string>;
  finish: (to?: string) => (event?: SyntheticEvent) => void;
  saveToBasket?: (event: SyntheticEvent) => void;
  /** The form's accessible name. */
  label: string;
  children: ReactNode;
}) {
  return (
    <form onSubmit={finish()} noValidate aria-label={label}>
      <FormErrors show={form.submitted} errors={form.errors} labels={labels} />
      {children}
      <StepActions back={back} onSaveToBasket={saveToBasket} />
    </form>
  );
}
