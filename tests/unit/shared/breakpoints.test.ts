import { expect, test } from 'vitest';
import { BREAKPOINTS, MOBILE_BREAKPOINT } from '../../../src/shared/breakpoints';

test('breakpoints follow docs/requirements.md §9', () => {
  expect(BREAKPOINTS).toEqual({ xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920 });
});

test('the mobile layout starts below 1264 px (docs/requirements.md §9)', () => {
  expect(MOBILE_BREAKPOINT).toBe(1264);
});
