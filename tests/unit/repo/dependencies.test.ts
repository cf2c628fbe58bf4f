import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, test } from 'vitest';

const run = promisify(execFile);

// The rules of the house (.dependency-cruiser.cjs, issue 29): no import circles, src/shared
// imports neither side, web and server do not import each other, and the customer site imports
// neither the back office's kit (MUI, emotion, TanStack Query) nor its files.
describe('the import graph', () => {
  test('breaks none of the rules in .dependency-cruiser.cjs', async () => {
    const answer = await run(
      process.execPath,
      [
        'node_modules/dependency-cruiser/bin/dependency-cruise.mjs',
        'src',
        '--config',
        '.dependency-cruiser.cjs',
        '--output-type',
        'err',
      ],
      { maxBuffer: 16 * 1024 * 1024 },
    ).catch((error: { stdout: string; stderr: string }) => error);
    expect(`${answer.stdout}${answer.stderr}`).toMatch(/no dependency violations found/);
  }, 120_000);
});
