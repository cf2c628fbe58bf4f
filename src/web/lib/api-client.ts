import type { ApiErrorBody } from '../../shared/api/errors';
import { expireSession, getSession, isSessionExpiry } from './session';

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
 * no timeout, the stored access token as a bearer token. Answers outside 200-299 throw an
 * ApiError; a 401 outside the auth calls first runs the session expiry flow (SPEC section 4).
 * `extraHeaders` adds a call's own headers (e.g. checkout's Idempotency-Key).
 */
export async function apiRequest<T>(
  method: string,
  path: string,
  body?: unknown,
  extraHeaders: Record<string, string> = {},
): Promise<T> {
  const token = getSession().token;
  return sendRequest<T>(token, method, path, body, extraHeaders, (status) => {
    // A late answer to a call made before a new login must not end the new session.
    if (isSessionExpiry(status, path) && getSession().token === token) expireSession();
  });
}

/**
 * One JSON call with a bearer token (the customer's or, in the back office, the staff member's);
 * `onError` hears the status of an answer outside 200-299 before the ApiError is thrown.
 */
export async function sendRequest<T>(
  token: string | null,
  method: string,
  path: string,
  body?: unknown,
  extraHeaders: Record<string, string> = {},
  onError?: (status: number) => void,
): Promise<T> {
  const headers: Record<string, string> = { ...extraHeaders, Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const parsed: unknown = text ? safeJson(text) : null;
  if (!response.ok) {
    onError?.(response.status);
    throw new ApiError(response.status, parsed as ApiErrorBody | null);
  }
  return parsed as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
