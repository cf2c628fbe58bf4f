import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bookByQuery,
  bookByResponse,
  calendarQuery,
  calendarResponse,
  closingDayInputSchema,
  closingDayResponse,
  closingDaysQuery,
  closingDaysResponse,
  exceptionInputSchema,
  exceptionResponse,
  idParams,
  islandParams,
  promiseQuery,
  promiseResponse,
  routesResponse,
  updateRouteSchema,
} from '../../../shared/api/sailings';
import { access, acceptEmptyJsonBodies, authOf } from '../../lib/auth';
import { backlogResponse, onTimeQuery, onTimeResponse } from '../../../shared/api/sailing-plans';
import { backlog, onTimeReport } from './backlog';
import { bookByNow, calendar, promiseNow } from './promises';
import { defineSailingNotices, tellSoon } from './notices';
import { scheduleMissedSailings } from './storms';
import { closingDaysBetween, routes } from './queries';
import {
  createClosingDay,
  createException,
  deleteClosingDay,
  deleteException,
  updateClosingDay,
  updateException,
  updateRoute,
} from './service';

/**
 * The timetable for staff, under /api/admin/sailings (docs/decisions/0048): the depot and the
 * office read it (`read Sailing`), the office changes it (`manage Sailing`), every change audited.
 * They also read the backlog per route and the on-time rate; a cancelled, changed or restored
 * sailing moves the parcels planned on it (docs/decisions/0049).
 */
