// A saved address as the browser keeps and shows it (decision 0014): its shape, its lines and the
// limits, without the address form's rules (./addresses.ts, which re-exports these), so the
// checkout loads no validation rules for it.

export const ADDRESS_TYPES = ['Delivery', 'Billing'] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];

/**
 * A saved address as the API returns it (src/shared/api/addresses.ts `addressSchema` is made from
 * these lists): an integer Id, its Type, an island or null, and these text fields.
 */
export const SAVED_ADDRESS_TEXT = [
  'FullName',
  'Company',
  'Line1',
  'Line2',
  'Town',
  'Parish',
  'Country',
  'CountryName',
  'Postcode',
  'Telephone',
  'Created',
  'Updated',
] as const;

/**
 * Whether a value has the saved address's shape (SAVED_ADDRESS_TEXT): for the browser, which
 * checks an address kept in its storage without loading zod. Extra keys are allowed, as the
 * schema allows them.
 */
export function isSavedAddressShape(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    Number.isInteger(record.Id) &&
    (ADDRESS_TYPES as readonly unknown[]).includes(record.Type) &&
    (record.Island === null || typeof record.Island === 'string') &&
    SAVED_ADDRESS_TEXT.every((field) => typeof record[field] === 'string')
  );
}

export const ADDRESS_LIMITS = {
  name: 100,
  line: 100,
  town: 60,
  postcode: 12,
  /** Addresses one customer may keep. */
  perCustomer: 50,
} as const;

/** What an address shows on one line each: name, company, lines, town, parish, postcode... */
export function addressLines(address: {
  FullName: string;
  Company?: string | null;
  Line1: string;
  Line2?: string | null;
  Town?: string | null;
  Parish?: string | null;
  Island?: string | null;
  Postcode?: string | null;
  CountryName?: string | null;
}): string[] {
  return [
    address.FullName,
    address.Company,
    address.Line1,
    address.Line2,
    [address.Town, address.Parish].filter(Boolean).join(', '),
    [address.Island, address.Postcode].filter(Boolean).join(' '),
    address.Island ? null : address.CountryName,
  ].filter((line): line is string => Boolean(line && line.trim()));
}

/** docs/requirements.md §9: addresses default to Updated ascending, 10 a page. */
export const ADDRESS_PAGE_SIZE = 10;
