import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { waitFor } from '../support/wait';

// `npm start`'s process: bad configuration stops it with a clear message; SIGTERM stops it
// cleanly. The site is not served here (SERVE_WEB=false) so no build is needed.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ferrybox-proc-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

function run(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      SERVE_WEB: 'false',
      LOG_LEVEL: 'warn',
      DATA_DIR: dir,
      HOST: '127.0.0.1',
      ...env,
    },
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const waitFor = (text: string) =>
    new Promise<void>((resolve, reject) => {
      const check = () => (output.includes(text) ? resolve() : undefined);
      child.stdout.on('data', check);
      child.on('exit', () => reject(new Error(`exited before printing "${text}":\n${output}`)));
      check();
    });
  return { child: child as ChildProcess, exited, waitFor, output: () => output };
}

describe('the server process', () => {
  test('stops with a message naming a bad variable', async () => {
    const proc = run({ PORT: 'eighty' });
    expect(await proc.exited).toBe(78);
    expect(proc.output()).toMatch(/Invalid configuration:\s+PORT:/);
  });

  test('a database it cannot reach is a clear message naming it, not a stack trace', async () => {
    const proc = run({ DATABASE_URL: 'postgres://ferrybox:s3cret@127.0.0.1:1/ferrybox' });
    expect(await proc.exited).toBe(1);
    expect(proc.output()).toContain(
      'Ferrybox cannot reach its database at 127.0.0.1:1/ferrybox (connect ECONNREFUSED 127.0.0.1:1).',
    );
    expect(proc.output()).not.toContain('s3cret');
    expect(proc.output()).not.toMatch(/\n\s+at /);
  });

  test('serves, then shuts down cleanly on SIGTERM', async () => {
    const port = await freePort();
    const proc = run({ PORT: String(port), DATABASE_URL: '' });
    await proc.waitFor('is running at');
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
    expect(ready.status).toBe(200);
    proc.child.kill('SIGTERM');
    expect(await proc.exited).toBe(0);
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
    // the first start makes the embedded database (initdb in WebAssembly): over 30 s on a busy
    // 2-core machine
  }, 60_000);

  test('SIGTERM under load answers every request in flight, then exits 0 in time', async () => {
    const port = await freePort();
    const grace = 8_000;
    const proc = run({
      PORT: String(port),
      DATABASE_URL: '',
      LOG_LEVEL: 'info',
      RATE_LIMIT_SCALE: '100',
      SHUTDOWN_GRACE_MS: String(grace),
      // all 60 wait their turn to be checked: a full line would answer 503 at once (decision 0053)
      PASSWORD_HASH_QUEUE: '60',
    });
    await proc.waitFor('is running at');
    const received = () => proc.output().split('"incoming request"').length - 1;
    const before = received();
    // 60 log-ins at once, each on its own connection (argon2 keeps them busy for a while)
    const answers = Array.from({ length: 60 }, (_, i) =>
      fetch(`http://127.0.0.1:${port}/public/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `load${i}@example.je`, password: 'Not-the-password-1' }),
      }).then(
        (res) => res.status,
        (err: Error) => `${err.name}: ${(err.cause as Error | undefined)?.message ?? err.message}`,
      ),
    );
    await waitFor(() => received() - before >= 60, { what: 'the server to receive 60 requests' });
    const stopped = Date.now();
    proc.child.kill('SIGTERM');
    const statuses = await Promise.all(answers);
    const lost = statuses.filter((s) => s !== 401);
    expect(lost).toEqual([]);
    expect(await proc.exited).toBe(0);
    const took = Date.now() - stopped;
    expect(took).toBeLessThan(grace);
    console.info(`SIGTERM with 60 requests in flight: 0 lost, exit 0 after ${took} ms`);
  }, 60_000);
});
