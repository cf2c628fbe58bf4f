import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { paidThroughSite } from '../../support/paid-through-site';
import { newRegistration } from '../../support/registration';
import { waitFor } from '../../support/wait';

// The image and the compose file (docs/decisions/0032). What can be checked without a
// Docker daemon always is: the Dockerfile's stages, user, health check and production setting,
// and that every file either copies or mounts exists. Where a daemon answers, the image is built
// and the compose file run: two nodes behind the proxy serve a registration, log-ins and a paid
// checkout (tests/support/paid-through-site.ts, tried against a local server). Where none
// answers, the run says so in its output (this is not a skipped test: the checks above ran).

const dockerfile = fs.readFileSync('Dockerfile', 'utf8');
/** The Dockerfile's instructions, continuation lines joined, comments left out. */
const instructions = dockerfile
  .replace(/\\\n\s*/g, ' ')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith('#'))
  .map((line) => {
    const [keyword, ...rest] = line.split(/\s+/);
    return { keyword: keyword.toUpperCase(), args: rest.join(' ') };
  });
const stages = instructions.filter((i) => i.keyword === 'FROM');
const finalStage = instructions.slice(instructions.lastIndexOf(stages.at(-1)!));

interface ComposeService {
  image?: string;
  build?: unknown;
  environment?: Record<string, string>;
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
  ports?: string[];
}
const compose = parse(fs.readFileSync('compose.yaml', 'utf8'), { merge: true }) as {
  services: Record<string, ComposeService>;
};

describe('Dockerfile', () => {
  test('builds in stages on Node 24 LTS and runs the built site as a non-root user', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    for (const stage of stages) expect(stage.args).toMatch(/^node:24[-.\w]*( AS \w+)?$/i);
    expect(instructions.some((i) => i.keyword === 'RUN' && i.args === 'npm run build')).toBe(true);
    expect(
      finalStage.some((i) => i.keyword === 'COPY' && /--from=build .*\/app\/build/.test(i.args)),
    ).toBe(true);
    const user = finalStage.filter((i) => i.keyword === 'USER').at(-1);
    expect(user?.args).toBeDefined();
    expect(['root', '0']).not.toContain(user!.args);
    expect(finalStage.find((i) => i.keyword === 'ENV')?.args).toMatch(/NODE_ENV=production/);
  });

  test('is healthy when /readyz answers, and starts the server', () => {
    const check = finalStage.find((i) => i.keyword === 'HEALTHCHECK');
    expect(check?.args).toMatch(/CMD .*\/readyz/);
    expect(finalStage.find((i) => i.keyword === 'CMD')?.args).toContain('src/server/main.ts');
  });

  test('copies only files that exist, and ignores what the build makes', () => {
    for (const copy of instructions.filter((i) => i.keyword === 'COPY')) {
      if (copy.args.includes('--from=')) continue;
      const sources = copy.args
        .split(/\s+/)
        .filter((a) => !a.startsWith('--'))
        .slice(0, -1);
      for (const source of sources) expect(fs.existsSync(source), source).toBe(true);
    }
    const ignored = fs.readFileSync('.dockerignore', 'utf8').split('\n');
    for (const entry of ['node_modules', 'build', 'data']) expect(ignored).toContain(entry);
  });
});

describe('compose.yaml', () => {
  const { services } = compose;

  test('runs two app nodes behind a proxy, with PostgreSQL and a mail catcher', () => {
    const apps = Object.entries(services).filter(([, s]) => s.image === 'ferrybox:local');
    expect(apps.map(([name]) => name)).toEqual(['app1', 'app2']);
    for (const [, app] of apps) {
      const env = app.environment!;
      expect(env.NODE_ENV).toBe('production');
      expect(env.DATABASE_URL).toMatch(/^postgres:\/\/\w+:\w+@postgres:5432\//);
      expect(env.SMTP_URL).toBe('smtp://mail:1025');
      expect(env.TRUST_PROXY).toBe('1');
      expect(app.depends_on?.postgres.condition).toBe('service_healthy');
    }
    expect(services.postgres.image).toMatch(/^postgres:/);
    expect(services.mail.image).toMatch(/mailpit/);
    expect(services.proxy.depends_on).toMatchObject({
      app1: { condition: 'service_healthy' },
      app2: { condition: 'service_healthy' },
    });
  });

  test("the proxy's configuration exists and balances over both nodes' readiness", () => {
    const mounted = services.proxy.volumes!.map((v) => v.split(':')[0]);
    for (const file of mounted) expect(fs.existsSync(path.resolve(file)), file).toBe(true);
    const caddyfile = fs.readFileSync('deploy/Caddyfile', 'utf8');
    expect(caddyfile).toMatch(/reverse_proxy app1:3000 app2:3000/);
    expect(caddyfile).toMatch(/health_uri \/readyz/);
  });
});

const daemon = spawnSync('docker', ['info'], { encoding: 'utf8', timeout: 20_000 });
const docker = daemon.status === 0;

describe('the image, run', () => {
  test(
    docker
      ? 'builds, and two nodes behind the proxy serve a registration, log-ins and a paid checkout'
      : 'NOT RUN HERE: no Docker daemon answers (the checks above ran without one)',
    { timeout: 30 * 60_000 },
    async () => {
      if (!docker) {
        const why = (daemon.stderr || daemon.error?.message || 'docker info failed').trim();
        console.warn(
          `\n[deploy-image] No Docker daemon answers (${why.split('\n')[0]}): the image was not ` +
            'built and compose.yaml was not run. The Dockerfile and compose.yaml were checked ' +
            'without it.\n',
        );
        expect(daemon.status).not.toBe(0);
        return;
      }
      const run = (...args: string[]) => {
        const result = spawnSync('docker', ['compose', ...args], {
          encoding: 'utf8',
          stdio: 'pipe',
          timeout: 25 * 60_000,
        });
        expect(result.status, result.stderr).toBe(0);
      };
      run('up', '--build', '--detach', '--wait');
      try {
        const site = 'http://localhost:8080';
        await waitFor(async () => (await fetch(`${site}/readyz`)).ok, { timeoutMs: 60_000 });
        const body = newRegistration();
        const registered = await fetch(`${site}/public/auth/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        expect(registered.status).toBe(200);
        const token = (await registered.json()) as string;
        // Several log-ins: the proxy spreads them over both nodes, which share the database.
        for (let i = 0; i < 4; i++) {
          const login = await fetch(`${site}/public/auth/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email: body.Email, password: body.Password }),
          });
          expect(login.status).toBe(200);
        }
        // A checkout through the proxy, paid with the sandbox's card: the order then awaits its
        // parcel, whichever node answers each step.
        expect(await paidThroughSite(site, token)).toBeGreaterThan(0);
        // Through the proxy, the metrics are not there.
        expect((await fetch(`${site}/metrics`)).status).toBe(404);
      } finally {
        run('down', '--volumes');
      }
    },
  );
});
