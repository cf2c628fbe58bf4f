import { MOVES_MONEY, MOVES_NO_MONEY } from '../../lib/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '../../../shared/api/listing';
import { me } from './route-helpers';
import {
  cancelOrderSchema,
  officeOrderDetailResponse,
  officeOrdersQuery,
  officeOrdersResponse,
  officeQuoteSchema,
  officeQuotesQuery,
  officeQuotesResponse,
  officeTodayResponse,
  orderNoteSchema,
  priceQuoteSchema,
  raiseInvoiceSchema,
  refundOrderSchema,
} from '../../../shared/api/office';
import { invoiceSchema } from '../../../shared/api/orders';
import { toPence } from '../../../shared/money';
import { officeOrderDetail, searchOrders } from './queries';
import { listQuotes } from './lists';
import { officeToday } from './today';
import {
  addOrderNote,
  cancelOrder,
  priceQuoteAsStaff,
  raiseOrderInvoice,
  refundOrder,
} from './service';

/**
 * The office's orders and quotes (decision 0018), under /api/admin: Today, the orders list and an
 * order (`manage Order`), cancelling, refunding (`refund Order`), raising an invoice and noting an
 * order, and the quotes to price (`manage Quote`), as service.ts and queries.ts serve them.
 */
export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  // Customers have rules on their own orders, invoices and cases: these are staff routes.
  const orders = app.requireAuth({ can: ['manage', 'Order'] });
  const refunder = app.requireAuth({ can: ['refund', 'Order'] });
  const quotes = app.requireAuth({ can: ['manage', 'Quote'] });
  const detail = { 200: officeOrderDetailResponse };

  // --- today ---
  app.get(
    '/today',
    {
      onRequest: orders,
      schema: { summary: "The office's work for today", response: { 200: officeTodayResponse } },
    },
    async () => officeToday(db, app.clock.now()),
  );

  // --- orders ---
  app.get(
    '/orders',
    {
      onRequest: orders,
      schema: {
        summary: 'A page of orders',
        querystring: officeOrdersQuery,
        response: { 200: officeOrdersResponse },
      },
    },
    async (request) => searchOrders(db, request.query),
  );

  app.get(
    '/orders/:Id',
    {
      onRequest: orders,
      schema: { summary: 'An order, in full', params: idParams, response: detail },
    },
    async (request) => officeOrderDetail(db, request.params.Id),
  );

  app.post(
    '/orders/:Id/cancel',
    {
      config: MOVES_MONEY,
      onRequest: refunder,
      schema: {
        summary: 'Cancel an order (refunding what was paid)',
        answers: {
          409: 'The order cannot be cancelled now, or a checkout is still open.',
          502: 'The payment provider did not refund all of it: the order is cancelled, the shortfall is reported.',
        },
        params: idParams,
        body: cancelOrderSchema,
        response: detail,
      },
    },
    async (request) => {
      await cancelOrder(app, request.params.Id, request.body.Reason, me(request));
      return officeOrderDetail(db, request.params.Id);
    },
  );

  app.post(
    '/orders/:Id/refund',
    {
      config: MOVES_MONEY,
      onRequest: refunder,
      schema: {
        summary: 'Refund part or all of an order',
        answers: {
          409: 'More than is left to refund.',
          502: 'The payment provider did not refund all of it.',
        },
        params: idParams,
        body: refundOrderSchema,
        response: detail,
      },
    },
    async (request) => {
      const { Amount, Reason } = request.body;
      await refundOrder(
        app,
        request.params.Id,
        { amountPence: toPence(Amount), reason: Reason },
        me(request),
      );
      return officeOrderDetail(db, request.params.Id);
    },
  );

  app.post(
    '/orders/:Id/invoices',
    {
      config: MOVES_MONEY,
      onRequest: orders,
      schema: {
        summary: 'Invoice an order for a further amount',
        answers: {
          201: 'The invoice is raised and sent.',
          409: 'The order cannot be invoiced now.',
        },
        params: idParams,
        body: raiseInvoiceSchema,
        response: { 201: invoiceSchema },
      },
    },
    async (request, reply) => {
      const { Amount, Reason, Hold } = request.body;
      const invoice = await raiseOrderInvoice(
        app,
        request.params.Id,
        { amountPence: toPence(Amount), reason: Reason, hold: Hold },
        me(request),
      );
      return reply.status(201).send(invoice);
    },
  );

  app.post(
    '/orders/:Id/notes',
    {
      onRequest: orders,
      schema: {
        summary: 'Add a note to an order',
        params: idParams,
        body: orderNoteSchema,
        response: detail,
      },
    },
    async (request) => {
      await addOrderNote(db, request.params.Id, request.body.Note, me(request));
      return officeOrderDetail(db, request.params.Id);
    },
  );

  // --- quotes ---
  app.get(
    '/quotes',
    {
      onRequest: quotes,
      schema: {
        summary: 'A page of quotes',
        querystring: officeQuotesQuery,
        response: { 200: officeQuotesResponse },
      },
    },
    async (request) => listQuotes(db, request.query),
  );

  app.post(
    '/quotes/:Id/price',
    {
      config: MOVES_NO_MONEY,
      onRequest: quotes,
      schema: {
        summary: 'Price a quote',
        answers: { 409: 'The quote is not waiting for a price.' },
        params: idParams,
        body: priceQuoteSchema,
        response: { 200: officeQuoteSchema },
      },
    },
    async (request) => {
      const { Amount, Note } = request.body;
      return priceQuoteAsStaff(
        app,
        request.params.Id,
        { amountPence: toPence(Amount), note: Note },
        me(request),
      );
    },
  );
};
