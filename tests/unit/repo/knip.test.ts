import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, test } from 'vitest';

const run = promisify(execFile);

// Rules of the house that a machine checks (knip.jsonc): no file nothing
// imports, no export nothing uses, no dependency nothing needs and none used but not listed.
// `npx knip` prints the same report.
describe('the unused code and dependencies', () => {
  test('knip finds none', async () => {
    // The route modules import the route types React Router generates (`./+types/...`): write
    // them first, as `npm run typecheck` does, so that a fresh checkout is read like a built one.
    await run(process.execPath, ['node_modules/@react-router/dev/bin.js', 'typegen']);
    // knip exits with 1 when it finds anything, and prints what it found.
    const report = await run(
      process.execPath,
      ['node_modules/knip/bin/knip.js', '--no-progress', '--treat-config-hints-as-errors'],
      { maxBuffer: 16 * 1024 * 1024 },
    ).then(
      () => '',
      (error: { stdout: string; stderr: string }) => `${error.stdout}${error.stderr}` || 'failed',
    );
    expect(report).toBe('');
  }, 120_000);
});
