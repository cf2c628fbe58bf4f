import { useEffect } from 'react';
import { useFetchers, useRevalidator } from 'react-router';
import type { FieldError } from '../../shared/api/errors';
import { ApiError } from './api-client';
import { getSession, useSession } from './session';

// The customer screens read their data in their route's `clientLoader` and change it in its
// `clientAction` (invoked with `useFetcher`; React Router runs the loaders again after an action),
// with the API functions of `features/*/api`, which send the session's token.

/** A screen's data as its loader read it: for which session, and what the server answered. */
export type Loaded<T> =
  | { token: string | null; data: T; failure: null }
  | { token: string | null; data: null; failure: Failure | null };

/** The token a loader reads with: null when nobody is logged in (nothing is asked then). */
export const sessionToken = () => getSession().token;

/**
 * Reads a screen's data for the logged-in customer, with the token it was read for: nothing
 * without a session (`data` and `failure` null: the dashboard asks to log in instead), and the
 * server's refusal as a `failure` the screen shows in its place.
 */
export async function readForSession<T>(read: () => Promise<T>): Promise<Loaded<T>> {
  const token = sessionToken();
  if (!token) return { token, data: null, failure: null };
  try {
    return { token, data: await read(), failure: null };
  } catch (error) {
    return { token, data: null, failure: failureOf(error) };
  }
}

/**
 * A screen's loader data, as long as it was read for the session now open: when the session
 * changes (a log-in on the page after the data was read logged out, another customer's log-in in
 * another tab), the loaders run again, and meanwhile the screen has no data (no customer ever
 * sees another's).
 */
export function useSessionData<T>(loaded: Loaded<T>): Loaded<T> {
  const { token } = useSession();
  // An action that changes the token (a profile update) has the loaders run after it anyway.
  const acting = useFetchers().some((fetcher) => fetcher.state !== 'idle');
  useDataForSession(loaded.token, acting);
  return token === loaded.token || acting ? loaded : { token, data: null, failure: null };
}

/**
 * Runs the loaders again when the session is no longer the one a screen's data was read for
 * (`readFor`): a log-in on the page after the data was read logged out, another customer's
 * log-in in another tab. Not while `paused` (an action in flight revalidates after it anyway).
 */
export function useDataForSession(readFor: string | null, paused = false) {
  const { token } = useSession();
  const { revalidate } = useRevalidator();
  useEffect(() => {
    // The stored session, not the hook's value: hydration first renders it logged out.
    if (!paused && getSession().token !== readFor) void revalidate();
  }, [token, readFor, paused, revalidate]);
}

/**
 * What an action answers when its call failed: the status (0 when the server did not answer),
 * the server's message and its field errors (docs/requirements.md §8). Each screen decides what it
 * shows.
 */
export interface Failure {
  status: number;
  message: string;
  errors: FieldError[];
}

export function failureOf(error: unknown): Failure {
  if (!(error instanceof ApiError)) return { status: 0, message: '', errors: [] };
  return { status: error.status, message: error.message, errors: error.body?.errors ?? [] };
}

/** The server's message for a refusal the customer can act on; `fallback` otherwise. */
export const refusalMessage = (failure: Failure, fallback: string) =>
  failure.status > 0 && failure.status < 500 && failure.status !== 401 ? failure.message : fallback;

/** The server's message for any answer but a 401 (the login dialog says the session expired). */
export const answerMessage = (failure: Failure, fallback: string) =>
  failure.status > 0 && failure.status !== 401 ? failure.message : fallback;

/** What a public page that checks a code (/verify/{code}, /track/{code}) read for it. */
export type PublicCheck<T> = { code: string; data: T } | { code: string; failure: Failure };

/**
 * A public page's loader (no session): reads what the code stands for, asking once more when the
 * server did not answer; an answer (a 404, a 429) is final.
 */
export async function checkPublicCode<T>(
  code: string,
  read: (code: string) => Promise<T>,
): Promise<PublicCheck<T>> {
  for (let attempt = 1; ; attempt++) {
    try {
      return { code, data: await read(code) };
    } catch (error) {
      if (attempt >= 3 || (error instanceof ApiError && error.status < 500)) {
        return { code, failure: failureOf(error) };
      }
    }
  }
}
