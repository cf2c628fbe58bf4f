import { COUNTRY_CODES } from './country-codes';

/**
 * The English name of each code of COUNTRY_CODES, in the same order: i18n-iso-countries' English
 * names, the official one where a country has several, written out (the unit tests keep them the
 * same). The package's JSON, imported, brought every name of each country and its own codes again
 * to any screen with a country picker: 2.1 KB compressed, these names 1.4.
 */
const NAMES =
  'Afghanistan|Albania|Algeria|American Samoa|Andorra|Angola|Anguilla|Antarctica|' +
  'Antigua and Barbuda|Argentina|Armenia|Aruba|Australia|Austria|Azerbaijan|Bahamas|' +
  'Bahrain|Bangladesh|Barbados|Belarus|Belgium|Belize|Benin|Bermuda|Bhutan|Bolivia|' +
  'Bosnia and Herzegovina|Botswana|Bouvet Island|Brazil|British Indian Ocean Territory|' +
  'Brunei Darussalam|Bulgaria|Burkina Faso|Burundi|Cambodia|Cameroon|Canada|Cape Verde|' +
  "Cayman Islands|Central African Republic|Chad|Chile|People's Republic of China|" +
  'Christmas Island|Cocos (Keeling) Islands|Colombia|Comoros|Republic of the Congo|' +
  "Democratic Republic of the Congo|Cook Islands|Costa Rica|Cote d'Ivoire|Croatia|Cuba|" +
  'Cyprus|Czech Republic|Denmark|Djibouti|Dominica|Dominican Republic|Ecuador|Egypt|' +
  'El Salvador|Equatorial Guinea|Eritrea|Estonia|Ethiopia|Falkland Islands (Malvinas)|' +
  'Faroe Islands|Fiji|Finland|France|French Guiana|French Polynesia|' +
  'French Southern Territories|Gabon|Republic of The Gambia|Georgia|Germany|Ghana|' +
  'Gibraltar|Greece|Greenland|Grenada|Guadeloupe|Guam|Guatemala|Guinea|Guinea-Bissau|' +
  'Guyana|Haiti|Heard Island and McDonald Islands|Holy See (Vatican City State)|Honduras|' +
  'Hong Kong|Hungary|Iceland|India|Indonesia|Islamic Republic of Iran|Iraq|Ireland|' +
  'Israel|Italy|Jamaica|Japan|Jordan|Kazakhstan|Kenya|Kiribati|North Korea|South Korea|' +
  "Kuwait|Kyrgyzstan|Lao People's Democratic Republic|Latvia|Lebanon|Lesotho|Liberia|" +
  'Libya|Liechtenstein|Lithuania|Luxembourg|Macao|Madagascar|Malawi|Malaysia|Maldives|' +
  'Mali|Malta|Marshall Islands|Martinique|Mauritania|Mauritius|Mayotte|Mexico|' +
  'Micronesia, Federated States of|Moldova, Republic of|Monaco|Mongolia|Montserrat|' +
  'Morocco|Mozambique|Myanmar|Namibia|Nauru|Nepal|Netherlands|New Caledonia|New Zealand|' +
  'Nicaragua|Niger|Nigeria|Niue|Norfolk Island|The Republic of North Macedonia|' +
  'Northern Mariana Islands|Norway|Oman|Pakistan|Palau|State of Palestine|Panama|' +
  'Papua New Guinea|Paraguay|Peru|Philippines|Pitcairn|Poland|Portugal|Puerto Rico|Qatar|' +
  'Reunion|Romania|Russian Federation|Rwanda|Saint Helena|Saint Kitts and Nevis|' +
  'Saint Lucia|Saint Pierre and Miquelon|Saint Vincent and the Grenadines|Samoa|' +
  'San Marino|Sao Tome and Principe|Saudi Arabia|Senegal|Seychelles|Sierra Leone|' +
  'Singapore|Slovakia|Slovenia|Solomon Islands|Somalia|South Africa|' +
  'South Georgia and the South Sandwich Islands|Spain|Sri Lanka|Sudan|Suriname|' +
  'Svalbard and Jan Mayen|Eswatini|Sweden|Switzerland|Syrian Arab Republic|' +
  'Taiwan, Province of China|Tajikistan|United Republic of Tanzania|Thailand|Timor-Leste|' +
  'Togo|Tokelau|Tonga|Trinidad and Tobago|Tunisia|Türkiye|Turkmenistan|' +
  'Turks and Caicos Islands|Tuvalu|Uganda|Ukraine|United Arab Emirates|United Kingdom|' +
  'United States of America|United States Minor Outlying Islands|Uruguay|Uzbekistan|' +
  'Vanuatu|Venezuela|Vietnam|Virgin Islands, British|Virgin Islands, U.S.|' +
  'Wallis and Futuna|Western Sahara|Yemen|Zambia|Zimbabwe|Åland Islands|' +
  'Bonaire, Sint Eustatius and Saba|Curaçao|Guernsey|Isle of Man|Jersey|Montenegro|' +
  'Saint Barthélemy|Saint Martin (French part)|Serbia|Sint Maarten (Dutch part)|' +
  'South Sudan|Kosovo';

/** ISO 3166-1 alpha-2 code to English country name (docs/requirements.md §3, country lookup). */
export const COUNTRY_NAMES: Readonly<Record<string, string>> = Object.fromEntries(
  NAMES.split('|').map((name, i) => [COUNTRY_CODES[i]!, name]),
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
