// `npm run bench`: throughput and latency of the first calls beside a bare Fastify route that
// returns the same JSON (the baseline, in the same run), and the gzipped size of each
// prerendered page's initial JavaScript. Prints a table and writes bench/results.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { loadConfig } from '../src/server/config';
import { ensureWebBuild } from '../src/server/lib/build';
import { start } from '../src/server/start';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 10;

interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  baselineRps?: number;
  ratio?: number;
}

async function measure(url: string, method: 'GET' | 'POST', body?: string) {
  const result = await autocannon({
    url,
    method,
    body,
    headers: body ? { 'content-type': 'application/json' } : {},
    connections: CONNECTIONS,
    duration: DURATION,
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

async function apiRows(): Promise<Row[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ferrybox-bench-'));
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    SERVE_WEB: 'false',
  });
  const running = await start(config);
  const base = `http://127.0.0.1:${(running.app.server.address() as { port: number }).port}`;
  const productsBody = JSON.stringify({ options: { sortBy: 'SortOrder', itemsPerPage: 20 } });
  const settingsJson = await (await fetch(`${base}/public/settings`)).text();
  const productsJson = await (
    await fetch(`${base}/api/products`, {
      method: 'POST',
      body: productsBody,
      headers: { 'content-type': 'application/json' },
    })
  ).text();

  // The baseline: the same JSON from a bare Fastify route, no validation, no database.
  const bare = Fastify();
  bare.get('/settings', (_req, reply) => reply.type('application/json').send(settingsJson));
  bare.post('/products', (_req, reply) => reply.type('application/json').send(productsJson));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareBase = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}`;

  const rows: Row[] = [];
  for (const [name, method, url, bareUrl, body] of [
    ['GET /public/settings', 'GET', `${base}/public/settings`, `${bareBase}/settings`, undefined],
    ['POST /api/products', 'POST', `${base}/api/products`, `${bareBase}/products`, productsBody],
  ] as const) {
    const baseline = await measure(bareUrl, method, body);
    const ours = await measure(url, method, body);
    rows.push({ name, ...ours, baselineRps: baseline.rps, ratio: ours.rps / baseline.rps });
  }
  await bare.close();
  await running.stop();
  fs.rmSync(dir, { recursive: true, force: true });
  return rows;
}

/** Gzipped bytes of the JavaScript a prerendered page loads before it is interactive. */
function initialJs(): { page: string; gzipBytes: number }[] {
  const root = 'build/client';
  const pages: { page: string; gzipBytes: number }[] = [];
  const walk = (dir: string) => {
    for (const name of fs.readdirSync(dir)) {
      const full = path.join(dir, name);
      if (fs.statSync(full).isDirectory()) walk(full);
      else if (name === 'index.html' || name === '__spa-fallback.html') {
        const html = fs.readFileSync(full, 'utf8');
        const scripts = new Set([...html.matchAll(/\/assets\/[\w.-]+\.js/g)].map((m) => m[0]));
        let bytes = 0;
        for (const s of scripts)
          bytes += zlib.gzipSync(fs.readFileSync(path.join(root, s)), { level: 9 }).length;
        const rel = '/' + path.relative(root, full).replace(/index\.html$/, '');
        pages.push({ page: rel, gzipBytes: bytes });
      }
    }
  };
  walk(root);
  return pages.sort((a, b) => a.page.localeCompare(b.page));
}

await ensureWebBuild();
const api = await apiRows();
const js = initialJs();
const results = {
  date: new Date().toISOString(),
  machine: `${os.cpus().length} cores, node ${process.version}`,
  durationSeconds: DURATION,
  connections: CONNECTIONS,
  api,
  initialJs: js,
};
fs.writeFileSync('bench/results.json', JSON.stringify(results, null, 2) + '\n');

console.log(`\nAPI (${DURATION}s each, ${CONNECTIONS} connections, loopback)`);
console.table(
  api.map((r) => ({
    call: r.name,
    'req/s': Math.round(r.rps),
    'p50 ms': r.p50,
    'p99 ms': r.p99,
    'baseline req/s': Math.round(r.baselineRps ?? 0),
    'ratio to baseline': (r.ratio ?? 0).toFixed(2),
  })),
);
console.log('Initial JavaScript per prerendered page (gzipped)');
console.table(js.map((p) => ({ page: p.page, 'KB gz': (p.gzipBytes / 1024).toFixed(1) })));
console.log('Written to bench/results.json');
