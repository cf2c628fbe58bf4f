// `npm test`: unit and API tests (Vitest, against PGlite or DATABASE_URL's PostgreSQL), then the
// browser journeys (Playwright in Chromium, against the built site). Prints one closing line
// with the totals of both.
import { spawn, spawnSync } from 'node:child_process';
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

// E2E=off runs the unit and API tests alone: CI's second run, on PostgreSQL (.ci/run), which runs
// beside the first: each run's results have a file of their own.
const journeys = process.env.E2E !== 'off';
const vitestJson = `${out}/vitest${process.env.DATABASE_URL ? '-postgres' : ''}.json`;
fs.rmSync(vitestJson, { force: true });
if (journeys) fs.rmSync(`${out}/playwright.json`, { force: true });
// The journeys' site is built while the unit and API tests run (they do not read it), in the CPU
// they leave idle, rather than after them; its output is shown if it fails.
const buildLog = `${out}/build.log`;
const build = journeys
  ? new Promise((resolve) => {
      const log = fs.openSync(buildLog, 'w');
      spawn('npx', ['tsx', 'scripts/ensure-build.ts'], { stdio: ['ignore', log, log] }).on(
        'exit',
        (code) => resolve(code ?? 1),
      );
    })
  : Promise.resolve(0);
// UNIT=off runs the API tests alone (CI's second run, on PostgreSQL: the unit tests read no
// database and ran in the first).
const projects = process.env.UNIT === 'off' ? ['--project', 'api'] : [];
const unit = run('npx', [
  'vitest',
  'run',
  ...projects,
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
]);
const built = await build;
if (built !== 0) console.error(`Building the site failed:\n${fs.readFileSync(buildLog, 'utf8')}`);
const e2e = !journeys
  ? 0
  : built !== 0
    ? 1
    : run('npx', ['playwright', 'test', '--reporter=list,json'], {
        PLAYWRIGHT_JSON_OUTPUT_NAME: `${out}/playwright.json`,
      });

const v = read(vitestJson);
const p = journeys ? read(`${out}/playwright.json`) : null;
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
