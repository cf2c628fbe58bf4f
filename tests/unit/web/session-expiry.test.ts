import { describe, expect, it, vi } from 'vitest';
import { stubBrowserWindow } from '../../support/browser-window';

stubBrowserWindow();
// The session module alone: the account dialogs (which listen for expiry) load after the page
// is interactive, so an expiry can come first.
const session = await import('../../../src/web/lib/session');

describe('a session expiry before anyone listens (the dialogs load after hydration)', () => {
  it('is delivered once, to the first listener that registers', () => {
    session.setAccessToken('token-1');
    session.expireSession();
    expect(session.getSession().token).toBeNull();

    const first = vi.fn();
    const second = vi.fn();
    const stopFirst = session.onSessionExpired(first);
    session.onSessionExpired(second);
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).not.toHaveBeenCalled();

    // Heard once: later expiries reach every listener as they happen.
    stopFirst();
    session.expireSession();
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(1);
  });
});
