import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { waitFor } from './wait';

/**
 * Server processes ("nodes") on one PostgreSQL behind a small round-robin HTTP proxy, as nodes
 * behind a load balancer: the scale-out test (tests/api/scale-out.test.ts) and the mixed bench
 * (bench/mixed.ts) both run them. Each node is `src/server/main.ts` in its own process, with its
 * own data folder (its outbox) and port.
 */

export const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

export interface ServerNode {
  child: ChildProcess;
  port: number;
  /** Its DATA_DIR (the outbox is in it). */
  dir: string;
}

/** Starts a node on `databaseUrl` with `env` added, and waits until /readyz answers. */
export async function startNode(
  databaseUrl: string,
  env: Record<string, string> = {},
  name = 'node',
): Promise<ServerNode> {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `ferrybox-${name}-`));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      SERVE_WEB: 'false',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dir,
      DATABASE_URL: databaseUrl,
      // the proxy is the one client: trust its X-Forwarded-For for the callers' addresses
      TRUST_PROXY: '127.0.0.1',
      ...env,
    },
    stdio: 'ignore',
  });
  const node = { child, port, dir };
  await waitFor(
    async () => (await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null))?.ok,
    { what: `${name} to be ready`, timeoutMs: 60_000 },
  ).catch(async (err: unknown) => {
    await stopNode(node);
    throw err;
  });
  return node;
}

/** SIGTERM, waits for the process to end, removes its data folder. */
export async function stopNode(node: ServerNode): Promise<void> {
  if (node.child.exitCode === null && node.child.signalCode === null) {
    const exited = new Promise((resolve) => node.child.once('exit', resolve));
    node.child.kill('SIGTERM');
    await exited;
  }
  fs.rmSync(node.dir, { recursive: true, force: true });
}

/**
 * `src/server/main.ts` in a process of its own with `env` (its PORT, DATA_DIR and DATABASE_URL
 * kept across restarts: the kill -9 tests start it again on the same data), once /readyz
 * answers. What it printed is kept, to say why it did not start; one that does not start is
 * killed.
 */
export async function startServerProcess(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  await waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`the server did not start:\n${output}`);
      return (await fetch(`http://127.0.0.1:${env.PORT}/readyz`).catch(() => null))?.ok;
    },
    { what: 'the server to be ready', timeoutMs: 60_000 },
  ).catch(async (err: unknown) => {
    if (child.exitCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
    throw new Error(`${(err as Error).message}; it printed:\n${output}`);
  });
  return { child, exited, output: () => output };
}

export interface RoundRobinProxy {
  /** http://127.0.0.1:port of the proxy. */
  base: string;
  /** Requests sent to each upstream, in the order of `ports`. */
  hits: number[];
  close(): Promise<void>;
}

/**
 * An HTTP proxy sending each request to the next of `ports` in turn, with X-Forwarded-For set to
 * `forwardedFor` (one caller's address, as a balancer reports it). Connections to the upstreams
 * are kept alive, as a balancer's are.
 */
export async function roundRobinProxy(
  ports: number[],
  { forwardedFor = '203.0.113.9' } = {},
): Promise<RoundRobinProxy> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const hits = ports.map(() => 0);
  let next = 0;
  const server = http.createServer((req, res) => {
    const i = next++ % ports.length;
    hits[i] += 1;
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: ports[i],
        method: req.method,
        path: req.url,
        headers: { ...req.headers, 'x-forwarded-for': forwardedFor },
        agent,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    hits,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
}
