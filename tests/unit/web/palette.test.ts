import fs from 'node:fs';
import { describe, expect, test } from 'vitest';
import { palette } from '../../../src/web/palette';
import { BREAKPOINTS } from '../../../src/shared/breakpoints';

const css = (file: string) => fs.readFileSync(`src/web/styles/${file}`, 'utf8');
const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

describe('the public pages CSS agrees with the MUI theme of the app screens', () => {
  test('every palette colour is a custom property of base.css with the same value', () => {
    const base = css('base.css');
    for (const [name, value] of Object.entries(palette)) {
      const match = new RegExp(`--color-${kebab(name)}:\\s*([^;]+);`).exec(base);
      expect(match?.[1].trim(), name).toBe(value);
    }
  });

  test('the drawer appears below the md breakpoint (SPEC section 9: 960 px)', () => {
    expect(BREAKPOINTS.md).toBe(960);
    expect(css('layout.css')).toContain(`(max-width: ${BREAKPOINTS.md - 0.05}px)`);
  });
});
