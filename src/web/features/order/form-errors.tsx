import type { FormEvent } from 'react';
import { Alert } from '@mui/material';

/**
 * After a form was sent with errors: a summary announced to screen readers (role alert), naming
 * each field with its message. Focus moves to the first field with an error (focusFirstError).
 */
export function FormErrors({
  errors,
  labels,
  show,
}: {
  errors: Partial<Record<string, string>>;
  labels: Record<string, string>;
  show: boolean;
}) {
  const entries = Object.entries(errors).filter(([, message]) => message);
  if (!show || entries.length === 0) return null;
  return (
    <Alert severity="error" role="alert" sx={{ mb: 3 }} data-testid="form-errors">
      Please check {entries.length === 1 ? 'this field' : `these ${entries.length} fields`}:{' '}
      {entries.map(([field, message]) => `${labels[field] ?? field}: ${message}`).join('; ')}.
    </Alert>
  );
}

/** Moves focus to the first field marked invalid inside a form, once it has rendered. */
export function focusFirstError(form: HTMLFormElement | null) {
  requestAnimationFrame(() => {
    form?.querySelector<HTMLElement>('[aria-invalid="true"], .Mui-error input')?.focus();
  });
}

/** Marks a form as sent when a button other than its submit button finishes it. */
export const NO_EVENT = { preventDefault: () => undefined } as FormEvent;
