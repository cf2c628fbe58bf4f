import { z } from 'zod';
import { ADDRESS_PAGE_SIZE } from '../saved-addresses';
import {
  ADDRESS_LIMITS,
  ADDRESS_TYPES,
  addressRules,
  ISLAND_COUNTRY,
  normalisePostcode,
  parishesOf,
  SAVED_ADDRESS_TEXT,
  type AddressField,
  type AddressForm,
} from '../addresses';
import { COUNTRY_CODES } from '../country-codes';
import { ISLANDS, type Island } from '../islands';
import { validateForm } from '../validation/form';
import { isCleanText } from '../validation/clean-text';
import { MESSAGES } from '../validation/messages';
import { listingOptions, listResponse, optionalBody, pathId } from './listing';

/**
 * The API contract of the address book (docs/requirements.md §7, decision 0014):
 * - POST /public/addresses: the customer's addresses, `{ options, filter }`, 10 a page sorted by
 *   Updated ascending by default; the list in `items`.
 * - POST /public/addresses/create: a new address (201 with it).
 * - PUT /public/addresses/{Id}: changes an address (200 with it).
 * - DELETE /public/addresses/{Id}: deletes it (200 `{ ok: true }`).
 * Another customer's Id is a 404. The body is checked with the form's own rules
 * (src/shared/addresses.ts), so the browser and the server give the same messages.
 */

const ADDRESS_FIELDS: readonly AddressField[] = [
  'Type',
  'FullName',
  'Company',
  'Line1',
  'Line2',
  'Town',
  'Parish',
  'Island',
  'Country',
  'Postcode',
  'Telephone',
];

/**
 * Any text field: read by asForm below (missing or null is empty, other types are refused). Its
 * documented schema (`meta`) says so, with the longest text the form's rules take.
 */
const formField = (documented: Record<string, unknown> = {}) =>
  z
    .unknown()
    .optional()
    .meta({ type: ['string', 'null'], ...documented });
const FIELD_DOCS: Record<AddressField, Record<string, unknown>> = {
  Type: { enum: [...ADDRESS_TYPES, null] },
  FullName: { maxLength: ADDRESS_LIMITS.name },
  Company: { maxLength: ADDRESS_LIMITS.name },
  Line1: { maxLength: ADDRESS_LIMITS.line },
  Line2: { maxLength: ADDRESS_LIMITS.line },
  Town: { maxLength: ADDRESS_LIMITS.town },
  Parish: { maxLength: ADDRESS_LIMITS.town, description: "One of the island's parishes." },
  Island: { enum: [...ISLANDS, null], description: 'A delivery address only.' },
  Country: { description: 'A billing address: ISO 3166 alpha-2 code, any case.' },
  Postcode: { maxLength: ADDRESS_LIMITS.postcode },
  Telephone: { maxLength: 30 },
};

const NOT_TEXT = 'must be text';

/**
 * The body as the form's text, trimmed: a missing or null field is empty, one of another JSON
 * type is empty and reported as such, and the country code is read in upper case, as the
 * country list has it.
 */
function asForm(body: Partial<Record<AddressField, unknown>>): {
  form: AddressForm;
  notText: AddressField[];
  /** Fields whose text the database cannot keep (validation/clean-text.ts). */
  unclean: AddressField[];
} {
  const form = {} as AddressForm;
  const notText: AddressField[] = [];
  const unclean: AddressField[] = [];
  for (const field of ADDRESS_FIELDS) {
    const value = body[field] ?? '';
    if (typeof value !== 'string') notText.push(field);
    else if (!isCleanText(value)) unclean.push(field);
    form[field] = typeof value === 'string' ? value.trim() : '';
  }
  form.Country = form.Country.toUpperCase();
  return { form, notText, unclean };
}

/**
 * An address as sent by the form. Every field is checked with the form's rules, all at once (a
 * field of the wrong type does not hide the others' messages); the stored address is normalised:
 * postcode upper case with its space, a delivery address's country from its island, no parish
 * where the island has none, and no island on a billing address.
 */
