/**
 * What an audit entry changed, field by field: the fields whose value differs between the record
 * before and after (a field only on one side is shown as added or removed). The audit log's
 * screen shows these as `Field: before → after`.
 */
export interface AuditChange {
  field: string;
  before: unknown;
  after: unknown;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function auditChanges(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): AuditChange[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return fields
    .map((field) => ({ field, before: before?.[field], after: after?.[field] }))
    .filter((c) => !same(c.before, c.after));
}

/** A value of an audit entry as one short line (`—` for none). */
export function auditValue(value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}
