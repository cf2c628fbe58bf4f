import { access } from '../../lib/auth';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invoiceSchema } from '../../../shared/api/orders';
import { amountSchema } from '../../../shared/api/office';
import { toPence } from '../../../shared/money';
import { orderIdFromReference } from '../../../shared/order-reference';
import { orders } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { raiseInvoice } from '../invoices/service';
import { onlyFromThisMachine } from '../../lib/this-machine';

/**
 * Development only (never registered in production): POST /dev/invoices raises an invoice on an
 * order, as depot staff will from the back office (decision 0020), so a demo and the browser tests
 * can pay one from /dashboard/pay/{id}. `Hold` holds a parcel received at the depot until it is
 * paid.
 */
export const devInvoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', onlyFromThisMachine);
  app.post(
    '/invoices',
    {
      config: access('this-machine'),
      schema: {
        body: z
          .object({
            OrderReference: z.string().regex(/^ORD-\d{6,16}$/i, 'must be an order reference'),
            Amount: amountSchema,
            Reason: z.string().trim().min(3).max(200),
            Hold: z.boolean().default(false),
          })
          .strict(),
        response: { 201: invoiceSchema },
      },
    },
    async (request, reply) => {
      const { OrderReference, Amount, Reason, Hold } = request.body;
      const orderId = orderIdFromReference(OrderReference);
      if (orderId === null) throw new HttpError(404, 'No such order.');
      const invoice = await app.database.db.transaction(async (tx) => {
        const [order] = await tx
          .select({ id: orders.id })
          .from(orders)
          .where(eq(orders.id, orderId));
        if (!order) throw new HttpError(404, 'No such order.');
        return raiseInvoice(
          tx,
          { orderId, amountPence: toPence(Amount), reason: Reason, hold: Hold },
          { type: 'system' },
        );
      });
      return reply.status(201).send(invoice);
    },
  );
};
