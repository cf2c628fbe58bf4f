import { BREAKPOINTS } from '../shared/breakpoints';
import { headerScroll, THEME_COLOUR, WEB_FONT } from './page-tokens';

/**
 * The site's design tokens, the one place each colour and size is written: the MUI theme of the
 * app screens (theme.ts) reads them, and the plain stylesheets of the light pages read them as
 * CSS custom properties (`tokensCss()`, served as `virtual:design-tokens.css` by the build,
 * vite.config.ts). docs/requirements.md §9: the primary colour is a teal. Plain data only: it must
 * pull in nothing. The few tokens every page's own code needs are in page-tokens.ts, which root.tsx
 * imports instead of this module: the whole palette and type scale would otherwise be in the shell
 * every page loads, for one colour.
 *
 * Tints of a token (a hover over teal, a border at a quarter of white) are written in the CSS as
 * `color-mix()` of the token, not as another colour.
 */
export const palette = {
  primary: THEME_COLOUR,
  primaryLight: '#48a999',
  primaryDark: '#004c40',
  onPrimary: '#ffffff',
  secondary: '#f57c00',
  secondaryLight: '#ff9800',
  onSecondary: '#1b1b1b',
  background: '#f7faf9',
  surface: '#ffffff',
  text: 'rgba(0, 0, 0, 0.87)',
  textSecondary: 'rgba(0, 0, 0, 0.65)',
  divider: 'rgba(0, 0, 0, 0.12)',
  /** A field's outline at rest (MUI's outlined input). */
  outline: 'rgba(0, 0, 0, 0.23)',
  /** Icons in a control: a select's chevron (MUI's action.active). */
  icon: 'rgba(0, 0, 0, 0.54)',
  /** Under a hovered control, behind inline code. */
  shade: 'rgba(0, 0, 0, 0.06)',
  /** A placeholder while its content loads (MUI's skeleton). */
  skeleton: 'rgba(0, 0, 0, 0.11)',
  /** A step not reached yet, and the line between steps. */
  inactive: '#9e9e9e',
  connector: '#bdbdbd',
  /** Behind a modal dialog or the drawer. */
  backdrop: 'rgba(0, 0, 0, 0.5)',
  /** A short message at the foot of the screen (MUI's snackbar). */
  snackbar: '#323232',
  focus: '#1b1b1b',
  error: '#d32f2f',
  // Alerts: the surface and the text of each kind (the notice banner is a warning).
  errorSurface: '#fdeded',
  errorText: '#5f2120',
  warningSurface: '#fff4e5',
  warningText: '#663c00',
  successSurface: '#edf7ed',
  successText: '#1e4620',
  infoSurface: '#e5f6fd',
  infoText: '#014361',
} as const;

/**
 * The fonts a page is drawn in until the web font is at hand: the first view of a first visit
 * (root.tsx, decision 0028), or when the web font is late.
 */
const FALLBACK_FONT_FAMILY =
  'Roboto, system-ui, -apple-system, "Segoe UI", "Helvetica Neue", Arial, sans-serif';
/** The text font and its fallbacks. */
export const FONT_FAMILY = `${WEB_FONT}, ${FALLBACK_FONT_FAMILY}`;

/** The type scale: headings take their larger size from the sm breakpoint. */
export const typeScale = {
  h1: { size: '2.25rem', phone: '1.875rem', weight: 700 },
  h2: { size: '1.6rem', phone: '1.5rem', weight: 700 },
  h3: { size: '1.2rem', phone: '1.2rem', weight: 600 },
  body: { size: '1rem', weight: 400 },
  button: { size: '0.9375rem', weight: 500 },
  small: { size: '0.875rem', weight: 400 },
  caption: { size: '0.75rem', weight: 400 },
} as const;

/** The spacing unit in px: MUI's `theme.spacing(n)` is n of them; the CSS says `--space-n`. */
export const SPACING = 8;

/** Corner radii in px. */
export const radii = { small: 4, medium: 8 } as const;

/** The keyboard focus ring of every control. */
export const focusRing = { width: 3, offset: 2, color: palette.focus } as const;

const shadows = {
  raised: '0 2px 4px rgba(0, 0, 0, 0.08), 0 4px 16px rgba(0, 0, 0, 0.08)',
  bar: '0 -4px 16px rgba(0, 0, 0, 0.12)',
  snackbar: '0 3px 10px rgba(0, 0, 0, 0.3)',
  /** MUI's elevation 8, its menus' and popovers' shadow (the header's menus). */
  popover:
    '0 5px 5px -3px rgba(0, 0, 0, 0.2), 0 8px 10px 1px rgba(0, 0, 0, 0.14), 0 3px 14px 2px rgba(0, 0, 0, 0.12)',
  /** MUI's elevation 24, its dialogs' shadow. */
  dialog:
    '0 11px 15px -7px rgba(0, 0, 0, 0.2), 0 24px 38px 3px rgba(0, 0, 0, 0.14), 0 9px 46px 8px rgba(0, 0, 0, 0.12)',
} as const;

const layout = { headerHeight: 64, containerWidth: 1200 } as const;

export { BREAKPOINTS };

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** Every token as a CSS custom property, in one `:root` block. */
export function tokenProperties(): Record<string, string> {
  const properties: Record<string, string> = {};
  for (const [name, value] of Object.entries(palette)) properties[`--color-${kebab(name)}`] = value;
  properties['--font-family'] = FONT_FAMILY;
  properties['--font-family-fallback'] = FALLBACK_FONT_FAMILY;
  for (const [name, step] of Object.entries(typeScale)) {
    properties[`--font-size-${name}`] = step.size;
    if ('phone' in step) properties[`--font-size-${name}-phone`] = step.phone;
    properties[`--font-weight-${name}`] = String(step.weight);
  }
  for (let n = 1; n <= 6; n++) properties[`--space-${n}`] = `${n * SPACING}px`;
  properties['--radius-small'] = `${radii.small}px`;
  properties['--radius'] = `${radii.medium}px`;
  properties['--focus-ring-width'] = `${focusRing.width}px`;
  properties['--focus-ring-offset'] = `${focusRing.offset}px`;
  for (const [name, value] of Object.entries(shadows))
    properties[`--shadow-${kebab(name)}`] = value;
  properties['--header-height'] = `${layout.headerHeight}px`;
  properties['--container-width'] = `${layout.containerWidth}px`;
  properties['--header-scrolled-at'] = `${headerScroll.thresholdPx}px`;
  // For reference only: custom properties cannot be used in media queries.
  for (const [name, px] of Object.entries(BREAKPOINTS))
    properties[`--breakpoint-${name}`] = `${px}px`;
  return properties;
}

export function tokensCss(): string {
  const lines = Object.entries(tokenProperties()).map(([name, value]) => `  ${name}: ${value};`);
  return `/* Generated from src/web/design-tokens.ts: edit the tokens there. */\n:root {\n${lines.join('\n')}\n  color-scheme: light;\n}\n`;
}
