import { access } from '../../lib/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { customerOrderSchema } from '../../../shared/api/orders';
import { devPriceQuoteRequest } from '../../../shared/api/quotes';
import { toPence } from '../../../shared/money';
import { orderIdFromReference } from '../../../shared/order-reference';
import { QUOTE_MESSAGES } from '../../../shared/quotes';
import { HttpError } from '../../lib/errors';
import { priceQuote } from '../orders/quotes';
import { onlyFromThisMachine } from '../../lib/this-machine';

/**
 * Development only (never registered in production): POST /dev/quotes/price prices a requested
 * quote, as the office will from the back office (decision 0018), so that a demo and the browser
 * tests can accept or decline one from /dashboard/quote/{id}. The customer is e-mailed as they will
 * be.
 */
export const devQuoteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', onlyFromThisMachine);
  app.post(
    '/quotes/price',
    {
      config: access('this-machine'),
      schema: { body: devPriceQuoteRequest, response: { 200: customerOrderSchema } },
    },
    async (request) => {
      const { OrderReference, Amount, Note } = request.body;
      const orderId = orderIdFromReference(OrderReference);
      if (orderId === null) throw new HttpError(404, QUOTE_MESSAGES.notFound);
      return app.database.db.transaction((tx) =>
        priceQuote(
          tx,
          app.config,
          orderId,
          { amountPence: toPence(Amount), note: Note },
          { type: 'system' },
        ),
      );
    },
  );
};
