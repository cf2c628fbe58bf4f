// The server the browser tests run against: the real product on a fresh database (a temporary
// PGlite folder, or a new PostgreSQL database when DATABASE_URL is set), removed afterwards.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { loadConfig } from '../../../src/server/config';
import { ensureWebBuild } from '../../../src/server/lib/build';
import { start, stopOnSignals } from '../../../src/server/start';

async function admin(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

await ensureWebBuild();
const env: Record<string, string | undefined> = {
  ...process.env,
  NODE_ENV: 'test',
  LOG_LEVEL: 'warn',
  HOST: '127.0.0.1',
};
let cleanup: () => Promise<void>;
if (process.env.DATABASE_URL) {
  const base = process.env.DATABASE_URL;
  const name = `ferrybox_e2e_${randomBytes(4).toString('hex')}`;
  await admin(base, `create database "${name}"`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
  cleanup = () => admin(base, `drop database if exists "${name}" with (force)`);
} else {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ferrybox-e2e-'));
  env.DATA_DIR = dir;
  cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
}
const config = loadConfig(env);
const running = await start(config);
stopOnSignals(config, running.app.log, async () => {
  await running.stop();
  await cleanup();
});
