import { useEffect } from 'react';
import { useRevalidator } from 'react-router';
import type { FieldError } from '../../shared/api/errors';
import { ApiError } from './api-client';
import { getSession, useSession } from './session';

/**
 * The customer screens read their data in their route's `clientLoader` and change it in its
 * `clientAction` (React Router revalidates the loaders after an action), with the API functions of
 * `features/*\/api` and the session's token. A loader returns the token it read with
 * (`sessionToken()`): null when nobody is logged in, so that nothing is asked (the dashboard asks
 * to log in instead).
 */
export const sessionToken = () => getSession().token;

/**
 * Runs the loaders again when the session is no longer the one the screen's data was read for:
 * a log-in on the page (the data was read logged out), another customer's log-in in another tab.
 */
export function useDataForSession(readFor: string | null) {
  const { token } = useSession();
  const { revalidate } = useRevalidator();
  useEffect(() => {
    // The stored session, not the hook's value: hydration first renders it logged out.
    if (getSession().token !== readFor) void revalidate();
  }, [token, readFor, revalidate]);
}

/**
 * What an action answers when its call failed: the status (0 when the server did not answer),
 * the server's message and its field errors (SPEC section 8). Each screen decides what it shows.
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
