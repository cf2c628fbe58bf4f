import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { BREAKPOINTS } from '../../../src/shared/breakpoints';
import {
  palette,
  radii,
  tokenProperties,
  tokensCss,
  typeScale,
} from '../../../src/web/design-tokens';
import { theme } from '../../../src/web/admin/kit/theme';

/** The plain stylesheets: the public pages' and the customer site's (the back office uses MUI). */
const STYLESHEETS = [
  ...fs.readdirSync('src/web/styles').map((name) => `src/web/styles/${name}`),
  ...fs
    .readdirSync('src/web/components')
    .filter((name) => name.endsWith('.css'))
    .map((name) => `src/web/components/${name}`),
  // Every stylesheet of the customer site's features (src/web/admin has none: MUI).
  ...fs
    .readdirSync('src/web/features', { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.css'))
    .map((name) => path.join('src/web/features', name)),
];
const css = (file: string) => fs.readFileSync(file, 'utf8');

describe('one source of design tokens for the plain stylesheets and the MUI theme', () => {
  test('no plain stylesheet writes a colour: each uses a token', () => {
    expect(STYLESHEETS.length).toBeGreaterThan(5);
    for (const file of STYLESHEETS) {
      const colours = css(file).match(/#[0-9a-f]{3,8}\b|rgba?\(|hsla?\(/gi) ?? [];
      expect(colours, file).toEqual([]);
    }
  });

  test('every custom property a stylesheet reads is a token or set in the stylesheets', () => {
    const defined = new Set(Object.keys(tokenProperties()));
    const all = STYLESHEETS.map(css).join('\n');
    for (const [, name] of all.matchAll(/^\s*(--[\w-]+):/gm)) defined.add(name);
    defined.add('--rows'); // set on the element (components/form-fields.tsx)
    defined.add('--fact-label-width'); // set on the element (fact-list.tsx)
    const used = new Set([...all.matchAll(/var\((--[\w-]+)/g)].map(([, name]) => name));
    expect([...used].filter((name) => !defined.has(name))).toEqual([]);
  });

  test('the tokens stylesheet holds every colour, and the theme reads the same ones', () => {
    const block = tokensCss();
    for (const value of Object.values(palette)) expect(block).toContain(`: ${value};`);
    expect(block).toContain(`--font-size-h1: ${typeScale.h1.size};`);
    expect(theme.palette.primary.main).toBe(palette.primary);
    expect(theme.palette.primary.dark).toBe(palette.primaryDark);
    expect(theme.palette.secondary.main).toBe(palette.secondary);
    expect(theme.palette.error.main).toBe(palette.error);
    expect(theme.palette.text.primary).toBe(palette.text);
    expect(theme.typography.h1.fontSize).toBe(typeScale.h1.phone);
    expect(theme.shape.borderRadius).toBe(radii.medium);
    expect(theme.spacing(2)).toBe('16px');
  });

  test('the drawer appears below the md breakpoint (docs/requirements.md §9: 960 px)', () => {
    expect(BREAKPOINTS.md).toBe(960);
    expect(css('src/web/styles/layout.css')).toContain(`(max-width: ${BREAKPOINTS.md - 0.05}px)`);
    expect(theme.breakpoints.values).toEqual(BREAKPOINTS);
  });
});
