import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserData } from '../../../src/shared/api/auth';
import { stubBrowserWindow } from '../../support/browser-window';

const { localStorage, window, stub: stubWindow, otherTab } = stubBrowserWindow();

const session = await import('../../../src/web/lib/session');
const { apiRequest, ApiError } = await import('../../../src/web/lib/api-client');
const dialogStore = await import('../../../src/web/lib/dialog-store');
const { clearCustomerData } = await import('../../../src/web/features/account/session-actions');

const USER: UserData = {
  Id: 1,
  FullName: 'Ada Le Sueur',
  FirstName: 'Ada',
  LastName: 'Le Sueur',
  Email: 'ada@example.je',
  EmailValidated: false,
  Reference: 'FB7KXM3X',
  Role: 'customer',
  ShippingAddress: ['Ada Le Sueur', 'Ferrybox UK Depot', 'Unit 7 (FB7KXM3X), Quartremaine Road'],
  Ability: [{ action: 'manage', subject: 'Order' }],
};

const EXPIRED = 'Your session has expired, please login to continue.';

function answer(status: number, body: unknown = null) {
  const fetch = vi.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response(body === null ? null : JSON.stringify(body), { status }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function logIn() {
  session.setAccessToken('token-1');
  session.setUser(USER);
}

beforeEach(() => {
  localStorage.clear();
  session.clearSession();
  dialogStore.dialogs.close('login');
});
afterEach(() => {
  vi.unstubAllGlobals();
  stubWindow();
});

describe('the session expiry rule (docs/requirements.md §4)', () => {
  it('is a 401 on a call whose address does not contain the auth path', () => {
    expect(session.isSessionExpiry(401, '/public/members')).toBe(true);
    expect(session.isSessionExpiry(401, '/public/orders/invoices/3')).toBe(true);
    expect(session.isSessionExpiry(401, '/api/products')).toBe(true);
    expect(session.isSessionExpiry(401, '/public/auth/login')).toBe(false);
    expect(session.isSessionExpiry(401, '/public/auth/me')).toBe(false);
    expect(session.isSessionExpiry(403, '/public/members')).toBe(false);
    expect(session.isSessionExpiry(500, '/public/members')).toBe(false);
    expect(session.isSessionExpiry(200, '/public/members')).toBe(false);
  });
});

describe('the session store (docs/requirements.md §3 keys)', () => {
  it('keeps the token, the user data and the abilities under accessToken, userData, userAbility', () => {
    logIn();
    expect(localStorage.getItem('accessToken')).toBe('token-1');
    expect(JSON.parse(localStorage.getItem('userData')!)).toEqual(USER);
    expect(JSON.parse(localStorage.getItem('userAbility')!)).toEqual(USER.Ability);
    expect(session.getSession()).toEqual({ token: 'token-1', user: USER, ability: USER.Ability });
  });

  it('tells its listeners of the user data only when it differs from the stored copy', () => {
    logIn();
    const heard = vi.fn();
    const stop = session.subscribeSession(heard);
    session.setUser({ ...USER });
    expect(heard).not.toHaveBeenCalled();
    session.setUser({ ...USER, EmailValidated: true });
    expect(heard).toHaveBeenCalledTimes(1);
    expect(session.getSession().user?.EmailValidated).toBe(true);
    expect(JSON.parse(localStorage.getItem('userData')!).EmailValidated).toBe(true);
    stop();
  });

  it('follows another tab logging out', () => {
    logIn();
    localStorage.clear();
    otherTab('accessToken');
    expect(session.getSession()).toEqual({ token: null, user: null, ability: [] });
  });
});

describe('the API client', () => {
  it('sends the stored token as a bearer token, and none when logged out', async () => {
    const fetch = answer(200, { ok: true });
    await apiRequest('GET', '/public/members');
    expect(new Headers(fetch.mock.calls[0][1]?.headers).get('Authorization')).toBeNull();
    logIn();
    await apiRequest('GET', '/public/members');
    expect(new Headers(fetch.mock.calls[1][1]?.headers).get('Authorization')).toBe(
      'Bearer token-1',
    );
  });

  it('on a 401 outside the auth calls: clears the session and opens the login dialog', async () => {
    logIn();
    answer(401, { statusCode: 401, message: 'Please log in.' });
    await expect(apiRequest('GET', '/public/members')).rejects.toBeInstanceOf(ApiError);
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('userData')).toBeNull();
    expect(localStorage.getItem('userAbility')).toBeNull();
    expect(session.getSession()).toEqual({ token: null, user: null, ability: [] });
    const dialogs = dialogStore.getDialogState();
    expect(dialogs.showLogin).toBe(true);
    expect(dialogs.options.login.loginMessage).toBe(EXPIRED);
  });

  it('on a 401 of an auth call: nothing more than the error', async () => {
    logIn();
    answer(401, { statusCode: 401, message: 'Email or password is incorrect.' });
    await expect(apiRequest('POST', '/public/auth/login', {})).rejects.toMatchObject({
      status: 401,
      message: 'Email or password is incorrect.',
    });
    expect(session.getSession().token).toBe('token-1');
    expect(localStorage.getItem('userData')).not.toBeNull();
    expect(dialogStore.getDialogState().showLogin).toBe(false);
  });

  it('a late 401 for a token already replaced by a new login leaves the new session alone', async () => {
    logIn();
    let release: (r: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (release = resolve))),
    );
    const call = apiRequest('GET', '/public/members');
    session.setAccessToken('token-2');
    release(new Response(null, { status: 401 }));
    await expect(call).rejects.toBeInstanceOf(ApiError);
    expect(session.getSession().token).toBe('token-2');
    expect(dialogStore.getDialogState().showLogin).toBe(false);
  });

  it('while the login dialog is open already, an expiry leaves it as it is', async () => {
    dialogStore.openLogin({ loginMessage: 'Please login to see your account.' });
    answer(401);
    await expect(apiRequest('GET', '/public/members')).rejects.toBeInstanceOf(ApiError);
    expect(dialogStore.getDialogState().options.login.loginMessage).toBe(
      'Please login to see your account.',
    );
  });
});

