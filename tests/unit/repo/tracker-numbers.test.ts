import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';

// The code explains itself without the tracker, which is not in the repository
// (docs/decisions/0052): a comment cites the decision record or the section of
// docs/requirements.md it stands for, never an issue's number. The migrations are left as they
// were applied, as the citations test leaves them (tests/unit/repo/citations.test.ts).
const SKIP = new Set(['migrations']);
// A number on the next line of a comment counts too ("issue\n * 14").
const TRACKER = /\bissues?(?:\s|\*|\/\/)*#?\d+/gi;

/** The code: the product, its tests, the benchmarks, the scripts, CI and the tools' settings. */
const FOLDERS = ['src', 'tests', 'bench', 'scripts', '.ci'];
const CODE = /\.(ts|tsx|mts|js|mjs|cjs|css|sh)$/;

function sources(folder: string): string[] {
  return fs
    .readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .map((name) => path.join(folder, name))
    .filter((file) => !file.split(path.sep).some((part) => SKIP.has(part)))
    .filter((file) => fs.statSync(file).isFile());
}

test('no code in the repository cites a tracker number', () => {
  const files = [
    ...sources('src'),
    ...FOLDERS.slice(1).flatMap((folder) =>
      sources(folder).filter((file) => folder === '.ci' || CODE.test(file)),
    ),
    ...fs.readdirSync('.').filter((file) => CODE.test(file)),
  ];
  const cited = files.flatMap((file) =>
    [...fs.readFileSync(file, 'utf8').matchAll(TRACKER)].map((m) => `${file}: ${m[0]}`),
  );
  expect(cited).toEqual([]);
});
