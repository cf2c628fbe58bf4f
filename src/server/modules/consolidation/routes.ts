import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { differenceInCalendarDays } from 'date-fns/differenceInCalendarDays';
import {
  consignmentSchema,
  consignmentsQuery,
  consignmentsResponse,
  consolidationChoiceSchema,
  consolidationEstimateSchema,
  consolidationOverviewResponse,
  dispatchConsignmentSchema,
  leaveOutSchema,
  measureBoxSchema,
  reverseSchema,
  staffConsignmentSchema,
} from '../../../shared/api/consolidation';
import { DEPOT_MESSAGES } from '../../../shared/api/depot';
import { idParams } from '../../../shared/api/listing';
import { can } from '../../../shared/access';
import { acceptEmptyJsonBodies, authOf, MOVES_MONEY, MOVES_NO_MONEY } from '../../lib/auth';
import { HttpError } from '../../lib/errors';
import { renderDeclaration } from '../../lib/pdf';
import { consignmentDeclarationOf, declarationDate, sendDeclarationPdf } from '../depot/customs';
import { dispatchConsignment, measureBox, startRepacking } from './depot-steps';
import { estimateConsolidation } from './pricing';
import {
  cancelConsolidation,
  leaveOut,
  requestConsolidation,
  scheduleLateParcelQuestions,
} from './requests';
import { reverseDifference } from './reversal';
import {
  consolidationOverview,
  customerConsignment,
  staffConsignment,
  staffConsignments,
} from './views';

/**
 * The customer's consolidation calls (decision 0041, src/shared/api/consolidation.ts), under
 * /public/consolidation: a session, and only the caller's own bookings and consignments (another
 * customer's answer 404 like unknown ones).
 */
