import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { disputeRequest, missingItemsRequest, orderCaseSchema } from '../../../shared/api/cases';
import {
  orderDetailResponse,
  orderIdParams,
  parcelPhotoParams,
} from '../../../shared/api/order-detail';
import { ORDER_DETAIL_MESSAGES } from '../../../shared/order-timeline';
import { authOf, MOVES_MONEY } from '../../lib/auth';
import { HttpError } from '../../lib/errors';
import { reportMissingItems } from '../cases/service';
import { openDispute } from '../cases/disputes';
import { closeInvoicePayments } from '../payments/close';
import { orderDetail, parcelPhoto } from './detail';

/** The customer's browser may keep a photo a day; no shared cache may (it is personal). */
const PHOTO_CACHE = 'private, max-age=86400';

/**
 * The order's page in My Account (decision 0020). Every call needs a logged-in customer and reaches
 * only that customer's orders: another customer's id is a 404.
 *
 * - GET /public/orders/{Id}: the order, its payments, invoices, cases and timeline.
 * - GET /public/orders/{Id}/photos/{PhotoId}: a photo of its parcel, as the depot took it.
 * - POST /public/orders/missing/{Id}: reports missing items from a Shipped or Delivered order
 *   (otherwise 409): 201 with the case opened, or 200 with the open case it was added to.
 * - POST /public/orders/dispute/{Id} (an invoice's id): disputes an excess-carriage invoice
 *   within the set days (decision 0038): 201 with the case opened; 409 when it may not be disputed.
 */
export const orderDetailRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    '/:Id',
    {
      onRequest: app.requireAuth(),
      schema: {
        summary: 'An order of the customer, in full',
        params: orderIdParams,
        response: { 200: orderDetailResponse },
      },
    },
    async (request) => {
      const found = await orderDetail(
        app,
        authOf(request).user.id,
        request.params.Id,
        app.clock.now(),
      );
      if (!found) throw new HttpError(404, ORDER_DETAIL_MESSAGES.notFound);
      return found;
    },
  );

  app.get(
    '/:Id/photos/:PhotoId',
    {
      onRequest: app.requireAuth(),
      schema: { summary: "A photo of an order's parcel", params: parcelPhotoParams },
    },
    async (request, reply) => {
      const { Id, PhotoId } = request.params;
      const photo = await parcelPhoto(db, authOf(request).user.id, Id, PhotoId);
      if (!photo) throw new HttpError(404, ORDER_DETAIL_MESSAGES.photoNotFound);
      return reply.type(photo.contentType).header('cache-control', PHOTO_CACHE).send(photo.data);
    },
  );

  app.post(
    '/missing/:Id',
    {
      onRequest: app.requireAuth(),
      schema: {
        summary: 'Report items missing from a delivered order',
        answers: {
          201: 'A new case is opened.',
          409: 'The order is not at a stage where missing items can be reported.',
        },
        params: orderIdParams,
        body: missingItemsRequest,
        response: { 200: orderCaseSchema, 201: orderCaseSchema },
      },
    },
    async (request, reply) => {
      const { user } = authOf(request);
      const { opened, orderCase } = await reportMissingItems(
        db,
        app.config,
        user.id,
        request.params.Id,
        request.body.Description,
      );
      request.log.info(
        { orderId: request.params.Id, case: orderCase.Reference, opened },
        'missing items reported',
      );
      return reply.status(opened ? 201 : 200).send(orderCase);
    },
  );

  app.post(
    '/dispute/:Id',
    {
      config: MOVES_MONEY,
      onRequest: app.requireAuth(),
      schema: {
        summary: 'Dispute an excess-carriage invoice',
        answers: {
          201: 'The dispute is opened as a case; the parcel is held until it is decided.',
          404: 'No such invoice of the customer.',
          409: 'The invoice may not be disputed: not excess carriage, disputed already, cancelled, past the days allowed, or the parcel is no longer at the depot.',
        },
        params: orderIdParams,
        body: disputeRequest,
        response: { 201: orderCaseSchema },
      },
    },
    async (request, reply) => {
      const { user } = authOf(request);
      const orderCase = await openDispute(
        db,
        app.config,
        user.id,
        request.params.Id,
        request.body.Message,
        app.clock.now(),
      );
      // A payment page started before the dispute is closed: the invoice is not paid while
      // disputed (decision 0038). Paid that moment, the dispute stands on a paid invoice.
      const customer = { type: 'customer' as const, id: user.id };
      await closeInvoicePayments(app, [request.params.Id], customer, 'The invoice was disputed');
      request.log.info(
        { invoiceId: request.params.Id, case: orderCase.Reference },
        'invoice disputed',
      );
      return reply.status(201).send(orderCase);
    },
  );
};
