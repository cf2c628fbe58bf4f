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
  const text = await (await send(method, path, 'application/json', body, extraHeaders)).text();
  return (text ? safeJson(text) : null) as T;
}

/** A file the API answers (the export certificate's PDF), fetched and refused as apiRequest's. */
export async function apiDownload(path: string, type: string): Promise<Blob> {
  return (await send('GET', path, `${type}, application/json`)).blob();
}

async function send(
  method: string,
  path: string,
  accept: string,
  body?: unknown,
  extraHeaders: Record<string, string> = {},
): Promise<Response> {
  const headers: Record<string, string> = { ...extraHeaders, Accept: accept };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const token = getSession().token;
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) {
    const text = await response.text();
    // A late answer to a call made before a new login must not end the new session.
    if (isSessionExpiry(response.status, path) && getSession().token === token) expireSession();
    throw new ApiError(response.status, (text ? safeJson(text) : null) as ApiErrorBody | null);
  }
  return response;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
