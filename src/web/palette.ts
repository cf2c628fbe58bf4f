/**
 * The site's colours, shared by the public pages' CSS (styles/base.css, whose custom properties
 * must match: tests/unit/web/palette.test.ts checks) and the MUI theme of the app screens.
 * SPEC section 9: the primary colour is a teal.
 */
export const palette = {
  primary: '#00796b',
  primaryLight: '#48a999',
  primaryDark: '#004c40',
  onPrimary: '#ffffff',
  secondary: '#f57c00',
  onSecondary: '#1b1b1b',
  background: '#f7faf9',
  surface: '#ffffff',
  text: 'rgba(0, 0, 0, 0.87)',
  textSecondary: 'rgba(0, 0, 0, 0.65)',
  divider: 'rgba(0, 0, 0, 0.12)',
  error: '#d32f2f',
} as const;

/** The text font (self-hosted, see styles/base.css) and its fallbacks. */
export const FONT_FAMILY =
  '"Roboto Variable", Roboto, system-ui, -apple-system, "Segoe UI", "Helvetica Neue", Arial, sans-serif';
