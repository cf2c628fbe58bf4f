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
 * The Chromium the browser journeys drive: `CHROMIUM_PATH` when set, else Debian's headless
 * Chromium (`chromium-headless-shell`, the same engine without the desktop browser around it: a
 * quarter less CPU for the same journeys, docs/testing.md), else Debian's /usr/bin/chromium, else
 * Playwright's own when one is installed. Browsers are never downloaded here, so with none of
 * them we stop and say so. The bench measures what a person feels, in the whole browser:
 * `chromiumExecutable('browser')` skips the headless one.
 */
export function chromiumExecutable(kind: 'journeys' | 'browser' = 'journeys'): string {
  const candidates = [
    process.env.CHROMIUM_PATH,
    kind === 'journeys' ? '/usr/bin/chromium-headless-shell' : undefined,
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
