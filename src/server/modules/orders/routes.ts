import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  customerOrdersResponse,
  quoteRequestSchema,
  quoteResponseSchema,
} from '../../../shared/api/orders';
import { acceptEmptyJsonBodies, authOf } from '../../lib/auth';
import { createQuote, customerOrders } from './service';

/**
 * Orders (SPEC section 7), the calls of issue 6 so far. Every call needs a logged-in customer
 * and reaches only that customer's orders.
 *
 * - POST /public/orders: the customer's Orders and Invoices (no invoices yet).
 * - POST /public/orders/createquote: stores a quote request for a parcel that fits no band;
 *   201 with the stored request (its Reference and StatusId_Name `Quote Requested`).
 */
export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  acceptEmptyJsonBodies(app);

  app.post(
    '/',
    {
      onRequest: app.requireAuth(),
      schema: { response: { 200: customerOrdersResponse } },
    },
    async (request) => {
      const { user } = authOf(request);
      return { Orders: await customerOrders(app.database.db, user.id), Invoices: [] };
    },
  );

  app.post(
    '/createquote',
    {
      onRequest: app.requireAuth(),
      schema: { body: quoteRequestSchema, response: { 201: quoteResponseSchema } },
    },
    async (request, reply) => {
      const { user } = authOf(request);
      const quote = await createQuote(app.database.db, user.id, request.body);
      request.log.info({ orderId: quote.Id }, 'quote requested');
      return reply.status(201).send(quote);
    },
  );
};
