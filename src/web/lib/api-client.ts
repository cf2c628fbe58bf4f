import type { ApiErrorBody } from '../../shared/api/errors';
import { expireSession, getSession, isSessionExpiry } from './session';

/**
 * An answer outside 200-299 (docs/requirements.md §8), with the server's message and field errors.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody | null,
  ) {
    super(body?.message ?? `Request failed with status ${status}`);
  }
}

/**
 * The one client for every call (docs/requirements.md §7): same-origin base address, JSON accepted,
 * no timeout, the stored access token as a bearer token. Answers outside 200-299 throw an
 * ApiError; a 401 outside the auth calls first runs the session expiry flow
 * (docs/requirements.md §4). `extraHeaders` adds a call's own headers (e.g. checkout's
 * Idempotency-Key).
 */
export async function apiRequest<T>(
  method: string,
  path: string,
  body?: unknown,
  extraHeaders: Record<string, string> = {},
): Promise<T> {
  const response = await customerCall(method, path, 'application/json', body, extraHeaders);
  return readJson(response) as Promise<T>;
}

/**
 * A file the API answers (the export certificate's PDF, a parcel photo), fetched and refused as
 * apiRequest's calls are.
 */
export async function apiDownload(path: string, type: string): Promise<Blob> {
  return (await customerCall('GET', path, `${type}, application/json`)).blob();
}

/** A file the API answers, with a bearer token of the caller's choosing (see sendRequest). */
export async function sendDownload(
  token: string | null,
  path: string,
  type: string,
  onError?: (status: number) => void,
): Promise<Blob> {
  return (
    await send(token, 'GET', path, `${type}, application/json`, undefined, {}, onError)
  ).blob();
}

function customerCall(
  method: string,
  path: string,
  accept: string,
  body?: unknown,
  extraHeaders: Record<string, string> = {},
) {
  const token = getSession().token;
  return send(token, method, path, accept, body, extraHeaders, (status) => {
    // A late answer to a call made before a new login must not end the new session.
    if (isSessionExpiry(status, path) && getSession().token === token) expireSession();
  });
}

/**
 * One JSON call with a bearer token of the caller's choosing (the back office uses the staff
 * member's); `onError` hears the status of an answer outside 200-299 before the ApiError.
 */
export async function sendRequest<T>(
  token: string | null,
  method: string,
  path: string,
  body?: unknown,
  onError?: (status: number) => void,
): Promise<T> {
  const response = await send(token, method, path, 'application/json', body, {}, onError);
  return readJson(response) as Promise<T>;
}

async function send(
  token: string | null,
  method: string,
  path: string,
  accept: string,
  body?: unknown,
  extraHeaders: Record<string, string> = {},
  onError?: (status: number) => void,
): Promise<Response> {
  const headers: Record<string, string> = { ...extraHeaders, Accept: accept };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) {
    const parsed = await readJson(response);
    onError?.(response.status);
    throw new ApiError(response.status, parsed as ApiErrorBody | null);
  }
  return response;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  return text ? safeJson(text) : null;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
