import type { ApiErrorBody } from '../../shared/api/errors';

/** An answer outside 200-299 (SPEC section 8), with the server's message and field errors. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody | null,
  ) {
    super(body?.message ?? `Request failed with status ${status}`);
  }
}

/**
 * The one client for every call (SPEC section 7): same-origin base address, JSON accepted,
 * no timeout. Answers outside 200-299 throw an ApiError.
 */
export async function apiRequest<T>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const parsed: unknown = text ? safeJson(text) : null;
  if (!response.ok) throw new ApiError(response.status, parsed as ApiErrorBody | null);
  return parsed as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
