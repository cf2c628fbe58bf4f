import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { SITE_VERSION } from '../../../src/shared/site-version';

const read = (file: string) =>
  JSON.parse(readFileSync(new URL(`../../../${file}`, import.meta.url), 'utf8')) as {
    version: string;
  };

test('the site states the requirements’ version, and the package says the same', () => {
  // docs/requirements.md §9, site config: version 0.7.23.
  expect(SITE_VERSION).toBe('0.7.23');
  expect(read('package.json').version).toBe(SITE_VERSION);
  expect(read('package-lock.json').version).toBe(SITE_VERSION);
});
