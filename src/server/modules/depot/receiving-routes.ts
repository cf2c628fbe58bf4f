import { MOVES_MONEY } from '../../lib/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DEPOT_LIMITS,
  cmToMm,
  kgToGrams,
  lookupQuerySchema,
  lookupResponse,
  matchSchema,
  receiveResponse,
  receiveSchema,
  type ReceiveResult,
} from '../../../shared/api/depot';
import {
  orderItemLinesParams,
  orderItemLinesResponse,
  updateItemLinesSchema,
} from '../../../shared/api/item-lines';
import { toPence } from '../../../shared/money';
import { toPounds } from '../../../shared/money';
import { orderItemLinesFor, replaceItemLines } from '../orders/item-lines';
import { decodePhotos } from './photos';
import { lookup } from './find';
import { depotParcel } from './queries';
import { matchParcel } from './matching';
import { receiveBookedParcel, receiveUnmatchedParcel, type Received } from './receiving';
import { idParams } from '../../../shared/api/listing';
import { staff } from './route-helpers';

/**
 * The depot's receiving desk (decision 0020), under /api/admin/depot, for `receive Parcel`: the
 * find of what a label names, a parcel received (for a booking, for a customer, for nobody known)
 * or matched to a later booking, and the order's item lines completed at receipt (decision 0040).
 */

/** Six photos of 2 MB in base64 (a third larger), and the form's fields. */
const RECEIVE_BODY_LIMIT =
  Math.ceil((DEPOT_LIMITS.photos * DEPOT_LIMITS.photoBytes * 4) / 3) + 64 * 1024;

export const receivingRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const receiver = app.requireAuth({ can: ['receive', 'Parcel'] });

  /** The answer of a receive or a match, read after its transaction. */
  const answer = async (received: Received): Promise<ReceiveResult> => ({
    Outcome: received.outcome,
    Parcel: await depotParcel(db, received.parcelId, app.clock.now()),
    Excess: received.excess
      ? { Band: received.excess.band, Amount: toPounds(received.excess.amountPence) }
      : null,
    Invoice: received.invoice,
    HoldReason: received.holdReason,
  });

  app.get(
    '/lookup',
    {
      onRequest: receiver,
      schema: {
        summary: 'Look up an order or customer at the depot',
        querystring: lookupQuerySchema,
        response: { 200: lookupResponse },
      },
    },
    async (request) => lookup(db, request.query.q),
  );

  app.post(
    '/receive',
    {
      config: MOVES_MONEY,
      onRequest: receiver,
      bodyLimit: RECEIVE_BODY_LIMIT,
      schema: {
        summary: 'Receive a parcel at the depot',
        answers: {
          201: 'The parcel is received.',
          404: 'No such order or customer.',
          409: 'The order is not awaiting a parcel.',
        },
        body: receiveSchema,
        response: { 201: receiveResponse },
      },
    },
    async (request, reply) => {
      const b = request.body;
      const input = {
        weightGrams: kgToGrams(b.WeightKg),
        lengthMm: cmToMm(b.LengthCm),
        widthMm: cmToMm(b.WidthCm),
        heightMm: cmToMm(b.HeightCm),
        shelfLocation: b.Shelf,
        note: b.Note,
        inboundTrackingNumber: b.InboundTrackingNumber,
        householdMemberId: b.HouseholdMemberId,
        photos: await decodePhotos(b.Photos),
      };
      const actor = staff(request);
      const received = await db.transaction((tx) =>
        b.OrderId !== undefined
          ? receiveBookedParcel(
              tx,
              { ...input, orderId: b.OrderId },
              actor,
              app.config,
              app.clock.now(),
            )
          : receiveUnmatchedParcel(tx, { ...input, customerId: b.CustomerId }, actor, app.config),
      );
      return reply.status(201).send(await answer(received));
    },
  );

  app.post(
    '/parcels/:Id/match',
    {
      config: MOVES_MONEY,
      onRequest: receiver,
      schema: {
        summary: 'Match an unmatched parcel to an order',
        answers: {
          409: "The parcel is matched already, or the order is not awaiting a parcel or is another customer's.",
        },
        params: idParams,
        body: matchSchema,
        response: { 200: receiveResponse },
      },
    },
    async (request) => {
      const actor = staff(request);
      const received = await db.transaction((tx) =>
        matchParcel(
          tx,
          request.params.Id,
          request.body.OrderId,
          actor,
          app.config,
          app.clock.now(),
        ),
      );
      return answer(received);
    },
  );

  app.get(
    '/orders/:Id/item-lines',
    {
      onRequest: receiver,
      schema: {
        operationId: 'getOrderItemLines',
        summary: 'An order’s item lines, its declared value and whether they add up',
        params: orderItemLinesParams,
        response: { 200: orderItemLinesResponse },
      },
    },
    async (request) => orderItemLinesFor(db, request.params.Id),
  );

  app.put(
    '/orders/:Id/item-lines',
    {
      onRequest: receiver,
      schema: {
        operationId: 'replaceOrderItemLines',
        summary: 'Complete or correct an order’s item lines at receipt (audited)',
        params: orderItemLinesParams,
        body: updateItemLinesSchema,
        response: { 200: orderItemLinesResponse },
      },
    },
    async (request) => {
      const { ItemLines, ItemValue } = request.body;
      const actor = staff(request);
      return db.transaction((tx) =>
        replaceItemLines(
          tx,
          request.params.Id,
          {
            lines: ItemLines,
            itemValuePence: ItemValue === undefined ? undefined : toPence(ItemValue),
          },
          actor,
        ),
      );
    },
  );
};