export const consolidationRoutes: FastifyPluginAsyncZod = async (app) => {
  acceptEmptyJsonBodies(app);
  const db = app.database.db;
  const me = (request: Parameters<typeof authOf>[0]) => authOf(request).user.id;
  const customer = app.requireAuth();

  app.get(
    '/',
    {
      onRequest: customer,
      schema: {
        operationId: 'consolidationOverview',
        summary: 'The bookings that could ship together, and the customer’s consolidations',
        response: { 200: consolidationOverviewResponse },
      },
    },
    async (request) => consolidationOverview(db, me(request), app.clock.now()),
  );

  app.post(
    '/estimate',
    {
      config: MOVES_NO_MONEY,
      onRequest: customer,
      schema: {
        operationId: 'estimateConsolidation',
        summary: 'The price of one crossing for the chosen bookings, less what was paid',
        body: consolidationChoiceSchema,
        response: { 200: consolidationEstimateSchema },
        answers: {
          404: 'A booking chosen is unknown or another customer’s.',
          409: 'A booking cannot join (not paid, left, other island, already in one), or together they are larger than every band.',
        },
      },
    },
    async (request) => estimateConsolidation(db, me(request), request.body.OrderIds),
  );

  app.post(
    '/create',
    {
      config: MOVES_MONEY,
      onRequest: customer,
      schema: {
        operationId: 'requestConsolidation',
        summary: 'Asks to ship the chosen bookings together',
        body: consolidationChoiceSchema,
        response: { 201: consignmentSchema },
        answers: {
          404: 'A booking chosen is unknown or another customer’s.',
          409: 'A booking cannot join (not paid, left, other island, already in one), or together they are larger than every band.',
        },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await requestConsolidation(app, me(request), request.body.OrderIds)),
  );

  app.post(
    '/cancel/:Id',
    {
      config: MOVES_MONEY,
      onRequest: customer,
      schema: {
        operationId: 'cancelConsolidation',
        summary: 'Cancels a consolidation until repacking starts',
        params: idParams,
        response: { 200: consignmentSchema },
        answers: { 409: 'Repacking has started (or it was dispatched or cancelled already).' },
      },
    },
    async (request) =>
      cancelConsolidation(app, request.params.Id, { type: 'customer', id: me(request) }),
  );

  app.post(
    '/leaveout/:Id',
    {
      config: MOVES_MONEY,
      onRequest: customer,
      schema: {
        operationId: 'leaveOutOfConsolidation',
        summary: 'A late parcel’s booking goes on its own; the rest go on without it',
        params: idParams,
        body: leaveOutSchema,
        response: { 200: consignmentSchema },
        answers: {
          409: 'That booking is not awaited in it, or its parcel is not late yet.',
        },
      },
    },
    async (request) => leaveOut(app, me(request), request.params.Id, request.body.OrderId),
  );

  app.get(
    '/:Id',
    {
      onRequest: customer,
      schema: {
        operationId: 'getConsolidation',
        summary: 'One of the customer’s consolidations',
        params: idParams,
        response: { 200: consignmentSchema },
      },
    },
    async (request) => customerConsignment(db, me(request), request.params.Id, app.clock.now()),
  );
};

/**
 * The depot's and the office's consolidation calls, under /api/admin: the depot lists, repacks,
 * measures and dispatches (receive and dispatch Parcel); the office reverses the difference
 * (refund Order).
 */
export const consolidationAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  acceptEmptyJsonBodies(app);
  const db = app.database.db;
  const me = (request: Parameters<typeof authOf>[0]) => authOf(request).user.id;
  const reader = app.requireAuth({ can: ['read', 'Parcel'] });
  const receiver = app.requireAuth({ can: ['receive', 'Parcel'] });
  const dispatcher = app.requireAuth({ can: ['dispatch', 'Parcel'] });
  const refunder = app.requireAuth({ can: ['refund', 'Order'] });
  const one = { 200: staffConsignmentSchema };
  await scheduleLateParcelQuestions(app);

  app.get(
    '/depot/consignments',
    {
      onRequest: reader,
      schema: {
        summary: 'Consolidations at the depot: open (oldest first), dispatched or cancelled',
        querystring: consignmentsQuery,
        response: { 200: consignmentsResponse },
      },
    },
    async (request) => staffConsignments(db, request.query, app.clock.now()),
  );

  app.get(
    '/depot/consignments/:Id',
    {
      onRequest: reader,
      schema: {
        summary: 'A consolidation, its parcels arrived and awaited',
        params: idParams,
        response: one,
      },
    },
    async (request) => staffConsignment(db, request.params.Id, app.clock.now()),
  );

  app.get(
    '/depot/consignments/:Id/customs.pdf',
    {
      onRequest: reader,
      schema: {
        operationId: 'getConsignmentCustomsDeclaration',
        summary:
          "A consolidated box's customs declaration (PDF): one CN22 or CN23 by the box's total value, listing every item of all its orders",
        params: idParams,
        answers: {
          404: 'No such consolidation.',
          409: 'An order’s item lines are missing or do not add up (the message says which).',
        },
      },
    },
    async (request, reply) => {
      const declaration = await consignmentDeclarationOf(db, request.params.Id, app.config.brand);
      const pdf = await renderDeclaration({
        ...declaration,
        brand: app.config.brand,
        date: declarationDate(app.clock.now()),
      });
      return sendDeclarationPdf(reply, declaration, pdf);
    },
  );

  app.post(
    '/depot/consignments/:Id/repack',
    {
      config: MOVES_NO_MONEY,
      onRequest: receiver,
      schema: {
        summary: 'Starts repacking a consolidation whose parcels are all in',
        params: idParams,
        response: one,
        answers: { 409: 'It is not ready (parcels awaited, or repacked, dispatched, cancelled).' },
      },
    },
    async (request) => startRepacking(app, request.params.Id, me(request)),
  );

  app.post(
    '/depot/consignments/:Id/measure',
    {
      config: MOVES_NO_MONEY,
      onRequest: receiver,
      schema: {
        summary: 'The repacked box, weighed and measured: its price of one crossing',
        params: idParams,
        body: measureBoxSchema,
        response: one,
        answers: { 409: 'It is not being repacked, or the box is larger than every band.' },
      },
    },
    async (request) => measureBox(app, request.params.Id, request.body, me(request)),
  );

  app.post(
    '/depot/consignments/:Id/dispatch',
    {
      config: MOVES_MONEY,
      onRequest: dispatcher,
      schema: {
        summary: 'The box leaves as one consignment; the difference is refunded or invoiced once',
        params: idParams,
        body: dispatchConsignmentSchema,
        response: one,
        answers: {
          403: 'The box costs less than was paid, and the staff member may not give money back (the depot): an office member dispatches it.',
          409: 'It is not being repacked (or was dispatched already), the box is not measured, or an order is held.',
        },
      },
    },
    async (request) => {
      const sailingDate = new Date(`${request.body.SailingDate}T12:00:00Z`);
      // The depot's sailing window (depot/dispatch-routes.ts): a date mistyped by a month is refused.
      if (Math.abs(differenceInCalendarDays(sailingDate, app.clock.now())) > 30) {
        throw new HttpError(400, 'Please check the fields below.', [
          { field: 'SailingDate', error: DEPOT_MESSAGES.sailingDate },
        ]);
      }
      return dispatchConsignment(
        app,
        request.params.Id,
        {
          sailingDate,
          carrier: request.body.Carrier,
          trackingNumber: request.body.TrackingNumber,
        },
        me(request),
        can(authOf(request).ability, 'refund', 'Order'),
      );
    },
  );

  app.post(
    '/consignments/:Id/reverse',
    {
      config: MOVES_MONEY,
      onRequest: refunder,
      schema: {
        summary: 'The office reverses a consolidation’s difference (once, audited)',
        params: idParams,
        body: reverseSchema,
        response: one,
        answers: {
          409: 'Nothing was refunded or invoiced on it, its refund is still being made, or it was reversed already.',
        },
      },
    },
    async (request) => reverseDifference(app, request.params.Id, request.body.Reason, me(request)),
  );
};
