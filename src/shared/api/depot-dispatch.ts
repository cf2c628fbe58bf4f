import { z } from 'zod';
import { ISLANDS } from '../islands';
import { CARRIER_IDS } from '../carriers';
import { text } from './fields';
import { DEPOT_LIMITS, DEPOT_MESSAGES, depotParcelSchema, id } from './depot';

/**
 * The depot's dispatch contracts (decision 0020), as src/server/modules/depot/dispatch-routes.ts
 * serves them under /api/admin/depot: what can leave, a sailing, deliveries, and the customs
 * paperwork of a sailing (decision 0040). The rest of the depot's API is in depot.ts.
 */

// --- dispatch ------------------------------------------------------------------------------------

export const dispatchListResponse = z.object({
  Islands: z.array(z.object({ Island: z.string(), Parcels: z.array(depotParcelSchema) })),
  /**
   * Dispatch follows the plan (docs/decisions/0049): each route's next sailing from Portsmouth
   * (tonight's, on a sailing day) and the orders ready at the depot planned on it.
   */
  Tonight: z.array(
    z.object({
      Route: z.enum(ISLANDS),
      Date: z.string(),
      CutOffAt: z.string(),
      DepartsAt: z.string(),
      Capacity: z.number(),
      OrderIds: z.array(z.number()),
    }),
  ),
});

const unique = <T extends z.ZodType>(items: z.ZodArray<T>, key: (item: z.infer<T>) => unknown) =>
  items.superRefine((list, ctx) => {
    const seen = new Set<unknown>();
    list.forEach((item, i) => {
      const k = key(item);
      if (seen.has(k))
        ctx.addIssue({ code: 'custom', path: [i], message: DEPOT_MESSAGES.duplicateOrder });
      seen.add(k);
    });
  });

export const dispatchSchema = z
  .object({
    /** The sailing's date, yyyy-MM-dd: the date of export. */
    SailingDate: z.iso.date('must be a date (yyyy-MM-dd)'),
    Carrier: z.enum(CARRIER_IDS, { error: `must be one of ${CARRIER_IDS.join(', ')}` }),
    Parcels: unique(
      z
        .array(
          z
            .object({
              OrderId: id,
              TrackingNumber: text(DEPOT_LIMITS.trackingNumber).min(1, 'Enter the tracking number'),
            })
            .strict(),
        )
        .min(1, 'Choose at least one parcel')
        .max(DEPOT_LIMITS.batch, `at most ${DEPOT_LIMITS.batch} parcels at once`),
      (p) => p.OrderId,
    ),
  })
  .strict();
export type DispatchRequest = z.input<typeof dispatchSchema>;

export const dispatchResponse = z.object({ Parcels: z.array(depotParcelSchema) });

export const deliverSchema = z
  .object({
    OrderIds: unique(
      z
        .array(id)
        .min(1, 'Choose at least one order')
        .max(DEPOT_LIMITS.batch, `at most ${DEPOT_LIMITS.batch} orders at once`),
      (orderId) => orderId,
    ),
  })
  .strict();

export const deliverResponse = z.object({ Delivered: z.array(z.number().int()) });

// --- customs paperwork (decision 0040)
// -------------------------------------------------------------------

/** GET /sailings: the sailings parcels left on, newest first. */
export const sailingsResponse = z.object({
  Sailings: z.array(
    z.object({
      /** yyyy-MM-dd: the date of export. */
      SailingDate: z.string(),
      Carrier: z.enum(CARRIER_IDS),
      Parcels: z.number().int(),
    }),
  ),
});
export type Sailing = z.infer<typeof sailingsResponse>['Sailings'][number];

/** GET /sailings/customs-data.csv?SailingDate=&Carrier=: the carrier's electronic data. */
export const customsDataQuerySchema = z
  .object({
    SailingDate: z.iso.date('must be a date (yyyy-MM-dd)'),
    Carrier: z.enum(CARRIER_IDS, { error: `must be one of ${CARRIER_IDS.join(', ')}` }),
    /** Only the parcels of one route's sailing (Jersey, or Guernsey with its onward islands). */
    Route: z.enum(['Jersey', 'Guernsey'], { error: 'must be Jersey or Guernsey' }).optional(),
  })
  .strict();
