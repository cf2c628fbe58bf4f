import '../../styles/booking.css';

/**
 * After a form was sent with errors: a summary announced to screen readers (role alert), naming
 * each field with its message. Focus moves to the first field with an error (lib/focus.ts focusFirstError).
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
  // Each field's message, its own full stop dropped: the summary is one sentence.
  const entries = Object.entries(errors).flatMap(([field, message]) =>
    message ? [`${labels[field] ?? field}: ${message.replace(/\.$/, '')}`] : [],
  );
  if (!show || entries.length === 0) return null;
  return (
    <div className="alert alert--error form-errors" role="alert" data-testid="form-errors">
      Please check {entries.length === 1 ? 'this field' : `these ${entries.length} fields`}:{' '}
      {entries.join('; ')}.
    </div>
  );
}
