// The package is CommonJS: a default import works in Node's own ESM loader and in bundlers alike.
import countries from 'i18n-iso-countries';
import english from 'i18n-iso-countries/langs/en.json' with { type: 'json' };

countries.registerLocale(english);

/** ISO 3166-1 alpha-2 code to English country name (docs/requirements.md §3, country lookup). */
export const COUNTRY_NAMES: Readonly<Record<string, string>> = countries.getNames('en', {
  select: 'official',
});

/** Every known two-letter code, upper case. */
export const COUNTRY_CODES: readonly string[] = Object.keys(COUNTRY_NAMES);

/** Countries for a picker, by English name. */
export const COUNTRY_OPTIONS: readonly { code: string; name: string }[] = Object.entries(
  COUNTRY_NAMES,
)
  .map(([code, name]) => ({ code, name }))
  .sort((a, b) => a.name.localeCompare(b.name, 'en'));

/** The English name of a two-letter code (any case), or undefined for an unknown code. */
export function countryName(code: string): string | undefined {
  const key = code.trim().toUpperCase();
  return Object.hasOwn(COUNTRY_NAMES, key) ? COUNTRY_NAMES[key] : undefined;
}
