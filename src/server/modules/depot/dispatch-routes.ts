import { differenceInCalendarDays } from 'date-fns/differenceInCalendarDays';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DEPOT_MESSAGES } from '../../../shared/api/depot';
import {
  deliverResponse,
  deliverSchema,
  dispatchListResponse,
  dispatchResponse,
  dispatchSchema,
  customsDataQuerySchema,
  sailingsResponse,
} from '../../../shared/api/depot-dispatch';
import { customsDataCsv, customsDataFileName } from '../../../shared/customs';
import { recentSailings, sailingParcels } from './customs';
import { HttpError } from '../../lib/errors';
import { depotParcels, dispatchList } from './queries';
import { dispatchParcels, markDelivered } from './dispatch';
import { staff } from './route-helpers';
import { nextSailings } from '../sailings/backlog';

/**
 * The depot's dispatch (decision 0020), under /api/admin/depot, for `dispatch Parcel`: the parcels
 * ready to sail, a sailing recorded for them, their delivery on the island, and the sailings with
 * their customs data for the carrier (decision 0040).
 */

/** A sailing more than this many days before or after today is a typo. */
const SAILING_WINDOW_DAYS = 30;

export const dispatchRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const dispatcher = app.requireAuth({ can: ['dispatch', 'Parcel'] });

  app.get(
    '/sailings',
    {
      onRequest: dispatcher,
      schema: {
        operationId: 'listSailings',
        summary: 'The sailings parcels left on, newest first (for their customs data)',
        response: { 200: sailingsResponse },
      },
    },
    async () => ({ Sailings: await recentSailings(db) }),
  );

  app.get(
    '/sailings/customs-data.csv',
    {
      onRequest: dispatcher,
      schema: {
        operationId: 'getSailingCustomsData',
        summary:
          "A sailing's electronic customs data for the carrier (CSV, one row per item, keyed by consignment number)",
        querystring: customsDataQuerySchema,
        answers: { 404: 'No parcels left on that sailing.' },
      },
    },
    async (request, reply) => {
      const { SailingDate, Carrier, Route } = request.query;
      const rows = await sailingParcels(db, SailingDate, Carrier, app.config.brand, Route);
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="${customsDataFileName(SailingDate, Carrier)}"`,
        )
        .header('cache-control', 'no-store')
        .send(customsDataCsv(rows));
    },
  );

  app.get(
    '/dispatch',
    {
      onRequest: dispatcher,
      schema: { summary: 'The parcels ready to sail', response: { 200: dispatchListResponse } },
    },
    async () => {
      const now = app.clock.now();
      return { ...(await dispatchList(db, now)), Tonight: await nextSailings(db, now) };
    },
  );

  app.post(
    '/dispatch',
    {
      onRequest: dispatcher,
      schema: {
        summary: 'Record a sailing for parcels',
        answers: { 404: 'No such order.', 409: 'An order is not ready to sail.' },
        body: dispatchSchema,
        response: { 200: dispatchResponse },
      },
    },
    async (request) => {
      const b = request.body;
      const sailingDate = new Date(`${b.SailingDate}T12:00:00Z`);
      if (Math.abs(differenceInCalendarDays(sailingDate, new Date())) > SAILING_WINDOW_DAYS) {
        throw new HttpError(400, 'Please check the fields below.', [
          { field: 'SailingDate', error: DEPOT_MESSAGES.sailingDate },
        ]);
      }
      const actor = staff(request);
      const ids = await db.transaction((tx) =>
        dispatchParcels(
          tx,
          {
            sailingDate,
            carrier: b.Carrier,
            parcels: b.Parcels.map((p) => ({
              orderId: p.OrderId,
              trackingNumber: p.TrackingNumber,
            })),
          },
          actor,
          app.config,
        ),
      );
      return { Parcels: await depotParcels(db, ids, app.clock.now()) };
    },
  );

  app.post(
    '/deliver',
    {
      onRequest: dispatcher,
      schema: {
        summary: 'Record parcels delivered on the island',
        answers: { 404: 'No such order.', 409: 'An order has not sailed.' },
        body: deliverSchema,
        response: { 200: deliverResponse },
      },
    },
    async (request) => {
      const actor = staff(request);
      const moved = await db.transaction((tx) => markDelivered(tx, request.body.OrderIds, actor));
      return { Delivered: moved };
    },
  );
};