export const sailingsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  acceptEmptyJsonBodies(app);
  const db = app.database.db;
  const read = app.requireAuth({ can: ['read', 'Sailing'] });
  const manage = app.requireAuth({ can: ['manage', 'Sailing'] });
  const actor = (request: Parameters<typeof authOf>[0]) => authOf(request).user.id;
  const context = () => ({ now: app.clock.now() });
  await scheduleMissedSailings(app);
  await defineSailingNotices(app);
  // A change to the timetable may have moved parcels: once its answer is sent (it does not wait
  // for the e-mails), the queue that tells their customers is woken (./notices.ts).
  app.addHook('onResponse', (request, reply, done) => {
    // after this turn of the event loop: on PGlite the job's queries would hold it up otherwise
    if (request.method !== 'GET' && reply.statusCode < 300) setImmediate(() => void tellSoon(app));
    done();
  });

  app.get(
    '/routes',
    {
      onRequest: read,
      schema: {
        operationId: 'listSailingRoutes',
        summary: 'Each route’s weekly pattern of sailings, capacity and delivery days',
        response: { 200: routesResponse },
      },
    },
    async () => ({ Routes: await routes(db) }),
  );

  app.put(
    '/routes/:Island',
    {
      onRequest: manage,
      schema: {
        operationId: 'updateSailingRoute',
        summary: 'Replace a route’s weekly pattern, capacity and delivery days',
        params: islandParams,
        body: updateRouteSchema,
        response: { 200: routesResponse.shape.Routes.element },
        answers: { 404: 'There is no such route.' },
      },
    },
    (request) => updateRoute(db, actor(request), request.params.Island, request.body, context()),
  );

  app.get(
    '/calendar',
    {
      onRequest: read,
      schema: {
        operationId: 'sailingCalendar',
        summary: 'The dated sailings of every route over the coming weeks, with the closing days',
        querystring: calendarQuery,
        response: { 200: calendarResponse },
      },
    },
    (request) => calendar(db, app.clock.now(), request.query),
  );

  app.get(
    '/backlog',
    {
      onRequest: read,
      schema: {
        operationId: 'sailingBacklog',
        summary:
          'Each route’s parcels waiting, their weight and size against each sailing’s capacity, and the sailing each will take',
        response: { 200: backlogResponse },
      },
    },
    () => backlog(db, app.clock.now()),
  );

  app.get(
    '/on-time',
    {
      onRequest: read,
      schema: {
        operationId: 'sailingOnTimeRate',
        summary:
          'The share of parcels delivered within their promise, per week and per route, and why the late ones were late',
        querystring: onTimeQuery,
        response: { 200: onTimeResponse },
      },
    },
    (request) => onTimeReport(db, app.clock.now(), request.query.Weeks),
  );

  app.post(
    '/exceptions',
    {
      onRequest: manage,
      schema: {
        operationId: 'createSailingException',
        summary: 'Add an extra sailing, or cancel or change one (with the reason customers read)',
        body: exceptionInputSchema,
        response: { 201: exceptionResponse },
        answers: { 409: 'The route already has an exception on that day.' },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createException(db, actor(request), request.body, context())),
  );

  app.put(
    '/exceptions/:Id',
    {
      onRequest: manage,
      schema: {
        operationId: 'updateSailingException',
        summary: 'Change an exception to the timetable',
        params: idParams,
        body: exceptionInputSchema,
        response: { 200: exceptionResponse },
        answers: {
          404: 'There is no such exception.',
          409: 'The route already has an exception on that day.',
        },
      },
    },
    (request) => updateException(db, actor(request), request.params.Id, request.body, context()),
  );

  app.delete(
    '/exceptions/:Id',
    {
      onRequest: manage,
      schema: {
        operationId: 'deleteSailingException',
        summary: 'Remove an exception: the sailing is as the weekly pattern has it',
        params: idParams,
        answers: { 204: 'Removed.', 404: 'There is no such exception.' },
      },
    },
    async (request, reply) => {
      await deleteException(db, actor(request), request.params.Id, context());
      return reply.status(204).send();
    },
  );

  app.get(
    '/closing-days',
    {
      onRequest: read,
      schema: {
        operationId: 'listClosingDays',
        summary: 'The closing days of the depot and the islands between two days',
        querystring: closingDaysQuery,
        response: { 200: closingDaysResponse },
      },
    },
    async (request) => ({
      ClosingDays: await closingDaysBetween(db, request.query.From, request.query.To),
    }),
  );

  app.post(
    '/closing-days',
    {
      onRequest: manage,
      schema: {
        operationId: 'createClosingDay',
        summary: 'Add a closing day of the depot (england) or an island',
        body: closingDayInputSchema,
        response: { 201: closingDayResponse },
        answers: { 409: 'That day is already a closing day there.' },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createClosingDay(db, actor(request), request.body, context())),
  );

  app.put(
    '/closing-days/:Id',
    {
      onRequest: manage,
      schema: {
        operationId: 'updateClosingDay',
        summary: 'Change a closing day',
        params: idParams,
        body: closingDayInputSchema,
        response: { 200: closingDayResponse },
        answers: {
          404: 'There is no such closing day.',
          409: 'That day is already a closing day there.',
        },
      },
    },
    (request) => updateClosingDay(db, actor(request), request.params.Id, request.body, context()),
  );

  app.delete(
    '/closing-days/:Id',
    {
      onRequest: manage,
      schema: {
        operationId: 'deleteClosingDay',
        summary: 'Remove a closing day',
        params: idParams,
        answers: { 204: 'Removed.', 404: 'There is no such closing day.' },
      },
    },
    async (request, reply) => {
      await deleteClosingDay(db, actor(request), request.params.Id, context());
      return reply.status(204).send();
    },
  );
};

/** When a parcel arrives, for anyone (the booking steps, basket, checkout), under /public/sailings. */
export const sailingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    '/promise',
    {
      config: access('anonymous'),
      schema: {
        operationId: 'arrivalPromise',
        summary: 'When a parcel to an island arrives, by the timetable, asked now',
        querystring: promiseQuery,
        response: { 200: promiseResponse },
      },
    },
    (request) => promiseNow(db, app.clock.now(), request.query),
  );

  app.get(
    '/book-by',
    {
      config: access('anonymous'),
      schema: {
        operationId: 'bookByDate',
        summary: 'The last moment a parcel may reach the depot to arrive by a day',
        querystring: bookByQuery,
        response: { 200: bookByResponse },
      },
    },
    (request) => bookByNow(db, app.clock.now(), request.query),
  );
};
