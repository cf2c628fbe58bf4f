import { ISLANDS, type Island } from './islands';
import { validateForm, type FieldRules, type FormErrors } from './validation/form';
import {
  isEmpty,
  lookupRequired,
  maxLength,
  optional,
  postcode,
  required,
  telephone,
  type Rule,
} from './validation/rules';
import { ADDRESS_LIMITS, ADDRESS_TYPES, type AddressType } from './saved-addresses';

// What the browser needs to show and keep saved addresses (their shape, lines and limits) lives in
// ./saved-addresses.ts, without the form's rules, so the checkout loads only that.
export {
  ADDRESS_LIMITS,
  ADDRESS_TYPES,
  addressLines,
  isSavedAddressShape,
  SAVED_ADDRESS_TEXT,
  type AddressType,
} from './saved-addresses';

// Saved addresses (decision 0014). A delivery address is on one of the islands we deliver to: its
// parish where the island has parishes, and a JE (Jersey) or GY (the Bailiwick of Guernsey)
// postcode. A billing address may be anywhere (a country code from src/shared/countries.ts).
// The form rules here serve the address form in the browser and the API schemas alike.

/** The parishes of the islands that have them; Alderney, Sark and Herm have none. */
const PARISHES: Readonly<Partial<Record<Island, readonly string[]>>> = {
  Jersey: [
    'Grouville',
    'St Brelade',
    'St Clement',
    'St Helier',
    'St John',
    'St Lawrence',
    'St Martin',
    'St Mary',
    'St Ouen',
    'St Peter',
    'St Saviour',
    'Trinity',
  ],
  Guernsey: [
    'Castel',
    'Forest',
    'St Andrew',
    'St Martin',
    'St Peter Port',
    'St Pierre du Bois',
    'St Sampson',
    'St Saviour',
    'Torteval',
    'Vale',
  ],
};

/** The parishes of an island (none for an island without parishes or an unknown one). */
export const parishesOf = (island: string): readonly string[] =>
  (PARISHES as Record<string, readonly string[] | undefined>)[island] ?? [];

/** The postcode area of each island: Jersey is JE, the Bailiwick of Guernsey GY. */
const ISLAND_POSTCODE_AREA: Readonly<Record<Island, 'JE' | 'GY'>> = {
  Jersey: 'JE',
  Guernsey: 'GY',
  Alderney: 'GY',
  Sark: 'GY',
  Herm: 'GY',
};

/** The ISO 3166 country code of an island's addresses: Jersey JE, the rest Guernsey's GG. */
export const ISLAND_COUNTRY: Readonly<Record<Island, 'JE' | 'GG'>> = {
  Jersey: 'JE',
  Guernsey: 'GG',
  Alderney: 'GG',
  Sark: 'GG',
  Herm: 'GG',
};

const islandPostcodeMessage = (island: Island) =>
  `A ${island} postcode starts with ${ISLAND_POSTCODE_AREA[island]}`;

/** A postcode written the way Royal Mail prints it: upper case, one space before the last 3. */
export function normalisePostcode(value: string): string {
  const compact = value.replace(/\s+/g, '').toUpperCase();
  return compact.length > 3 ? `${compact.slice(0, -3)} ${compact.slice(-3)}` : compact;
}

/** The postcode of a delivery address: a valid postcode in the island's area. */
export function islandPostcode(island: unknown): Rule {
  return (value) => {
    const format = postcode(value);
    if (format !== true || isEmpty(value)) return format;
    const known = (ISLANDS as readonly unknown[]).includes(island) ? (island as Island) : null;
    if (!known) return true;
    return normalisePostcode(String(value)).startsWith(ISLAND_POSTCODE_AREA[known])
      ? true
      : islandPostcodeMessage(known);
  };
}

export type AddressField =
  | 'Type'
  | 'FullName'
  | 'Company'
  | 'Line1'
  | 'Line2'
  | 'Town'
  | 'Parish'
  | 'Island'
  | 'Country'
  | 'Postcode'
  | 'Telephone';

/** The address form as text (every field a string, '' when empty). */
export type AddressForm = Record<AddressField, string>;

export const emptyAddressForm = (type: AddressType): AddressForm => ({
  Type: type,
  FullName: '',
  Company: '',
  Line1: '',
  Line2: '',
  Town: '',
  Parish: '',
  Island: '',
  Country: type === 'Delivery' ? '' : 'GB',
  Postcode: '',
  Telephone: '',
});

/** Country codes a billing address may have; checked against this list by the rules. */
export type CountryCodes = readonly string[];

/**
 * The rules of the address form, which depend on its type and island: a delivery address needs
 * its island, a parish from the island's list where it has parishes, and the island's postcode; a
 * billing address needs a country and a town, and a UK-style postcode in the UK and the islands.
 */
export function addressRules(
  form: Pick<AddressForm, 'Type' | 'Island' | 'Country'>,
  countryCodes: CountryCodes,
): FieldRules<AddressField> {
  const common = {
    Type: [lookupRequired(ADDRESS_TYPES)],
    FullName: [required, maxLength(ADDRESS_LIMITS.name)],
    Company: [maxLength(ADDRESS_LIMITS.name)],
    Line1: [required, maxLength(ADDRESS_LIMITS.line)],
    Line2: [maxLength(ADDRESS_LIMITS.line)],
    Telephone: [telephone, maxLength(30)],
  };
  if (form.Type === 'Delivery') {
    const parishes = parishesOf(form.Island);
    return {
      ...common,
      Town: [maxLength(ADDRESS_LIMITS.town)],
      // An island without parishes has none to give: whatever is sent is dropped.
      Parish: parishes.length ? [lookupRequired(parishes)] : [],
      Island: [lookupRequired(ISLANDS)],
      Country: [],
      Postcode: [required, islandPostcode(form.Island), maxLength(ADDRESS_LIMITS.postcode)],
    };
  }
  const ukStyle = ['GB', 'JE', 'GG', 'IM'].includes(form.Country);
  return {
    ...common,
    Town: [required, maxLength(ADDRESS_LIMITS.town)],
    Parish: [maxLength(ADDRESS_LIMITS.town)],
    Island: [],
    Country: [lookupRequired(countryCodes)],
    Postcode: ukStyle
      ? [required, postcode, maxLength(ADDRESS_LIMITS.postcode)]
      : [optional(maxLength(ADDRESS_LIMITS.postcode))],
  };
}

export function validateAddressForm(
  form: AddressForm,
  countryCodes: CountryCodes,
): FormErrors<AddressField> {
  return validateForm(form, addressRules(form, countryCodes));
}
