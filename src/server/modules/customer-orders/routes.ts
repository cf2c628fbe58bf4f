import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CHECKOUT_MESSAGES } from '../../../shared/api/checkout';
import {
  customerOrderSchema,
  customerOrdersResponse,
  customerInvoiceSchema,
  orderHistoryRequest,
  orderSummaryResponse,
  quoteRequestSchema,
} from '../../../shared/api/orders';
import { gstEstimateRequest, gstEstimateResponse } from '../../../shared/api/gst';
import { acceptEmptyJsonBodies, authOf, MOVES_NO_MONEY } from '../../lib/auth';
import { HttpError } from '../../lib/errors';
import { pathId } from '../../../shared/api/listing';
import { findCustomerInvoice, openDisputeOf } from '../invoices/service';
import { quoteRoutes } from './quote-routes';
import { orderHistory, orderSummary } from './history';
import { estimateCustomerGst } from '../orders/gst';
import { createQuote } from '../orders/service';

/**
 * Orders (docs/requirements.md §7). Every call needs a logged-in customer and reaches only that
 * customer's orders and invoices: another customer's id is a 404.
 *
 * - POST /public/orders: a page of the customer's Orders (Cancelled ones hidden,
 * docs/requirements.md §4)
 *   and the Invoices of those orders; `{ options, filter: { Status, Search } }`, no body = the
 *   defaults (newest first, 20 a page). See ./history.ts.
 * - GET /public/orders/summary: what needs the customer now (quotes to answer, invoices to pay,
 *   parcels at the depot), for My Account.
 * - POST /public/orders/createquote: stores a quote request for a parcel that fits no band.
 * - POST /public/orders/checkdiscount, POST /public/orders/create: the checkout, its own module
 *   (../checkout/routes.ts).
 * - POST /public/orders/gst-estimate: island GST on the basket's bookings with the customer's
 *   parcels not yet shipped (../orders/gst.ts), and the warning when combining crosses the threshold.
 * - GET /public/orders/invoices/{id}: one invoice.
 * - Quotes: GET quote/{id}, POST accept/{id}, POST decline/{Id} (./quote-routes.ts).
 */
export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  acceptEmptyJsonBodies(app);
  const db = app.database.db;
  await app.register(quoteRoutes);

  app.post(
    '/',
    {
      onRequest: app.requireAuth(),
      schema: {
        summary: "A page of the customer's orders",
        body: orderHistoryRequest,
        response: { 200: customerOrdersResponse },
      },
    },
    async (request) => orderHistory(app, authOf(request).user.id, request.body),
  );

  app.get(
    '/summary',
    {
      onRequest: app.requireAuth(),
      schema: { summary: 'What needs the customer now', response: { 200: orderSummaryResponse } },
    },
    async (request) => orderSummary(db, authOf(request).user.id, app.clock.now()),
  );

  app.post(
    '/createquote',
    {
      config: MOVES_NO_MONEY,
      onRequest: app.requireAuth(),
      schema: {
        summary: 'Ask for a quote for a parcel of another size',
        body: quoteRequestSchema,
        response: { 201: customerOrderSchema },
      },
    },
    async (request, reply) => {
      const { user } = authOf(request);
      const quote = await createQuote(db, user.id, request.body);
      request.log.info({ orderId: quote.Id }, 'quote requested');
      return reply.status(201).send(quote);
    },
  );

  app.post(
    '/gst-estimate',
    {
      onRequest: app.requireAuth(),
      schema: {
        operationId: 'estimateGst',
        summary: 'Island GST on the basket with the parcels not yet shipped, before paying',
        body: gstEstimateRequest,
        response: { 200: gstEstimateResponse },
      },
    },
    async (request) => estimateCustomerGst(app, authOf(request).user.id, request.body.Orders),
  );

  app.get(
    '/invoices/:id',
    {
      onRequest: app.requireAuth(),
      schema: {
        summary: 'An invoice of the customer',
        params: z.object({ id: pathId }),
        response: { 200: customerInvoiceSchema },
      },
    },
    async (request) => {
      const found = await findCustomerInvoice(db, authOf(request).user.id, request.params.id);
      if (!found) throw new HttpError(404, CHECKOUT_MESSAGES.invoiceNotFound);
      return { ...found.invoice, DisputedIn: await openDisputeOf(db, found.row.id) };
    },
  );
};
