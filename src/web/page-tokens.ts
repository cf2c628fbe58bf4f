/**
 * The design tokens every page's own code reads (root.tsx: the theme colour, the web font the
 * first visit waits for, the header's scroll threshold), apart from design-tokens.ts, which writes
 * them into the palette and the stylesheets: root.tsx importing that module put the whole palette
 * and type scale (the MUI theme's) into the shell every page loads.
 */

/** docs/requirements.md §9: the primary colour, a teal (the palette's `primary`, `theme-color`). */
export const THEME_COLOUR = '#00796b';

/** The text font, self-hosted (see styles/base.css). */
export const WEB_FONT = '"Roboto Variable"';

/**
 * docs/requirements.md §9: the header changes style once the page is scrolled more than 100 px;
 * scroll handling is throttled to 250 ms where a script has to do it (root.tsx's HEADER_GATE).
 */
export const headerScroll = { thresholdPx: 100, throttleMs: 250 } as const;
