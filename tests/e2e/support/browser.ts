import fs from 'node:fs';
import { chromium } from 'playwright-core';

/**
 * The flags Chromium runs with, in the browser tests and the bench: as root (no sandbox), without
 * a GPU, and without background traffic (QUIC, sync, component updates).
 */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * The Chromium the browser tests drive: Debian's /usr/bin/chromium, or Playwright's own when
 * one is installed. Browsers are never downloaded here, so with neither we stop and say so.
 */
export function chromiumExecutable(): string {
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/bin/chromium',
    safe(() => chromium.executablePath()),
  ];
  const found = candidates.find((p): p is string => !!p && fs.existsSync(p));
  if (!found) {
    throw new Error(
      "No Chromium found for the browser tests. Install Debian's: `apt-get install -y chromium` " +
        '(or set CHROMIUM_PATH to a Chromium or Chrome binary).',
    );
  }
  return found;
}

function safe(fn: () => string): string | undefined {
  try {
    return fn();
  } catch {
    return undefined;
  }
}
