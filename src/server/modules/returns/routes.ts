import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { orderIdParams } from '../../../shared/api/order-detail';
import {
  askReturnSchema,
  attachLabelSchema,
  depotReturnSchema,
  depotReturnsResponse,
  markReturnedSchema,
  retailerReturnSchema,
  returnOrderParams,
  returnsQuerySchema,
  withdrawReturnResponse,
} from '../../../shared/api/returns';
import { toPounds } from '../../../shared/money';
import { can } from '../../../shared/access';
import { authOf, MOVES_MONEY, MOVES_NO_MONEY } from '../../lib/auth';
import { askReturn, attachLabel, decodeLabel, markReturned } from './service';
import { depotReturn, depotReturns, returnLabel } from './queries';
import { withdrawReturn } from './withdraw';

/** A label is two MB of file in base64 (a third larger), and the form's fields. */
const LABEL_BODY_LIMIT = Math.ceil((2 * 1024 * 1024 * 4) / 3) + 16 * 1024;

/** The file name a label is served under: the customer's, made safe, ending as its type does. */
const LABEL_EXTENSIONS: Record<string, string> = {
  'application/pdf': '.pdf',
  'image/jpeg': '.jpg',
  'image/png': '.png',
  'image/webp': '.webp',
};

/**
 * A label as a download (decision 0046): saved, never shown in the page (attachment), under a
 * safe name ending in its real type's extension (`label.html` is served as `label.html.pdf`),
 * with that type, never sniffed, in a sandbox with nothing allowed to run.
 */
function sendLabel(
  reply: import('fastify').FastifyReply,
  label: { contentType: string; data: Buffer; fileName: string },
) {
  const extension = LABEL_EXTENSIONS[label.contentType] ?? '.bin';
  const stem = label.fileName
    .replace(/[^\w.-]+/g, '_')
    .replace(/^[.]+/, '')
    .slice(0, 80);
  const safeName = `${stem.toLowerCase().endsWith(extension) ? stem.slice(0, -extension.length) : stem || 'return-label'}${extension}`;
  return reply
    .type(label.contentType)
    .header('content-disposition', `attachment; filename="${safeName}"`)
    .header('content-security-policy', "sandbox; default-src 'none'; img-src data:")
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(label.data);
}

/** The customer's side, under /public/orders (decision 0039). */
export const customerReturnRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.post(
    '/return/:Id',
    {
      config: MOVES_MONEY,
      onRequest: app.requireAuth(),
      bodyLimit: LABEL_BODY_LIMIT,
      schema: {
        operationId: 'askReturnToRetailer',
        summary: 'Ask for the parcel to go back to the retailer before it sails',
        params: orderIdParams,
        body: askReturnSchema,
        response: { 201: retailerReturnSchema },
        answers: {
          201: 'The return is asked: the parcel will not sail.',
          404: 'No such order of the customer.',
          409: 'The parcel has sailed, is not at the depot yet, or a return was asked already.',
        },
      },
    },
    async (request, reply) => {
      const { user } = authOf(request);
      const b = request.body;
      const label = b.Label ? await decodeLabel(b.Label) : null;
      const answer = await askReturn(app, user.id, request.params.Id, {
        reason: b.Reason,
        label,
      });
      return reply.status(201).send(answer);
    },
  );

  app.delete(
    '/return/:Id',
    {
      config: MOVES_MONEY,
      onRequest: app.requireAuth(),
      schema: {
        operationId: 'withdrawReturnToRetailer',
        summary: 'Withdraw a return to the retailer before staff act on it',
        params: orderIdParams,
        response: { 200: withdrawReturnResponse },
        answers: {
          200: 'Withdrawn: the parcel goes to the island as booked; a paid label is refunded.',
          404: 'No such order of the customer.',
          409: 'No return is asked, or staff have already acted on it.',
        },
      },
    },
    async (request) => {
      const { user } = authOf(request);
      const { refundedPence } = await withdrawReturn(app, user.id, request.params.Id);
      return { Refunded: toPounds(refundedPence) };
    },
  );

  app.get(
    '/returnlabel/:Id',
    {
      onRequest: app.requireAuth(),
      schema: {
        operationId: 'getReturnLabel',
        summary: 'The return label of the customer’s order',
        params: orderIdParams,
        answers: {
          200: 'The label (PDF or image).',
          404: 'No label for this order of the customer.',
        },
      },
    },
    async (request, reply) =>
      sendLabel(reply, await returnLabel(db, request.params.Id, authOf(request).user.id)),
  );
};

/** The depot floor's side, under /api/admin/depot. */
export const depotReturnRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const reader = app.requireAuth({ can: ['read', 'Parcel'] });
  const dispatcher = app.requireAuth({ can: ['dispatch', 'Parcel'] });

  app.get(
    '/returns',
    {
      onRequest: reader,
      schema: {
        operationId: 'listReturnsToRetailers',
        summary: 'Returns to retailers: open (the oldest first) or sent back',
        querystring: returnsQuerySchema,
        response: { 200: depotReturnsResponse },
      },
    },
    async (request) => ({ items: await depotReturns(db, request.query.state) }),
  );

  app.get(
    '/returns/:OrderId/label',
    {
      onRequest: reader,
      schema: {
        operationId: 'printReturnLabel',
        summary: 'The return label, to print',
        params: returnOrderParams,
        answers: { 200: 'The label (PDF or image).', 404: 'No return or no label yet.' },
      },
    },
    async (request, reply) => sendLabel(reply, await returnLabel(db, request.params.OrderId)),
  );

  app.put(
    '/returns/:OrderId/label',
    {
      config: MOVES_NO_MONEY,
      onRequest: dispatcher,
      bodyLimit: LABEL_BODY_LIMIT,
      schema: {
        operationId: 'attachReturnLabel',
        summary: 'Attach the return label the depot bought (audited)',
        params: returnOrderParams,
        body: attachLabelSchema,
        response: { 200: depotReturnSchema },
        answers: {
          404: 'No return was asked for this order.',
          409: 'Returned already, or the customer uploaded their own label.',
        },
      },
    },
    async (request) => {
      const label = await decodeLabel(request.body.Label);
      await attachLabel(app, authOf(request).user.id, request.params.OrderId, label);
      return depotReturn(db, request.params.OrderId);
    },
  );

  app.post(
    '/returns/:OrderId/returned',
    {
      config: MOVES_MONEY,
      onRequest: dispatcher,
      schema: {
        operationId: 'markReturnedToRetailer',
        summary: 'Mark the parcel returned to the retailer; the unused crossing is refunded once',
        params: returnOrderParams,
        body: markReturnedSchema,
        response: { 200: depotReturnSchema },
        answers: {
          404: 'No return was asked for this order.',
          403: 'The crossing would be refunded, and the staff member may not give money back (the depot): an office member marks it returned.',
          409: 'Returned already, no label yet, or its label is not paid for.',
        },
      },
    },
    async (request) => {
      const { OrderId } = request.params;
      const auth = authOf(request);
      await markReturned(
        app,
        auth.user.id,
        OrderId,
        { carrier: request.body.Carrier, trackingNumber: request.body.TrackingNumber },
        can(auth.ability, 'refund', 'Order'),
      );
      return depotReturn(db, OrderId);
    },
  );
};
