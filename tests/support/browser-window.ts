import { vi } from 'vitest';

/** A localStorage of our own: Node has none. */
class MemoryStorage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  key(i: number) {
    return [...this.items.keys()][i] ?? null;
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  clear() {
    this.items.clear();
  }
}

/**
 * Stubs the global `window` with a MemoryStorage and an event target, for browser modules tested
 * in Node; call it before importing them. `stub()` puts the same window back after
 * vi.unstubAllGlobals(), and `otherTab(key)` sends the `storage` event another tab's write would.
 */
export function stubBrowserWindow() {
  const localStorage = new MemoryStorage();
  const events = new EventTarget();
  const window = {
    localStorage,
    addEventListener: events.addEventListener.bind(events),
    removeEventListener: events.removeEventListener.bind(events),
    dispatchEvent: events.dispatchEvent.bind(events),
  };
  const stub = () => vi.stubGlobal('window', window);
  stub();
  return {
    localStorage,
    window,
    stub,
    otherTab: (key: string) => window.dispatchEvent(Object.assign(new Event('storage'), { key })),
  };
}
