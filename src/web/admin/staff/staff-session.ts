import { useSyncExternalStore } from 'react';
import type { UserData } from '../../../shared/api/auth';
import { can, type AbilityAction, type AbilitySubject } from '../../../shared/access';
import { sendDownload, sendRequest } from '../../lib/api-client';
import { readJson, readText, remove, writeJson, writeText } from '../../lib/storage';

/**
 * The back office's session, apart from the customer's (its own localStorage keys): a staff
 * member logged in at /admin/ is not logged in on the site, and a customer's session never
 * reaches a staff call. A 401 on a staff call ends it (the layout then asks to log in again).
 */

const STAFF_STORAGE_KEYS = { token: 'staffAccessToken', user: 'staffUserData' } as const;

export interface StaffSession {
  token: string | null;
  user: UserData | null;
}

const EMPTY: StaffSession = Object.freeze({ token: null, user: null });
let state: StaffSession | null = null;
const listeners = new Set<() => void>();

const isUser = (v: unknown): v is UserData =>
  typeof v === 'object' && v !== null && Array.isArray((v as UserData).Ability);

function load(): StaffSession {
  const token = readText(STAFF_STORAGE_KEYS.token) || null;
  const user = readJson<UserData | null>(STAFF_STORAGE_KEYS.user, null, isUser);
  return token ? { token, user } : EMPTY;
}

function set(next: StaffSession) {
  state = next;
  for (const listener of listeners) listener();
}

const getStaffSession = (): StaffSession => (state ??= load());

function clearStaffSession() {
  remove(STAFF_STORAGE_KEYS.token, STAFF_STORAGE_KEYS.user);
  set(EMPTY);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useStaffSession(): StaffSession {
  return useSyncExternalStore(subscribe, getStaffSession, () => EMPTY);
}

/** Whether the logged-in staff member may do this (the server checks again on every call). */
export function staffCan(user: UserData | null, action: AbilityAction, subject: AbilitySubject) {
  return user !== null && can(user.Ability, action, subject);
}

/** A 401 on a call made with this token (session ended or disabled) logs out here. */
const endOn401 = (token: string | null) => (status: number) => {
  if (status === 401 && getStaffSession().token === token) clearStaffSession();
};

/** A staff call: the staff token, and a 401 logs out here. */
export function staffRequest<T>(method: string, path: string, body?: unknown): Promise<T> {
  const { token } = getStaffSession();
  return sendRequest<T>(token, method, path, body, endOn401(token));
}

/** A file from a staff call (a label's PDF), likewise. */
export function staffDownload(path: string, type: string): Promise<Blob> {
  const { token } = getStaffSession();
  return sendDownload(token, path, type, endOn401(token));
}

/** Stores a new staff token and who it belongs to (GET /public/auth/me). */
async function startStaffSession(token: string): Promise<UserData> {
  const user = await sendRequest<UserData>(token, 'GET', '/public/auth/me');
  writeText(STAFF_STORAGE_KEYS.token, token);
  writeJson(STAFF_STORAGE_KEYS.user, user);
  set({ token, user });
  return user;
}

/** POST /api/admin/auth/login, then the session starts (no token is sent: none is held yet). */
export async function logInStaff(email: string, password: string): Promise<UserData> {
  const body = { email: email.trim(), password };
  return startStaffSession(await sendRequest<string>(null, 'POST', '/api/admin/auth/login', body));
}

/** POST /api/admin/auth/accept-invitation: the invited member's password, and they are logged in. */
export async function acceptInvitation(
  token: string,
  passwords: { Password: string; ConfirmPassword: string },
): Promise<UserData> {
  const body = { token, ...passwords };
  const path = '/api/admin/auth/accept-invitation';
  return startStaffSession(await sendRequest<string>(null, 'POST', path, body));
}

export async function endStaffSession() {
  const { token } = getStaffSession();
  clearStaffSession();
  await sendRequest(token, 'POST', '/public/auth/logout').catch(() => undefined);
}
