import { expect, test } from 'vitest';
import { BREAKPOINTS } from '../../src/shared/breakpoints';

test('breakpoints follow SPEC section 9', () => {
  expect(BREAKPOINTS).toEqual({ xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920 });
});
