import fs from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS, chromiumExecutable } from './tests/e2e/support/browser';

const port = Number(process.env.E2E_PORT ?? 3210);

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  // Two tests at once; every worker drives its own Chromium against the one server below.
  // E2E_WORKERS overrides the count. The journeys' tests spread over the workers one by one (the
  // chromium project below), not file by file, so that a long file at the end of the run does not
  // leave one worker alone with it (the waking-up tests alone are over 2 minutes).
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  forbidOnly: true,
  retries: 0,
  reporter: [['list']],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // A failed test keeps its trace: every action with the page's DOM before and after it, the
    // network and the console. Without the screencast: filming every test cost about a quarter
    // of the run's CPU (the browser encoding frames), for the traces of passing tests that are
    // thrown away. E2E_TRACE=off records none (CI, where nobody opens them and a failure is read
    // from its printed error): recording cost a fifth of a run.
    trace:
      process.env.E2E_TRACE === 'off' ? 'off' : { mode: 'retain-on-failure', screenshots: false },
    launchOptions: {
      executablePath: chromiumExecutable(),
      args: CHROMIUM_FLAGS,
    },
  },
  projects: [
    // The journeys: each makes its own customers, staff and orders, so they run side by side.
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'] },
      // Each test makes its own customers, staff and orders: any two may run at once, whatever
      // their file (a file whose tests must keep their order says so: site-deploy, sailings-calendar).
      fullyParallel: true,
      grepInvert: /@alone|@pdf-viewer/,
      // 'alone' runs once these have finished, passed or not (a dependency would skip it when
      // one of these failed; a teardown project runs regardless). Like a dependency, it runs
      // whatever files the command line names: add --no-deps to run just those.
      teardown: 'alone',
    },
    // The browser above is Debian's headless one (tests/e2e/support/browser.ts), which saves a
    // PDF opened in a tab rather than showing it: the journeys that open a PDF in a new tab, as
    // the depot's Print label does, run in the whole browser, which shows it (tagged @pdf-viewer).
    {
      name: 'pdf-viewer',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: { executablePath: chromiumExecutable('browser'), args: CHROMIUM_FLAGS },
      },
      fullyParallel: true,
      grep: /@pdf-viewer/,
    },
    // Tests tagged @alone change what every page shows (the notice banner, a band's price) or
    // count what everybody makes (Today's numbers): they run after the others, one at a time.
    {
      name: 'alone',
      use: { ...devices['Desktop Chrome'] },
      grep: /@alone/,
      workers: 1,
    },
  ],
  webServer: {
    command: 'tsx tests/e2e/support/server.ts',
    url: `http://127.0.0.1:${port}/readyz`,
    env: { PORT: String(port) },
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});

fs.mkdirSync('tests/.artifacts/screenshots', { recursive: true });
