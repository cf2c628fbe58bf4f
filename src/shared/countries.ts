// Only the package's English names (2.1 KB compressed), not its module: that carries every
// country's three-letter and numeric codes too (6.6 KB compressed), which nothing here uses. A code
// is checked without the names (country-codes.ts): only pickers and printed names import this.
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

let options: readonly { code: string; name: string }[] | undefined;

/**
 * Countries for a picker, by English name. Sorted when first asked for: making the collator takes
 * about 10 ms (40 at a slow phone's pace), and a screen may import this without showing a picker.
 */
export function countryOptions(): readonly { code: string; name: string }[] {
  if (options) return options;
  const byName = new Intl.Collator('en').compare;
  options = Object.entries(COUNTRY_NAMES)
    .map(([code, name]) => ({ code, name }))
    .sort((a, b) => byName(a.name, b.name));
  return options;
}

/** The English name of a two-letter code (any case), or undefined for an unknown code. */
export function countryName(code: string): string | undefined {
  const key = code.trim().toUpperCase();
  return Object.hasOwn(COUNTRY_NAMES, key) ? COUNTRY_NAMES[key] : undefined;
}
