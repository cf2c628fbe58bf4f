import { describe, expect, it } from 'vitest';
import {
  clearErrors,
  closeDialog,
  INITIAL_DIALOG_STATE,
  isOpen,
  openDialog,
  setLoginError,
  setRegisterErrors,
  switchDialog,
  type DialogName,
} from '../../../src/web/lib/dialog-store';

const NAMES: DialogName[] = ['login', 'register', 'forgottenPassword'];

describe('account dialogs (docs/requirements.md §2 and §4)', () => {
  it('start closed, without options or errors', () => {
    for (const name of NAMES) expect(isOpen(INITIAL_DIALOG_STATE, name)).toBe(false);
    expect(INITIAL_DIALOG_STATE).toMatchObject({
      showLogin: false,
      showRegister: false,
      showForgottenPassword: false,
      options: { login: {}, register: {}, forgottenPassword: {} },
      errors: { login: null, register: null },
    });
  });

  it('open through their flags, with their options', () => {
    const state = openDialog(INITIAL_DIALOG_STATE, 'login', { loginMessage: 'Hello' });
    expect(state.showLogin).toBe(true);
    expect(state.showRegister).toBe(false);
    expect(state.options.login).toEqual({ loginMessage: 'Hello' });
    const forgotten = openDialog(INITIAL_DIALOG_STATE, 'forgottenPassword', {
      hideBackToLogin: true,
    });
    expect(forgotten.showForgottenPassword).toBe(true);
    expect(forgotten.options.forgottenPassword).toEqual({ hideBackToLogin: true });
  });

  it('opening a dialog already open does nothing: its options stay', () => {
    const open = openDialog(INITIAL_DIALOG_STATE, 'login', { loginMessage: 'first' });
    const again = openDialog(open, 'login', { loginMessage: 'second' });
    expect(again).toBe(open);
    expect(again.options.login.loginMessage).toBe('first');
  });

  it('closing clears the options, and closing a closed dialog does nothing', () => {
    const open = openDialog(INITIAL_DIALOG_STATE, 'login', { loginMessage: 'Hello' });
    const closed = closeDialog(open, 'login');
    expect(closed.showLogin).toBe(false);
    expect(closed.options.login).toEqual({});
    expect(closeDialog(closed, 'login')).toBe(closed);
  });

  it('closing clears the dialog’s own error only', () => {
    let state = openDialog(INITIAL_DIALOG_STATE, 'login');
    state = openDialog(state, 'register');
    state = setLoginError(state, 'Email or password is incorrect.');
    state = setRegisterErrors(state, { message: 'Bad', fields: [{ field: 'Email', error: 'x' }] });
    const loginClosed = closeDialog(state, 'login');
    expect(loginClosed.errors).toEqual({ login: null, register: state.errors.register });
    const registerClosed = closeDialog(loginClosed, 'register');
    expect(registerClosed.errors).toEqual({ login: null, register: null });
  });

  it('errors are cleared on submit (clearErrors), per form', () => {
    const state = setRegisterErrors(setLoginError(INITIAL_DIALOG_STATE, 'wrong'), {
      message: 'Bad',
      fields: [],
    });
    expect(clearErrors(state, 'login').errors).toEqual({
      login: null,
      register: { message: 'Bad', fields: [] },
    });
    expect(clearErrors(state, 'register').errors).toEqual({ login: 'wrong', register: null });
    expect(clearErrors(INITIAL_DIALOG_STATE, 'login')).toBe(INITIAL_DIALOG_STATE);
    expect(clearErrors(state, 'forgottenPassword')).toBe(state);
  });

  it('the cross-links close one dialog and open the other', () => {
    const login = setLoginError(
      openDialog(INITIAL_DIALOG_STATE, 'login', { loginMessage: 'm' }),
      'wrong',
    );
    const toRegister = switchDialog(login, 'login', 'register');
    expect(toRegister).toMatchObject({ showLogin: false, showRegister: true });
    expect(toRegister.options.login).toEqual({});
    expect(toRegister.errors.login).toBeNull();

    const toForgotten = switchDialog(login, 'login', 'forgottenPassword', { email: 'a@b.je' });
    expect(toForgotten).toMatchObject({ showLogin: false, showForgottenPassword: true });
    expect(toForgotten.options.forgottenPassword).toEqual({ email: 'a@b.je' });

    const back = switchDialog(toForgotten, 'forgottenPassword', 'login');
    expect(back).toMatchObject({ showLogin: true, showForgottenPassword: false });
    expect(back.options).toEqual({ login: {}, register: {}, forgottenPassword: {} });
  });

  it('never changes the state it is given', () => {
    const before = JSON.stringify(INITIAL_DIALOG_STATE);
    const open = openDialog(INITIAL_DIALOG_STATE, 'register');
    closeDialog(setRegisterErrors(open, { message: 'm', fields: [] }), 'register');
    expect(JSON.stringify(INITIAL_DIALOG_STATE)).toBe(before);
  });
});
