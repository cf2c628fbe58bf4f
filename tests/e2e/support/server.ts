// The server the browser tests run against: the real product on a fresh database (a temporary
// PGlite folder, or a new PostgreSQL database when DATABASE_URL is set), removed afterwards.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../../src/server/config';
import { createScratchDatabase } from '../../support/database';
import { ensureWebBuild } from '../../../src/server/lib/build';
import { start, stopOnSignals } from '../../../src/server/start';
import { FIRST_ADMIN, FIRST_DEPOT } from './staff';
import { spawnSync } from 'node:child_process';

await ensureWebBuild();
const env: Record<string, string | undefined> = {
  ...process.env,
  NODE_ENV: 'test',
  LOG_LEVEL: 'warn',
  HOST: '127.0.0.1',
  // every browser test registers its customers from 127.0.0.1: the rate limits are raised (as in
  // the API tests), or the run's later registrations would be refused as one address's flood
  RATE_LIMIT_SCALE: '100',
  // the first back-office admin, made at start (tests/e2e/support/staff.ts logs in with it)
  ADMIN_EMAIL: FIRST_ADMIN.email,
  ADMIN_PASSWORD: FIRST_ADMIN.password,
};
// A fresh data folder (PGlite, outbox) every run, and a fresh PostgreSQL database when asked.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ferrybox-e2e-'));
env.DATA_DIR = dataDir;
const scratch = process.env.DATABASE_URL
  ? await createScratchDatabase(process.env.DATABASE_URL, 'ferrybox_e2e')
  : undefined;
if (scratch) env.DATABASE_URL = scratch.url;
const cleanup = async () => {
  await scratch?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
};
// A depot member made as the README says, with `npm run create-staff` (before the server opens
// the database: the embedded one opens in one process).
const made = spawnSync(
  'npm',
  [
    'run',
    '--silent',
    'create-staff',
    '--',
    '--email',
    FIRST_DEPOT.email,
    '--password',
    FIRST_DEPOT.password,
    '--role',
    'depot',
    '--first-name',
    'Dana',
    '--last-name',
    'Depot',
  ],
  { env: env as NodeJS.ProcessEnv, encoding: 'utf8' },
);
if (made.status !== 0) throw new Error(`create-staff failed: ${made.stderr}${made.stdout}`);
const config = loadConfig(env);
const running = await start(config);
stopOnSignals(config, running.app.log, async () => {
  await running.stop();
  await cleanup();
});
