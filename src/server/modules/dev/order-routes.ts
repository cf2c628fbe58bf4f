import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toPence } from '../../../shared/money';
import { orders } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { SYSTEM, TransitionError, transitionOrders } from '../orders/lifecycle';
import { reference } from './depot-routes';
import { onlyFromThisMachine } from './routes';

/**
 * Development only (never registered in production), until the office's screens exist (issue
 * 13): move an order as the office will, so a demo and the browser tests can show it.
 * - POST /dev/quotes/price: prices a quote request (Quote Requested to Quote Ready, with the
 *   price and a note): a quote for the customer to answer.
 * - POST /dev/orders/cancel: cancels an order not yet shipped (it leaves the customer's list).
 */

export const devOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', onlyFromThisMachine);
  const db = app.database.db;

  app.post(
    '/quotes/price',
    {
      schema: {
        body: z
          .object({
            OrderReference: reference,
            Price: z.number().positive().max(10_000),
            Note: z.string().trim().max(500).default(''),
          })
          .strict(),
      },
    },
    async (request) => {
      const { OrderReference: orderId, Price, Note } = request.body;
      await db.transaction(async (tx) => {
        const moved = await transitionOrders(
          tx,
          [orderId],
          'Quote Requested',
          'Quote Ready',
          SYSTEM,
          Note,
        );
        if (moved.length === 0) throw new HttpError(409, 'No quote request waits for a price.');
        await tx
          .update(orders)
          .set({ quotePricePence: toPence(Price), quoteNote: Note, quotedAt: new Date() })
          .where(and(eq(orders.id, orderId), eq(orders.status, 'Quote Ready')));
      });
      return { ok: true };
    },
  );

  app.post(
    '/orders/cancel',
    { schema: { body: z.object({ OrderReference: reference }).strict() } },
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
