import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** What the built site depends on: its sources, content, static files and build settings. */
const INPUTS = [
  'src/web',
  'src/shared',
  'content',
  'public',
  'react-router.config.ts',
  'vite.config.ts',
  'package-lock.json',
];
/** Environment variables read at build time (vite.config.ts, src/web/lib/site-config.server.ts). */
const BUILD_ENV = ['BRAND', 'PUBLIC_URL', 'GTM_ID', 'MARKETING_SCRIPT_URL'];
export const BUILD_STAMP = path.resolve('build/.source-hash');

function* files(entry: string): Generator<string> {
  if (!fs.existsSync(entry)) return;
  const stat = fs.statSync(entry);
  if (stat.isFile()) {
    yield entry;
    return;
  }
  for (const name of fs.readdirSync(entry).sort()) yield* files(path.join(entry, name));
}

/** A hash of every input file's path and contents, plus the build-time configuration. */
export function sourceHash(): string {
  const hash = createHash('sha256');
  for (const name of BUILD_ENV) hash.update(`${name}=${process.env[name] ?? ''}\n`);
  for (const input of INPUTS) {
    for (const file of files(input)) {
      hash.update(file);
      hash.update(fs.readFileSync(file));
    }
  }
  return hash.digest('hex');
}

const LOCK = path.resolve('.build-lock');
const LOCK_WAIT_MS = 5 * 60_000;

/** One build at a time on this machine: a second `npm start` or test run waits for the first. */
async function withBuildLock(fn: () => void): Promise<void> {
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      fs.mkdirSync(LOCK);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const held = fs.statSync(LOCK, { throwIfNoEntry: false });
      // A lock older than the longest build was left by a process that died: take it over.
      if (held && Date.now() - held.mtimeMs > LOCK_WAIT_MS)
        fs.rmSync(LOCK, { recursive: true, force: true });
      else if (Date.now() > deadline) throw new Error(`another build holds ${LOCK}`);
      else await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  try {
    fn();
  } finally {
    fs.rmSync(LOCK, { recursive: true, force: true });
  }
}

/**
 * Runs `npm run build` (scripts/build.ts, which writes the stamp) when build/ is missing or was
 * built from other sources.
 */
export async function ensureWebBuild(): Promise<void> {
  await withBuildLock(buildIfStale);
}

function buildIfStale() {
  const current = sourceHash();
  const built = fs.existsSync(BUILD_STAMP) ? fs.readFileSync(BUILD_STAMP, 'utf8').trim() : null;
  if (built === current && fs.existsSync('build/client')) return;
  console.log(built ? 'The site changed since the last build: building…' : 'Building the site…');
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('npm run build failed');
}

const COMPRESSIBLE = /\.(js|css|svg|json)$/;

/**
 * Writes a brotli (`.br`, best quality) and a gzip (`.gz`) copy beside each compressible file of
 * the build's hashed assets, once at build time; the server sends those as they are
 * (@fastify/static `preCompressed`) instead of compressing the same file on every request.
 */
export function precompressAssets(assetsDir: string): void {
  for (const name of fs.readdirSync(assetsDir)) {
    if (!COMPRESSIBLE.test(name)) continue;
    const file = path.join(assetsDir, name);
    const data = fs.readFileSync(file);
    if (data.length < 1024) continue;
    const brotli = zlib.brotliCompressSync(data, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    });
    fs.writeFileSync(`${file}.br`, brotli);
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
  }
}
