import fs from 'node:fs';
import { describe, expect, test } from 'vitest';

interface LockEntry {
  version?: string;
  optionalDependencies?: Record<string, string>;
}

const lock = JSON.parse(fs.readFileSync('package-lock.json', 'utf8')) as {
  packages: Record<string, LockEntry>;
};

/** The entry Node would load `name` from when it is required by the package at `from`. */
function resolve(from: string, name: string): LockEntry | undefined {
  let base = from;
  for (;;) {
    const entry = lock.packages[`${base ? `${base}/` : ''}node_modules/${name}`];
    if (entry) return entry;
    if (!base) return undefined;
    const parent = base.lastIndexOf('/node_modules/');
    base = parent < 0 ? '' : base.slice(0, parent);
  }
}

describe('package-lock.json', () => {
  // `npm ci` refuses a lock that lacks another platform's optional package (a Mac's esbuild, an
  // ARM machine's rollup): npm drops them when it rewrites the lock on top of an installed
  // node_modules, or when the registry has no such package for the locked version.
  test("lists every platform's optional packages, each with a version", () => {
    const missing: string[] = [];
    for (const [path, entry] of Object.entries(lock.packages)) {
      for (const name of Object.keys(entry.optionalDependencies ?? {})) {
        if (!resolve(path, name)?.version) missing.push(`${path || '(root)'} -> ${name}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
