import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OFFICE_MESSAGES } from '../../../shared/api/office';
import { ORDER_DETAIL_MESSAGES } from '../../../shared/order-timeline';
import {
  TRACKING_MESSAGES,
  trackedParcelSchema,
  trackingCode,
  trackingLinkSchema,
  trackingOrderParams,
  trackParcelParams,
} from '../../../shared/api/tracking';
import { access, acceptEmptyJsonBodies, authOf } from '../../lib/auth';
import { HttpError } from '../../lib/errors';
import { findByPublicCode } from '../../lib/public-codes';
import { orders } from '../../db/schema';
import { eq } from 'drizzle-orm';
import { replaceTrackingCode } from '../../lib/tracking-codes';
import { isOwnOrder, trackedParcel } from './service';

/**
 * Following a parcel without logging in (docs/decisions/0036), under /public:
 * - GET /public/track/{code}: the public page's data; a wrong or replaced code is a 404. Rate
 *   limited per address (`trackParcel`) the way the certificate check is (lib/public-codes.ts).
 * - POST /public/orders/tracking/{Id}: the customer replaces the code of their own order (another
 *   customer's order is a 404, like an unknown one).
 */
export const trackingRoutes: FastifyPluginAsyncZod = async (app) => {
  acceptEmptyJsonBodies(app);
  const db = app.database.db;

  app.get(
    '/track/:code',
    {
      config: access('anonymous'),
      schema: {
        operationId: 'trackParcel',
        summary: 'Follow an order’s parcel with its private tracking code (no login)',
        params: trackParcelParams,
        response: { 200: trackedParcelSchema },
        answers: { 429: 'Too many lookups from this address: try again after Retry-After.' },
      },
    },
    async (request, reply) => {
      const found = await findByPublicCode(app, 'trackParcel', request, reply, {
        code: request.params.code,
        schema: trackingCode,
        find: (code) => trackedParcel(db, code, app.clock.now()),
        notFound: TRACKING_MESSAGES.notFound,
      });
      // Nobody but the holder of the link should keep a copy, and no search engine list it.
      reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
      return found;
    },
  );

  app.post(
    '/orders/tracking/:Id',
    {
      onRequest: app.requireAuth(),
      schema: {
        operationId: 'replaceOrderTrackingLink',
        summary:
          'Replace the tracking link of the customer’s own order (the old one stops working)',
        params: trackingOrderParams,
        response: { 200: trackingLinkSchema },
      },
    },
    async (request) => {
      const { user } = authOf(request);
      const { Id } = request.params;
      if (!(await isOwnOrder(db, user.id, Id))) {
        throw new HttpError(404, ORDER_DETAIL_MESSAGES.notFound);
      }
      return {
        TrackingPath: await replaceTrackingCode(db, Id, { userId: user.id, role: 'customer' }),
      };
    },
  );
};

/** POST /api/admin/orders/{Id}/tracking: the office replaces an order's tracking code. */
export const officeTrackingRoutes: FastifyPluginAsyncZod = async (app) => {
  acceptEmptyJsonBodies(app);
  const db = app.database.db;

  app.post(
    '/orders/:Id/tracking',
    {
      onRequest: app.requireAuth({ can: ['manage', 'Order'] }),
      schema: {
        operationId: 'officeReplaceOrderTrackingLink',
        summary: 'Replace an order’s tracking link (the old one stops working)',
        params: trackingOrderParams,
        response: { 200: trackingLinkSchema },
      },
    },
    async (request) => {
      const { Id } = request.params;
      const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, Id));
      if (!order) throw new HttpError(404, OFFICE_MESSAGES.noSuchOrder);
      return {
        TrackingPath: await replaceTrackingCode(db, Id, {
          userId: authOf(request).user.id,
          role: 'staff',
        }),
      };
    },
  );
};
