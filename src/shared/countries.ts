// Only the package's English names (2.1 KB compressed), not its module: that carries every
// country's three-letter and numeric codes too (6.6 KB compressed), which nothing here uses, and
// this module is in the booking steps' code that every page prefetches (issue 23).
import english from 'i18n-iso-countries/langs/en.json' with { type: 'json' };

/**
 * ISO 3166-1 alpha-2 code to English country name (docs/requirements.md §3, country lookup). A
 * country with several names lists its official one first (the package's `select: 'official'`).
 */
export const COUNTRY_NAMES: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(english.countries as Record<string, string | string[]>).map(([code, names]) => [
    code,
    Array.isArray(names) ? names[0]! : names,
  ]),
);

/** Every known two-letter code, upper case. */
export const COUNTRY_CODES: readonly string[] = Object.keys(COUNTRY_NAMES);

// One collator for the sort: `localeCompare` builds one per comparison.
const byName = new Intl.Collator('en').compare;

/** Countries for a picker, by English name. */
export const COUNTRY_OPTIONS: readonly { code: string; name: string }[] = Object.entries(
  COUNTRY_NAMES,
)
  .map(([code, name]) => ({ code, name }))
  .sort((a, b) => byName(a.name, b.name));

/** The English name of a two-letter code (any case), or undefined for an unknown code. */
export function countryName(code: string): string | undefined {
  const key = code.trim().toUpperCase();
  return Object.hasOwn(COUNTRY_NAMES, key) ? COUNTRY_NAMES[key] : undefined;
}
