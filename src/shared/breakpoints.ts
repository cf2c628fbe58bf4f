/**
 * Breakpoints of docs/requirements.md §9: xs below 600, sm below 960, md below 1280, lg below 1920.
 */
export const BREAKPOINTS = { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920 } as const;
/** The width below which the layout is "mobile" (docs/requirements.md §9). */
export const MOBILE_BREAKPOINT = 1264;
