import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest, most of it waiting on server processes they start and kill,
 * begin the run, so that no worker is left with one of them at the end while the other has
 * nothing to do. Vitest orders by the last run's durations when it has them (under
 * node_modules/.vite, which `npm ci` removes) and by file size otherwise, which puts these in the
 * middle or at the end. The rest keep Vitest's order.
 */
const LONGEST = [
  'tests/api/kill-nine.test.ts',
  'tests/api/fuzz-gates.test.ts',
  'tests/api/return-kill-nine.test.ts',
  'tests/api/dispute-kill-nine.test.ts',
  'tests/api/consolidation-kill-nine.test.ts',
  'tests/api/process.test.ts',
  'tests/api/backup-restore.test.ts',
  'tests/api/scale-out.test.ts',
];

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (spec: TestSpecification) => {
      const at = LONGEST.findIndex((file) => spec.moduleId.endsWith(file));
      return at < 0 ? LONGEST.length : at;
    };
    const sorted = await super.sort(files);
    return sorted
      .map((spec, index) => ({ spec, index }))
      .sort((a, b) => rank(a.spec) - rank(b.spec) || a.index - b.index)
      .map(({ spec }) => spec);
  }
}
