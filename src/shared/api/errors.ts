import type { z } from 'zod';

/**
 * One field error as the API returns it and the forms show it (docs/requirements.md §8: field plus
 * error).
 */
export interface FieldError {
  field: string;
  error: string;
}

/** The body of every 4xx/5xx answer. `errors` is present on validation failures (400). */
export interface ApiErrorBody {
  statusCode: number;
  message: string;
  errors?: FieldError[];
}

/**
 * Turns zod issues into the `{ field, error }` list of docs/requirements.md §8; a nested path is
 * joined with dots.
 */
export function toFieldErrors(issues: readonly z.core.$ZodIssue[]): FieldError[] {
  return issues.map((issue) => ({
    field: issue.path.map(String).join('.') || '(body)',
    error: issue.message,
  }));
}
