declare const __BRAND__: string;

/** The brand name from configuration (BRAND at build time). */
export const BRAND: string = __BRAND__;

/** SPEC section 2: page titles follow '%s - {brand}'. */
export const pageTitle = (title: string) => (title ? `${title} - ${BRAND}` : BRAND);
