import { useSyncExternalStore } from 'react';
import type { AbilityRule, UserData } from '../../shared/api/auth';
import { readJson, readText, remove, STORAGE_KEYS, writeJson, writeText } from './storage';

/**
 * Who is logged in: the access token, the user data and the abilities, kept in memory and under
 * the localStorage keys of docs/requirements.md §3 (accessToken, userData, userAbility).
 */
export interface Session {
  token: string | null;
  user: UserData | null;
  ability: AbilityRule[];
  /**
   * A token is stored but its user data is not yet (a page loaded before the log-in's
   * GET /public/auth/me answered): the user is being read back. Neither logged in nor out.
   */
  restoring?: boolean;
}

/** Where the auth calls live (docs/requirements.md §4: a 401 there is not a session expiry). */
const AUTH_PATH = '/public/auth/';

/**
 * docs/requirements.md §4: a 401 on a call whose address does not contain the auth path means the
 * stored session is no longer valid; a 401 on an auth call (a wrong password, say) does nothing
 * extra.
 */
export function isSessionExpiry(status: number, url: string): boolean {
  return status === 401 && !url.includes(AUTH_PATH);
}

const EMPTY: Session = Object.freeze({ token: null, user: null, ability: [] }) as Session;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isUser = (value: unknown): value is UserData =>
  isObject(value) && typeof value.FullName === 'string' && typeof value.Reference === 'string';
const isAbility = (value: unknown): value is AbilityRule[] =>
  Array.isArray(value) && value.every((rule) => isObject(rule) && typeof rule.action === 'string');

function load(): Session {
  const token = readText(STORAGE_KEYS.accessToken);
  const user = readJson<UserData | null>(STORAGE_KEYS.userData, null, isUser);
  const ability = readJson<AbilityRule[]>(STORAGE_KEYS.userAbility, [], isAbility);
  if (!token && !user) return EMPTY;
  // Logged out is the same snapshot as while hydrating, so React need not render again.
  if (!token && !user && ability.length === 0) return EMPTY;
  return { token: token || null, user, ability };
}

let state: Session | null = null;

const listeners = new Set<() => void>();
const expiryListeners = new Set<() => void>();
/** An expiry nobody heard yet (the account feature loads after the page is interactive). */
let unheardExpiry = false;

function set(next: Session) {
  state = next;
  for (const listener of listeners) listener();
}

/** The current session (read from localStorage the first time). */
export function getSession(): Session {
  if (state) return state;
  state = load();
  if (state.token && !state.user) restoreUser(state.token);
  return state;
}

/**
 * A token without user data (decision 0029: a page loaded right after logging in, before the
 * log-in's GET /public/auth/me answered) reads the user back with one GET /public/auth/me instead
 * of showing the visitor as logged out. A refused token ends the session; another failure keeps the
 * token and shows the visitor as logged out until the next page.
 */
function restoreUser(token: string) {
  if (typeof window === 'undefined') return;
  state = { ...state!, restoring: true };
  // Imported when needed: the API client imports this module.
  import('./api/get-me')
    .then(({ getMe }) => getMe())
    .then(
      (user) => {
        if (getSession().token === token) setUser(user);
      },
      (error: unknown) => {
        if (getSession().token !== token) return;
        if ((error as { status?: number }).status === 401) clearSession();
        else set({ ...getSession(), restoring: false });
      },
    );
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Stores the access token a login, a registration or a profile update answered with. */
export function setAccessToken(token: string): void {
  writeText(STORAGE_KEYS.accessToken, token);
  set({ ...getSession(), token });
}

/**
 * Stores the user data of GET /public/auth/me, and its Ability list as the user's abilities. Data
 * the same as the stored copy (My Account reads it again on every visit) changes nothing, so
 * nothing that shows the session is drawn again.
 */
export function setUser(user: UserData): void {
  const current = getSession();
  if (current.user && JSON.stringify(current.user) === JSON.stringify(user)) return;
  writeJson(STORAGE_KEYS.userData, user);
  writeJson(STORAGE_KEYS.userAbility, user.Ability);
  set({ token: current.token, user, ability: user.Ability });
}

/** Forgets the token, the user data and the abilities, in storage and in memory. */
export function clearSession(): void {
  remove(STORAGE_KEYS.accessToken, STORAGE_KEYS.userData, STORAGE_KEYS.userAbility);
  set(EMPTY);
}

/**
 * The session expiry flow (docs/requirements.md §4): clears the session and tells whoever listens.
 */
export function expireSession(): void {
  clearSession();
  unheardExpiry = expiryListeners.size === 0;
  for (const listener of expiryListeners) listener();
}

/** Called after each session expiry (the account feature opens the login dialog). */
export function onSessionExpired(listener: () => void): () => void {
  expiryListeners.add(listener);
  if (unheardExpiry) {
    unheardExpiry = false;
    listener();
  }
  return () => expiryListeners.delete(listener);
}

// Another tab logging in or out changes localStorage: follow it.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    const keys: (string | null)[] = [
      STORAGE_KEYS.accessToken,
      STORAGE_KEYS.userData,
      STORAGE_KEYS.userAbility,
      null, // localStorage.clear()
    ];
    if (keys.includes(event.key)) set(load());
  });
}

/**
 * The session in a component. Prerendered pages were built with nobody logged in, so hydration
 * renders the logged-out state first and then the stored one (no hydration mismatch).
 */
export function useSession(): Session {
  return useSyncExternalStore(subscribeSession, getSession, () => EMPTY);
}
