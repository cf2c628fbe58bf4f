import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { scheduleEvidenceWarnings } from './evidence';
import { sailingGstRoutes } from './sailing-gst';
import { scheduleStorageReminders } from './storage';
import { dispatchRoutes } from './dispatch-routes';
import { parcelRoutes } from './parcel-routes';
import { receivingRoutes } from './receiving-routes';

/**
 * The depot floor (decision 0020), under /api/admin/depot; contracts in src/shared/api/depot.ts.
 * Every call is for staff, each with the permission it needs from the shared rules
 * (src/shared/access.ts): receiving (`receive Parcel`), reading parcels (`read Parcel`),
 * dispatching and delivering (`dispatch Parcel`). Each use case is one transaction. The calls are
 * registered by area: the receiving desk (receiving-routes.ts), the parcels (parcel-routes.ts),
 * the dispatch (dispatch-routes.ts) and its GST estimate (sailing-gst.ts); the depot's jobs are
 * scheduled here.
 */

export const depotRoutes: FastifyPluginAsyncZod = async (app) => {
  await scheduleStorageReminders(app);
  await scheduleEvidenceWarnings(app);
  await app.register(sailingGstRoutes);
  await app.register(receivingRoutes);
  await app.register(parcelRoutes);
  await app.register(dispatchRoutes);
};
