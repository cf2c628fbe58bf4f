// `npm test`: unit and API tests (Vitest, against PGlite or DATABASE_URL's PostgreSQL), then the
// browser journeys (Playwright in Chromium, against the built site). Prints one closing line
// with the totals of both.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const out = 'tests/.artifacts';
fs.mkdirSync(out, { recursive: true });
const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

const read = (file) => {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
};

fs.rmSync(`${out}/vitest.json`, { force: true });
fs.rmSync(`${out}/playwright.json`, { force: true });
// UNIT=off runs the API tests alone (CI's second run, on PostgreSQL: the unit tests read no
// database and ran in the first).
const projects = process.env.UNIT === 'off' ? ['--project', 'api'] : [];
const unit = run('npx', [
  'vitest',
  'run',
  ...projects,
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${out}/vitest.json`,
]);
// E2E=off runs the unit and API tests alone: CI's second run, on PostgreSQL (.ci/run).
const journeys = process.env.E2E !== 'off';
const e2e = journeys
  ? run('npx', ['playwright', 'test', '--reporter=list,json'], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: `${out}/playwright.json`,
    })
  : 0;

const v = read(`${out}/vitest.json`);
const p = read(`${out}/playwright.json`);
const passed = (v?.numPassedTests ?? 0) + (p?.stats?.expected ?? 0);
const failed = (v?.numFailedTests ?? 0) + (p?.stats?.unexpected ?? 0) + (p?.stats?.flaky ?? 0);
const failedRuns = [unit && 'vitest', e2e && 'playwright'].filter(Boolean);
console.log(
  `\n${passed} passed, ${failed} failed${journeys ? '' : ' (browser journeys not run: E2E=off)'}`,
);
if (failedRuns.length) {
  console.error(`failing: ${failedRuns.join(', ')}`);
  process.exit(1);
}
