import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkoutResponse } from '../../../shared/api/checkout';
import {
  acceptQuoteRequest,
  customerQuoteSchema,
  declineParams,
  quoteParams,
} from '../../../shared/api/quotes';
import { authOf, MOVES_MONEY } from '../../lib/auth';
import { acceptQuote, quoteView } from '../checkout/quote-payments';
import { declineQuote, findCustomerQuote } from '../orders/quotes';

/**
 * Quotes (docs/requirements.md §7, decision 0020), under /public/orders. Every call needs a
 * logged-in customer and reaches only that customer's quotes: another customer's id is a 404.
 *
 * - GET /public/orders/quote/{id}: the quote, what it answers, and what may be done with it.
 * - POST /public/orders/accept/{id}: accept with extras and addresses; answers its payment.
 * - POST /public/orders/decline/{Id}: decline (no body); answers the quote.
 */
export const quoteRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    '/quote/:id',
    {
      onRequest: app.requireAuth(),
      schema: {
        summary: 'A quote of the customer',
        params: quoteParams,
        response: { 200: customerQuoteSchema },
      },
    },
    async (request) =>
      quoteView(db, await findCustomerQuote(db, authOf(request).user.id, request.params.id)),
  );

  app.post(
    '/accept/:id',
    {
      config: MOVES_MONEY,
      onRequest: app.requireAuth(),
      schema: {
        summary: 'Accept a priced quote and start paying it',
        answers: {
          201: 'Accepted: the payment is started.',
          409: 'The quote cannot be accepted now, or was accepted with other choices.',
        },
        params: quoteParams,
        body: acceptQuoteRequest,
        response: { 200: checkoutResponse, 201: checkoutResponse },
      },
    },
    async (request, reply) => {
      const { user } = authOf(request);
      const { result, created } = await acceptQuote(app, user, request.params.id, request.body);
      if (created) {
        request.log.info(
          { orderId: request.params.id, payment: result.Payment.Reference },
          'quote accepted',
        );
      }
      return reply.status(created ? 201 : 200).send(result);
    },
  );

  app.post(
    '/decline/:Id',
    {
      onRequest: app.requireAuth(),
      schema: {
        summary: 'Decline a quote',
        answers: { 409: 'The quote cannot be declined now.' },
        params: declineParams,
        response: { 200: customerQuoteSchema },
      },
    },
    async (request) => {
      const { user } = authOf(request);
      const declined = await db.transaction((tx) => declineQuote(tx, user.id, request.params.Id));
      request.log.info({ orderId: declined.id }, 'quote declined');
      return quoteView(db, declined);
    },
  );
};
