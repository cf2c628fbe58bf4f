import { ApiError } from './api-client';
import { getSession } from './session';

/**
 * The reads of a logged-in customer's screen, for a route's clientLoader (issue 23):
 * nothing is asked without a session (the screen asks to log in instead), and a 401 (the session
 * ended; the API client has already run the expiry flow, SPEC section 4) reads as no session.
 * Any other failure is the caller's. The dashboard layout revalidates its loaders once a session
 * begins, so the same loader then reads with the new token.
 */
export async function withSession<T>(read: () => Promise<T>): Promise<T | null> {
  if (!getSession().token) return null;
  try {
    return await read();
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}