export const addressInputSchema = z
  .object(
    Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, formField(FIELD_DOCS[f])])) as Record<
      AddressField,
      ReturnType<typeof formField>
    >,
  )
  .strict()
  // Always needed whatever the type (the rest depends on Type and Island: addressRules).
  .meta({ required: ['Type', 'FullName', 'Line1'] })
  .superRefine((body, ctx) => {
    const { form, notText, unclean } = asForm(body);
    for (const field of notText) ctx.addIssue({ code: 'custom', path: [field], message: NOT_TEXT });
    for (const field of unclean) {
      ctx.addIssue({ code: 'custom', path: [field], message: MESSAGES.cleanText });
    }
    const errors = validateForm<AddressField>(form, addressRules(form, COUNTRY_CODES));
    for (const [field, message] of Object.entries(errors)) {
      if (notText.includes(field as AddressField) || unclean.includes(field as AddressField))
        continue;
      ctx.addIssue({ code: 'custom', path: [field], message: message as string });
    }
  })
  .transform((body): AddressInput => {
    const { form } = asForm(body);
    const delivery = form.Type === 'Delivery';
    const island = delivery ? (form.Island as Island) : null;
    return {
      Type: form.Type as AddressInput['Type'],
      FullName: form.FullName,
      Company: form.Company,
      Line1: form.Line1,
      Line2: form.Line2,
      Town: form.Town,
      Parish: island && parishesOf(island).length === 0 ? '' : form.Parish,
      Island: island,
      Country: island ? ISLAND_COUNTRY[island] : form.Country,
      Postcode: form.Postcode ? normalisePostcode(form.Postcode) : '',
      Telephone: form.Telephone,
    };
  });

/** A checked address, ready to store. */
export interface AddressInput {
  Type: (typeof ADDRESS_TYPES)[number];
  FullName: string;
  Company: string;
  Line1: string;
  Line2: string;
  Town: string;
  Parish: string;
  Island: Island | null;
  Country: string;
  Postcode: string;
  Telephone: string;
}

/** The form's text as the API takes it (what the address form sends). */
export type AddressRequest = Partial<AddressForm>;

/** A saved address (docs/requirements.md §3 "Address": Id, Updated, and the fields above). */
/** A saved address: its shape is written once, in src/shared/addresses.ts (SAVED_ADDRESS_TEXT). */
export const addressSchema = z.object({
  Id: z.number().int(),
  Type: z.enum(ADDRESS_TYPES),
  Island: z.string().nullable(),
  ...(Object.fromEntries(SAVED_ADDRESS_TEXT.map((field) => [field, z.string()])) as Record<
    (typeof SAVED_ADDRESS_TEXT)[number],
    z.ZodString
  >),
});
export type Address = z.infer<typeof addressSchema>;

export const ADDRESS_SORT_FIELDS = ['Updated', 'Created', 'FullName', 'Id'] as const;
const addressListBody = z
  .object({
    options: listingOptions(ADDRESS_SORT_FIELDS, {
      sortBy: 'Updated',
      itemsPerPage: ADDRESS_PAGE_SIZE,
    }),
    filter: z
      .object({ Type: z.enum(ADDRESS_TYPES, { error: 'must be Delivery or Billing' }).optional() })
      .strict()
      .prefault({}),
  })
  .strict();
/** POST /public/addresses; no body at all means all the defaults. */
export const addressListRequest = optionalBody(addressListBody);
export type AddressListRequest = z.input<typeof addressListBody>;
export const addressListResponse = listResponse(addressSchema);
export type AddressList = z.infer<typeof addressListResponse>;

/** `{Id}` in a path: digits only. */
export const idParams = z.object({ Id: pathId }).strict();

export const ADDRESS_MESSAGES = {
  notFound: 'This address was not found.',
  tooMany: `You can keep up to ${ADDRESS_LIMITS.perCustomer} addresses. Please delete one you no longer use.`,
} as const;
