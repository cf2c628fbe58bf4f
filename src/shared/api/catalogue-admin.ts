import { z } from 'zod';
import { parseStoredDate } from '../dates';
import { DISCOUNT_KINDS } from '../discounts';
import { cleanString } from '../validation/clean-text';
import { MESSAGES } from '../validation/messages';
import { orderExtraSchema, productSchema } from './catalogue';
import { listResponse } from './listing';
import { amountSchema } from './office';
import { discountCode, multilineText, text } from './fields';

/**
 * The office's catalogue (decision 0024), under /api/admin/catalogue, for `manage Catalogue`
 * (office and admin). Money in pounds, sizes in mm, weights in grams. These schemas are the one
 * place the catalogue's rules live: the seed's rows pass through them too (src/server/db/seed.ts).
 *
 * Price bands: GET /products (all of them, disabled and private too, in SortOrder),
 * POST /products, PUT /products/{Id}.
 * Extras: GET /extras, POST /extras, PUT /extras/{Id}. An extra that is not Enabled is a hidden
 * extra: not offered to customers, kept (and priced) for staff to add to orders.
 * Discount codes: GET /discounts?q=&page=&itemsPerPage=, POST /discounts,
 * POST /discounts/{Id}/disable and /enable, GET /discounts/{Id}/uses?page=&itemsPerPage=.
 * A code is never edited or deleted once made (its uses refer to its terms): disable it and make
 * another.
 */

const required = (max: number) => text(max).min(1, MESSAGES.required);
const whole = (min: number, max: number, unit = '') =>
  z
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(min, `must be between ${min} and ${max}${unit}`)
    .max(max, `must be between ${min} and ${max}${unit}`);

/**
 * A band's code as the office may type it: letters of either case, digits and hyphens, spaces
 * around it; stored trimmed and upper case, as the site shows it (`Price Band A`).
 */
const BAND_CODE_INPUT_PATTERN = /^ *[A-Za-z0-9-]{1,10} *$/;

/** A price band as the office writes it: every field of the API's Product but its Id. */
export const productInputSchema = z
  .object({
    Name: required(80),
    // The text as sent is checked (the pattern the OpenAPI document shows), then normalised.
    Code: cleanString()
      .regex(BAND_CODE_INPUT_PATTERN, 'must be 1 to 10 letters, digits or hyphens')
      .transform((code) => code.trim().toUpperCase()),
    Description: multilineText(300).default(''),
    Price: amountSchema,
    SortOrder: whole(0, 1_000_000),
    enabled: z.boolean({ error: 'must be true or false' }),
    public: z.boolean({ error: 'must be true or false' }),
    Length: whole(1, 10_000, ' mm'),
    Width: whole(1, 10_000, ' mm'),
    Height: whole(1, 10_000, ' mm'),
    MaxWeight: whole(1, 1_000_000, ' grams'),
    /** Picks the band's box image (src/shared/box-images.ts); an unknown code shows a generic box. */
    TTLMDProductCode: whole(0, 999_999),
  })
  .strict();
export type ProductInput = z.input<typeof productInputSchema>;

/** An extra as the office writes it. */
export const extraInputSchema = z
  .object({
    Name: required(80),
    Description: multilineText(300).default(''),
    Price: amountSchema,
    SortOrder: whole(0, 1_000_000),
    Enabled: z.boolean({ error: 'must be true or false' }),
  })
  .strict();
export type ExtraInput = z.input<typeof extraInputSchema>;

export const adminProductsResponse = z.object({ items: z.array(productSchema) });
export const adminExtrasResponse = z.object({ items: z.array(orderExtraSchema) });

// --- discount codes -----------------------------------------------------------------------------

/** A day as `yyyy-MM-dd` (a code is valid from the start of its first day to the end of its last, UK time). */
const day = z
  .string({ error: MESSAGES.date })
  .refine((d) => parseStoredDate(d) !== null && d >= '2000-01-01' && d <= '2999-12-31', {
    message: MESSAGES.date,
  });

export const createDiscountSchema = z
  .object({
    Code: discountCode(),
    Description: multilineText(200).default(''),
    Kind: z.enum(DISCOUNT_KINDS, { error: `must be one of ${DISCOUNT_KINDS.join(', ')}` }),
    /** Whole percent off, for a `percent` code. */
    Percent: whole(1, 100).nullish(),
    /** Pounds off, for a `fixed` code. */
    Amount: amountSchema.nullish(),
    /** The least the checkout's delivery charges must come to, in pounds (none: no minimum). */
    MinSpend: amountSchema.nullish(),
    ValidFrom: day.nullish(),
    ValidTo: day.nullish(),
    /** Uses allowed in all, and per customer (none: no limit). */
    MaxUses: whole(1, 1_000_000).nullish(),
    MaxUsesPerCustomer: whole(1, 1_000_000).nullish(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.Kind === 'percent' && !v.Percent) {
      ctx.addIssue({ code: 'custom', path: ['Percent'], message: MESSAGES.required });
    }
    if (v.Kind === 'fixed' && !v.Amount) {
      ctx.addIssue({ code: 'custom', path: ['Amount'], message: MESSAGES.required });
    }
    if (v.ValidFrom && v.ValidTo && v.ValidTo < v.ValidFrom) {
      ctx.addIssue({ code: 'custom', path: ['ValidTo'], message: 'must not be before ValidFrom' });
    }
  });
export type CreateDiscount = z.input<typeof createDiscountSchema>;

export const discountSchema = z.object({
  Id: z.number().int(),
  Code: z.string(),
  Description: z.string(),
  Kind: z.enum(DISCOUNT_KINDS),
  Percent: z.number().int().nullable(),
  Amount: z.number().nullable(),
  MinSpend: z.number(),
  ValidFrom: z.string().nullable(),
  ValidTo: z.string().nullable(),
  MaxUses: z.number().int().nullable(),
  MaxUsesPerCustomer: z.number().int().nullable(),
  Enabled: z.boolean(),
  /** Checkouts that used it and paid. */
  Redeemed: z.number().int(),
  /** Checkouts holding a use while their payment is pending. */
  Reserved: z.number().int(),
  Created: z.string(),
});
export type Discount = z.infer<typeof discountSchema>;

const pageNumber = (max: number, fallback: number) =>
  z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, `must be between 1 and ${max}`)
    .max(max, `must be between 1 and ${max}`)
    .default(fallback);

export const discountsQuery = z
  .object({
    /** Part of a code or its description. */
    q: text(40).optional(),
    page: pageNumber(1_000_000, 1),
    itemsPerPage: pageNumber(100, 20),
  })
  .strict();
export const discountsResponse = listResponse(discountSchema);
export type DiscountList = z.infer<typeof discountsResponse>;

export const discountUsesQuery = z
  .object({ page: pageNumber(1_000_000, 1), itemsPerPage: pageNumber(100, 20) })
  .strict();

/** One checkout that used a code: who, which checkout, how much it took off, and where it stands. */
const discountUseSchema = z.object({
  Id: z.number().int(),
  At: z.string(),
  Status: z.enum(['reserved', 'redeemed', 'released']),
  Customer: z.object({ Id: z.number().int(), Name: z.string(), Reference: z.string() }),
  Checkout: z.object({
    Id: z.number().int(),
    Reference: z.string(),
    Status: z.string(),
    /** What the code took off this checkout, in pounds. */
    Discount: z.number(),
  }),
});
export type DiscountUse = z.infer<typeof discountUseSchema>;
export const discountUsesResponse = listResponse(discountUseSchema).extend({
  Discount: discountSchema,
});
export type DiscountUses = z.infer<typeof discountUsesResponse>;
