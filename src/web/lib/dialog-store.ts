import { useSyncExternalStore } from 'react';
import type { FieldError } from '../../shared/api/errors';
import { onSessionExpired } from './session';
import { ACCOUNT_MESSAGES } from './account-messages';

/**
 * The account dialogs (docs/requirements.md §2 and §4): Login, Register and Forgotten Password open
 * and close through the flags showLogin, showRegister and showForgottenPassword, each with its
 * options. Opening a dialog already open does nothing; closing one clears its options and its
 * errors; errors.login and errors.register are also cleared when their form is sent.
 *
 * The transitions are pure functions of the state (unit-tested); a small store holds the state.
 */

export type DialogName = 'login' | 'register' | 'forgottenPassword';

export interface LoginOptions {
  /** Shown in the login dialog while there is no error (docs/requirements.md §2). */
  loginMessage?: string;
  /**
   * Keeps the customer on the page after registering from this dialog (e.g. the checkout),
   * instead of going to My Account. Carried to Register and back by the dialogs' links.
   */
  stayOnPage?: boolean;
}

export interface ForgottenPasswordOptions {
  /** Hides Back to Login (docs/requirements.md §2: shown unless the options say otherwise). */
  hideBackToLogin?: boolean;
  /** Prefills the e-mail field. */
  email?: string;
}

export interface RegisterOptions {
  /** After registering, stay on the page instead of going to My Account. */
  stayOnPage?: boolean;
}

export interface DialogOptions {
  login: LoginOptions;
  register: RegisterOptions;
  forgottenPassword: ForgottenPasswordOptions;
}

export interface RegisterErrors {
  /** The server's message, or 'Please correct the errors shown in the form below.'. */
  message: string;
  /** The server's field errors, shown under their fields. */
  fields: FieldError[];
}

export interface DialogState {
  showLogin: boolean;
  showRegister: boolean;
  showForgottenPassword: boolean;
  options: DialogOptions;
  errors: { login: string | null; register: RegisterErrors | null };
}

/**
 * The dialogs' element ids. The account dialogs are in every customer page's HTML, closed, and
 * their buttons open them with no script (commandFor), so a press is answered before the page's
 * code has loaded (docs/decisions/0029).
 */
export const DIALOG_IDS = {
  login: 'login-dialog',
  register: 'register-dialog',
  forgottenPassword: 'forgotten-password-dialog',
} as const satisfies Record<DialogName, string>;

/**
 * The attributes that make a button open (or close) a dialog by itself, the HTML's own Invoker
 * Commands: the browser shows the dialog at once, before or without any script; the dialog then
 * tells the store (components/plain-dialog.tsx `onOpen`).
 */
export function commandFor(
  name: DialogName,
  command: 'show-modal' | 'close' = 'show-modal',
): Record<string, string> {
  return { commandfor: DIALOG_IDS[name], command };
}

const FLAG = {
  login: 'showLogin',
  register: 'showRegister',
  forgottenPassword: 'showForgottenPassword',
} as const satisfies Record<DialogName, keyof DialogState>;

export const INITIAL_DIALOG_STATE: DialogState = {
  showLogin: false,
  showRegister: false,
  showForgottenPassword: false,
  options: { login: {}, register: {}, forgottenPassword: {} },
  errors: { login: null, register: null },
};

export function isOpen(state: DialogState, name: DialogName): boolean {
  return state[FLAG[name]];
}

/** Opens a dialog with its options; a dialog already open is left as it is, options included. */
export function openDialog<Name extends DialogName>(
  state: DialogState,
  name: Name,
  options: DialogOptions[Name] = {} as DialogOptions[Name],
): DialogState {
  if (isOpen(state, name)) return state;
  return { ...state, [FLAG[name]]: true, options: { ...state.options, [name]: { ...options } } };
}

/** Closes a dialog, clearing its options and its form's error. */
export function closeDialog(state: DialogState, name: DialogName): DialogState {
  if (!isOpen(state, name)) return state;
  return clearErrors(
    { ...state, [FLAG[name]]: false, options: { ...state.options, [name]: {} } },
    name,
  );
}

/** Closes one dialog and opens another (Login's links, Back To Login). */
export function switchDialog<To extends DialogName>(
  state: DialogState,
  from: DialogName,
  to: To,
  options?: DialogOptions[To],
): DialogState {
  return openDialog(closeDialog(state, from), to, options);
}

/** Clears the error of a dialog's form (on submit and on close). */
export function clearErrors(state: DialogState, name: DialogName): DialogState {
  if (name === 'login' && state.errors.login !== null) {
    return { ...state, errors: { ...state.errors, login: null } };
  }
  if (name === 'register' && state.errors.register !== null) {
    return { ...state, errors: { ...state.errors, register: null } };
  }
  return state;
}

export function setLoginError(state: DialogState, message: string): DialogState {
  return { ...state, errors: { ...state.errors, login: message } };
}

export function setRegisterErrors(state: DialogState, errors: RegisterErrors): DialogState {
  return { ...state, errors: { ...state.errors, register: errors } };
}

// --- the store ---------------------------------------------------------------------------------

let state = INITIAL_DIALOG_STATE;
const listeners = new Set<() => void>();

function update(change: (current: DialogState) => DialogState) {
  const next = change(state);
  if (next === state) return;
  state = next;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const getDialogState = () => state;

/** The dialogs' state in a component. */
export function useDialogs(): DialogState {
  return useSyncExternalStore(subscribe, getDialogState, () => INITIAL_DIALOG_STATE);
}

export const dialogs = {
  open: <Name extends DialogName>(name: Name, options?: DialogOptions[Name]) =>
    update((s) => openDialog(s, name, options)),
  close: (name: DialogName) => update((s) => closeDialog(s, name)),
  switch: <To extends DialogName>(from: DialogName, to: To, options?: DialogOptions[To]) =>
    update((s) => switchDialog(s, from, to, options)),
  clearErrors: (name: DialogName) => update((s) => clearErrors(s, name)),
  setLoginError: (message: string) => update((s) => setLoginError(s, message)),
  setRegisterErrors: (errors: RegisterErrors) => update((s) => setRegisterErrors(s, errors)),
};

/** Opens the login dialog, e.g. `openLogin({ loginMessage: 'Please login to ...' })`. */
export const openLogin = (options?: LoginOptions) => dialogs.open('login', options);
export const openRegister = (options?: RegisterOptions) => dialogs.open('register', options);

// docs/requirements.md §4: after a 401 outside the auth calls, the login dialog says the session
// expired.
onSessionExpired(() => openLogin({ loginMessage: ACCOUNT_MESSAGES.sessionExpired }));
