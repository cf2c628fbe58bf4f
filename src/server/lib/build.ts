import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

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
  hash.update(`BRAND=${process.env.BRAND ?? ''}\n`);
  for (const input of INPUTS) {
    for (const file of files(input)) {
      hash.update(file);
      hash.update(fs.readFileSync(file));
    }
  }
  return hash.digest('hex');
}

/** Runs `npm run build` (scripts/build.ts, which writes the stamp) when build/ is missing or was built from other sources. */
export async function ensureWebBuild(): Promise<void> {
  const current = sourceHash();
  const built = fs.existsSync(BUILD_STAMP) ? fs.readFileSync(BUILD_STAMP, 'utf8').trim() : null;
  if (built === current && fs.existsSync('build/client')) return;
  console.log(built ? 'The site changed since the last build: building…' : 'Building the site…');
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('npm run build failed');
}
