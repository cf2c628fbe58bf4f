import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

// Every reference in the repository leads somewhere in it: a path under docs/ names a
// file or folder that exists, and so does a path to a source, test, script or deployment file, a decision number has its record in docs/decisions/, a § of
// docs/requirements.md is one of its sections, and nothing cites the documents the project was
// started from, which are not in the repository (their names are the `outside` patterns below).

const ROOT = process.cwd();
const FOLDERS = ['src', 'tests', 'scripts', 'bench', 'docs', 'content', 'deploy'];
const SKIP = new Set(['node_modules', '.artifacts', 'build', 'migrations']);
const EXTENSIONS = /\.(ts|tsx|js|mjs|cjs|md|css|ya?ml)$/;
const THIS_FILE = path.relative(ROOT, fileURLToPath(import.meta.url));

/** The files a newcomer reads: sources, tests, scripts, docs and the configuration at the root. */
function readFiles(): { file: string; text: string }[] {
  const root = fs
    .readdirSync(ROOT, { withFileTypes: true })
    .filter((entry) => entry.isFile() && EXTENSIONS.test(entry.name))
    .map((entry) => entry.name);
  const nested = FOLDERS.filter((folder) => fs.existsSync(folder)).flatMap((folder) =>
    fs
      .readdirSync(folder, { recursive: true, encoding: 'utf8' })
      .map((name) => path.join(folder, name))
      .filter((file) => !file.split(path.sep).some((part) => SKIP.has(part)))
      .filter((file) => EXTENSIONS.test(file) && fs.statSync(file).isFile()),
  );
  return [...root, ...nested]
    .filter((file) => file !== THIS_FILE)
    .map((file) => ({ file, text: fs.readFileSync(file, 'utf8') }));
}

const files = readFiles();
const records = new Set(
  fs.readdirSync('docs/decisions').flatMap((name) => name.match(/^(\d{4})-.*\.md$/)?.[1] ?? []),
);
const sections = new Set(
  [...fs.readFileSync('docs/requirements.md', 'utf8').matchAll(/^## §(\d+) /gm)].map((m) => m[1]),
);

/** Each match of `pattern` in each file, as `file: what it matched` for a readable failure. */
function find(pattern: RegExp, wrong: (match: RegExpMatchArray, file: string) => boolean) {
  return files.flatMap(({ file, text }) =>
    [...text.matchAll(pattern)].filter((m) => wrong(m, file)).map((m) => `${file}: ${m[0]}`),
  );
}

describe('references inside the repository', () => {
  test('every path under docs/ that a file names exists', () => {
    // `docs/` not preceded by a path character, so `modules/docs/openapi.ts` is not read as one.
    const dangling = find(
      /(?<![\w./-])docs\/[\w./-]*\w/g,
      ([cited]) => !/^docs\/decisions\/\d{4}$/.test(cited) && !fs.existsSync(cited),
    );
    expect(dangling).toEqual([]);
  });

  test('every file under src/, tests/, scripts/, bench/ or deploy/ that a file names exists', () => {
    // A path from the repository's root to a file (with its extension); globs are not read as one.
    const dangling = find(
      /(?<![\w./-])(?:src|tests|scripts|bench|deploy)\/[\w./-]*\.(?:tsx?|m?js|cjs|css|json|md|sh|ya?ml)\b(?![\w*])/g,
      ([cited]) => !fs.existsSync(cited),
    );
    expect(dangling).toEqual([]);
  });

  test('every markdown link in docs/ leads to a file', () => {
    const dangling = find(/\]\(([^)#\s]+)(#[^)]*)?\)/g, ([, target], file) => {
      if (!file.startsWith('docs') || /^[a-z]+:/.test(target!)) return false;
      return !fs.existsSync(path.join(path.dirname(file), target!));
    });
    expect(dangling).toEqual([]);
  });

  test('every decision number cited has its record in docs/decisions/', () => {
    const cited =
      /(?:docs\/decisions\/|[Dd]ecisions? |Supersedes |Superseded by )\d{4}(?:(?:, | and )\d{4})*/g;
    const missing = find(cited, ([text]) =>
      (text.match(/\d{4}/g) ?? []).some((n) => !records.has(n)),
    );
    expect(missing).toEqual([]);
  });

  test('every § of docs/requirements.md cited is one of its sections', () => {
    expect(sections).toEqual(new Set(['1', '2', '3', '4', '5', '6', '7', '8', '9']));
    const cited = /requirements\.md\s+§\d+(?:(?:, | and )§\d+)*/g;
    const missing = find(cited, ([text]) =>
      [...text.matchAll(/§(\d+)/g)].some(([, n]) => !sections.has(n!)),
    );
    expect(missing).toEqual([]);
  });

  test('nothing cites a document that is not in the repository', () => {
    const outside = /\bSPEC\b|SPEC\.md|ARCHITECTURE\.md/g;
    expect(find(outside, () => true)).toEqual([]);
  });
});
