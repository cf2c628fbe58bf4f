import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  checkDiscountRequest,
  checkDiscountResponse,
  checkoutHeaders,
  checkoutRequest,
  checkoutResponse,
} from '../../../shared/api/checkout';
import { acceptEmptyJsonBodies, authOf, MOVES_MONEY } from '../../lib/auth';
import { checkDiscount, createCheckout } from './service';

/**
 * The checkout, under /public/orders (docs/decisions/0012, 0013): a logged-in customer checks a
 * discount code against the basket, then books the basket and starts paying. The server alone
 * decides whether an Idempotency-Key is still good (./service.ts).
 *
 * - POST /public/orders/checkdiscount
 * - POST /public/orders/create
 */
export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  acceptEmptyJsonBodies(app);

  app.post(
    '/checkdiscount',
    {
      onRequest: app.requireAuth(),
      schema: {
        summary: 'Check a discount code against a basket',
        body: checkDiscountRequest,
        response: { 200: checkDiscountResponse },
      },
    },
    async (request) => checkDiscount(app, authOf(request).user.id, request.body),
  );

  app.post(
    '/create',
    {
      config: MOVES_MONEY,
      onRequest: app.requireAuth(),
      schema: {
        summary: 'Book the basket and start paying',
        answers: {
          201: 'Booked: the payment is started.',
          409: 'The Idempotency-Key belongs to a checkout already paid: send a new key.',
        },
        headers: checkoutHeaders,
        body: checkoutRequest,
        response: { 200: checkoutResponse, 201: checkoutResponse },
      },
    },
    async (request, reply) => {
      const { user } = authOf(request);
      const { result, created } = await createCheckout(
        app,
        user,
        request.body,
        request.headers['idempotency-key'],
      );
      if (created) {
        request.log.info(
          { payment: result.Payment.Reference, orders: result.Orders.map((o) => o.Id) },
          'checkout created',
        );
      }
      return reply.status(created ? 201 : 200).send(result);
    },
  );
};
