import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orders } from '../../db/schema';
import { access } from '../../lib/auth';
import { HttpError } from '../../lib/errors';
import { TransitionError, transitionOrders } from '../orders/lifecycle';
import { SYSTEM } from '../../lib/actor';
import { reference } from './depot-routes';
import { onlyFromThisMachine } from '../../lib/this-machine';

/**
 * Development only (never registered in production), until the office's screens exist
 * (decision 0018): move an order as the office will, so a demo and the browser tests can show it.
 * - POST /dev/orders/cancel: cancels an order not yet shipped (it leaves the customer's list).
 */

export const devOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', onlyFromThisMachine);
  const db = app.database.db;

  app.post(
    '/orders/cancel',
    {
      config: access('this-machine'),
      schema: { body: z.object({ OrderReference: reference }).strict() },
    },
    async (request) => {
      const orderId = request.body.OrderReference;
      await db.transaction(async (tx) => {
        const [order] = await tx
          .select({ status: orders.status })
          .from(orders)
          .where(eq(orders.id, orderId))
          .for('update');
        if (!order) throw new HttpError(404, 'No such order.');
        try {
          await transitionOrders(tx, [orderId], order.status, 'Cancelled', SYSTEM, 'Cancelled');
        } catch (err) {
          if (!(err instanceof TransitionError)) throw err;
          throw new HttpError(409, `This order is ${order.status}: it cannot be cancelled.`);
        }
      });
      return { ok: true };
    },
  );
};
