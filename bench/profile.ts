// `BENCH_ONLY=profile npm run bench`: a CPU profile of each hot answer under load (docs/decisions/
// 0053), written to bench/profiles/<answer>.cpuprofile (open one in Chrome's DevTools, Performance
// tab, or VS Code) with its top functions by self time printed and kept in bench/results.json.
// The server runs in this process and is profiled with the inspector's Profiler (node:inspector);
// autocannon runs in a child process, so its own work is not in the profile.
// `npx tsx bench/profile.ts FILE.cpuprofile…` prints the top functions of profiles already made.
import fs from 'node:fs';
import path from 'node:path';
import { Session } from 'node:inspector/promises';
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { connectionRequests, hotAnswers, type HotAnswer } from './hot-answers';
import { startApi } from './fixtures';
import { measure } from './load';

const PROFILES_DIR = 'bench/profiles';
/** Seconds of load before the profile starts (the code warms up), and profiled. */
const WARM_SECONDS = 1;
const PROFILED_SECONDS = Number(process.env.PROFILE_SECONDS ?? 4);
/** Microseconds between samples: Node's default; a few seconds make a file of a few hundred KB. */
const SAMPLING_US = 1000;

interface LoadJob {
  url: string;
  answer: HotAnswer;
  seconds: number;
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

export interface ProfileRow {
  call: string;
  file: string;
  rps: number;
  p99: number;
  /**
   * The server's CPU time a request (all its threads, user and system, over the profiled seconds):
   * unlike requests a second, hardly moved by other work on the machine, so a fix shows in it.
   */
  cpuMsPerRequest: number;
  /** The functions with the most self time, as a share of the profile's samples. */
  top: { fn: string; where: string; selfPercent: number }[];
  /** Self time by where the code lives: our source, each package, Node, idle and GC. */
  byPlace: { place: string; selfPercent: number }[];
}

/**
 * Load from a child process: autocannon's own JavaScript stays out of the server's profile (and
 * autocannon answers differently inside a worker thread, where it runs its own workers).
 */
type Load = Awaited<ReturnType<typeof measure>>;

function loadElsewhere(job: LoadJob): Promise<Load> {
  const child = fork(fileURLToPath(import.meta.url), [], {
    env: { ...process.env, PROFILE_LOAD: JSON.stringify(job) },
  });
  return new Promise((resolve, reject) => {
    child.once('message', (m) => resolve(m as Load));
    child.once('error', reject);
    child.once('exit', (code) => code && reject(new Error(`the load ended with ${code}`)));
  });
}

if (process.env.PROFILE_LOAD && process.send) {
  const { url, answer, seconds } = JSON.parse(process.env.PROFILE_LOAD) as LoadJob;
  const { method, headers, body } = answer.request;
  const perConnection = connectionRequests(answer);
  process.send(
    await measure(url, method, body, {
      headers,
      uniqueKey: answer.uniqueKey,
      perConnection,
      seconds,
    }),
  );
  process.exit(0);
}

/** Where a frame's code lives: `src/…` (ours), a package's name, `node:` or the runtime's own. */
function placeOf(url: string, fn: string): string {
  if (!url) return fn.startsWith('(') ? fn : '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  if (url.startsWith('node:')) return 'node';
  const ours = /\/(src\/[^?]+|bench\/[^?]+)/.exec(url);
  return ours ? ours[1].split('/').slice(0, 3).join('/') : url;
}

/** The profile's self time by function and by place, heaviest first. */
export function summarise(profile: CpuProfile, topN = 15) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const counts = new Map<number, number>();
  for (const id of profile.samples) counts.set(id, (counts.get(id) ?? 0) + 1);
  const total = profile.samples.length || 1;
  const fns = new Map<string, { fn: string; where: string; n: number }>();
  const places = new Map<string, number>();
  for (const [id, n] of counts) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const fn = functionName || '(anonymous)';
    const where = url
      ? `${url.replace(/^.*?\/(node_modules|src|bench)\//, '$1/')}:${lineNumber + 1}`
      : '';
    const key = `${fn} ${where}`;
    fns.set(key, { fn, where, n: (fns.get(key)?.n ?? 0) + n });
    const place = placeOf(url, fn);
    places.set(place, (places.get(place) ?? 0) + n);
  }
  const percent = (n: number) => Math.round((n / total) * 1000) / 10;
  return {
    top: [...fns.values()]
      .sort((a, b) => b.n - a.n)
      .slice(0, topN)
      .map(({ fn, where, n }) => ({ fn, where, selfPercent: percent(n) })),
    byPlace: [...places.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, topN)
      .map(([place, n]) => ({ place, selfPercent: percent(n) })),
  };
}

const fileNameOf = (call: string) =>
  call
    .toLowerCase()
    .replace(/[{}()]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** Each hot answer driven alone for a few seconds while the server's CPU is profiled. */
export async function profileRows(): Promise<ProfileRow[]> {
  const { running, base, stop } = await startApi();
  const session = new Session();
  session.connect();
  try {
    const answers = await hotAnswers(running, base);
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: SAMPLING_US });
    fs.mkdirSync(PROFILES_DIR, { recursive: true });
    const rows: ProfileRow[] = [];
    for (const answer of answers) {
      const url = `${base}${answer.request.url}`;
      await loadElsewhere({ url, answer, seconds: WARM_SECONDS });
      await session.post('Profiler.start');
      const cpu = process.cpuUsage();
      const load = await loadElsewhere({ url, answer, seconds: PROFILED_SECONDS });
      const used = process.cpuUsage(cpu);
      const { profile } = (await session.post('Profiler.stop')) as { profile: CpuProfile };
      const cpuMsPerRequest = (used.user + used.system) / 1000 / load.requests;
      const file = path.join(PROFILES_DIR, `${fileNameOf(answer.call)}.cpuprofile`);
      fs.writeFileSync(file, JSON.stringify(profile));
      rows.push({
        call: answer.call,
        file,
        rps: load.rps,
        p99: load.p99,
        cpuMsPerRequest: Math.round(cpuMsPerRequest * 1000) / 1000,
        ...summarise(profile),
      });
    }
    return rows;
  } finally {
    session.disconnect();
    await stop();
  }
}

export function printProfiles(
  rows: (Pick<ProfileRow, 'call' | 'top' | 'byPlace'> & Partial<ProfileRow>)[],
) {
  for (const row of rows) {
    const cost = row.cpuMsPerRequest ? ` (${row.cpuMsPerRequest} ms of CPU a request)` : '';
    console.log(`\n${row.call}${cost}: self time by place, then the top functions`);
    console.table(row.byPlace.slice(0, 8));
    console.table(row.top);
  }
}

// Given files: their summaries.
if (
  !process.env.PROFILE_LOAD &&
  import.meta.url === `file://${path.resolve(process.argv[1] ?? '')}`
) {
  printProfiles(
    process.argv.slice(2).map((file) => ({
      call: file,
      ...summarise(JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile),
    })),
  );
}
