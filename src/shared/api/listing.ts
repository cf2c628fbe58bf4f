import { z } from 'zod';
import { MAX_ID } from './fields';

/**
 * Listing options of docs/requirements.md §3 (sortBy, sortDesc, itemsPerPage) plus a page number.
 * Each listing call has its own sortable fields and default sort (ascending unless `sortDesc`).
 */
export function listingOptions<const F extends readonly [string, ...string[]]>(
  sortable: F,
  defaults: { sortBy: F[number]; sortDesc?: boolean; itemsPerPage: number },
) {
  return z
    .object({
      sortBy: z
        .enum(sortable, { error: `must be one of ${sortable.join(', ')}` })
        .default(defaults.sortBy),
      sortDesc: z.boolean({ error: 'must be true or false' }).default(defaults.sortDesc ?? false),
      itemsPerPage: z
        .number({ error: 'must be a whole number' })
        .int('must be a whole number')
        .min(1, 'must be between 1 and 100')
        .max(100, 'must be between 1 and 100')
        .default(defaults.itemsPerPage),
      page: z
        .number({ error: 'must be a whole number' })
        .int('must be a whole number')
        .min(1, 'must be 1 or more')
        .default(1),
    })
    .strict()
    .prefault({});
}

export type ListingOptions<F extends string> = {
  sortBy: F;
  sortDesc: boolean;
  itemsPerPage: number;
  page: number;
};

/** A page of results: the rows and the total count for paging. */
export function listResponse<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    itemsPerPage: z.number().int(),
  });
}

/** A record's id in a path (`/addresses/{Id}`, `/invoices/{id}`): a whole number of 1 or more. */
export const pathId = z.coerce.number({ error: 'must be a number' }).int().min(1).max(MAX_ID);

/** The path parameters of a route on one record (`/orders/{Id}`): its id, and nothing else. */
export const idParams = z.object({ Id: pathId }).strict();

/**
 * A body that may be left out entirely (no body is read as `{}`, so the defaults apply). Fastify
 * validates an absent body as `null`; a body that is the JSON text `null` is refused before
 * validation (lib/errors.ts refuseNullBodies), so `null` here always means "no body".
 */
export const optionalBody = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => v ?? {}, schema);