describe('logging out (docs/requirements.md §4)', () => {
  it('clears the user, token, basket, stored orders, checkout data and chosen addresses', () => {
    logIn();
    const kept = { cookieConsent: 'yes' };
    localStorage.setItem('cookieConsent', kept.cookieConsent);
    localStorage.setItem('BASKET', '[1,2]');
    localStorage.setItem('ORDER-INDEX', '[1,2]');
    localStorage.setItem('ORDER-1', '{"Id":1}');
    localStorage.setItem('ORDER-2', '{"Id":2}');
    localStorage.setItem('ORDER-9', '{"Id":9}'); // lost from the index
    for (const key of [
      'DISCOUNT',
      'DELIVERY',
      'BILLING',
      'PAYMENT',
      'CHECKOUT-REF',
      'CHECKOUT-ORDER',
    ])
      localStorage.setItem(key, '"x"');
    const events: (string | null)[] = [];
    const listen = (event: Event) => events.push((event as StorageEvent).key);
    window.addEventListener('storage', listen);
    vi.stubGlobal(
      'StorageEvent',
      class extends Event {
        key: string | null;
        constructor(type: string, init: { key: string | null }) {
          super(type);
          this.key = init.key;
        }
      },
    );
    clearCustomerData();
    window.removeEventListener('storage', listen);
    expect(events).toEqual([null]); // the other stores (basket, orders) read storage again
    expect(localStorage.length).toBe(1);
    expect(localStorage.getItem('cookieConsent')).toBe('yes');
    expect(session.getSession()).toEqual({ token: null, user: null, ability: [] });
  });
});
