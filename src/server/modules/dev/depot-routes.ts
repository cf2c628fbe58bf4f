import { access } from '../../lib/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEPOT_LIMITS, photoUploadSchema } from '../../../shared/api/depot';
import { CARRIER_IDS } from '../../../shared/carriers';
import { orderIdFromReference } from '../../../shared/order-reference';
import { itemiseFromBooking } from '../orders/item-lines';
import { SYSTEM } from '../../lib/actor';
import { decodePhotos } from '../depot/photos';
import { dispatchParcels, markDelivered } from '../depot/dispatch';
import { receiveBookedParcel } from '../depot/receiving';
import { onlyFromThisMachine } from '../../lib/this-machine';

/**
 * Development only (never registered in production), until the depot's screens exist (decision
 * 0020): move a paid booking through the depot, as staff will, so a demo and the browser tests can
 * follow it on the customer's timeline and download its export certificate.
 * - POST /dev/parcels/receive: the parcel arrives, measured (and photographed, if photos are given:
 *   base64 as the depot's receive call takes them, decoded and re-encoded the same way).
 * - POST /dev/parcels/dispatch: it leaves on a sailing with a carrier and tracking number.
 * - POST /dev/parcels/deliver: it reaches the customer.
 */
/** An order's reference in a dev call's body, read as the order's id. */
export const reference = z
  .string()
  .regex(/^ORD-\d{6,16}$/i, 'must be an order reference')
  .transform((r, ctx) => {
    const id = orderIdFromReference(r);
    if (id === null) ctx.addIssue({ code: 'custom', message: 'is not an order' });
    return id ?? 0;
  });
const whole = z.number().int().min(1).max(1_000_000);

export const devDepotRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', onlyFromThisMachine);
  const db = app.database.db;

  app.post(
    '/parcels/receive',
    {
      config: access('this-machine'),
      schema: {
        body: z
          .object({
            OrderReference: reference,
            WeightGrams: whole,
            LengthMm: whole,
            WidthMm: whole,
            HeightMm: whole,
            Shelf: z.string().max(40).default(''),
            Photos: z.array(photoUploadSchema).max(DEPOT_LIMITS.photos).default([]),
          })
          .strict(),
      },
    },
    async (request, reply) => {
      const b = request.body;
      const photos = await decodePhotos(b.Photos);
      const received = await db.transaction((tx) =>
        receiveBookedParcel(
          tx,
          {
            orderId: b.OrderReference,
            weightGrams: b.WeightGrams,
            lengthMm: b.LengthMm,
            widthMm: b.WidthMm,
            heightMm: b.HeightMm,
            shelfLocation: b.Shelf,
            photos,
          },
          SYSTEM,
          app.config,
        ),
      );
      return reply.status(201).send({ ParcelId: received.parcelId });
    },
  );

  app.post(
    '/parcels/dispatch',
    {
      config: access('this-machine'),
      schema: {
        body: z
          .object({
            OrderReferences: z.array(reference).min(1).max(100),
            Carrier: z.enum(CARRIER_IDS),
            SailingDate: z.iso.date(),
          })
          .strict(),
      },
    },
    async (request) => {
      const b = request.body;
      await db.transaction(async (tx) => {
        // As the depot does at receipt: a booking without item lines gets one from its own
        // description and value (a parcel without them may not leave, decision 0040).
        await itemiseFromBooking(tx, b.OrderReferences);
        return dispatchParcels(
          tx,
          {
            sailingDate: new Date(`${b.SailingDate}T08:00:00Z`),
            carrier: b.Carrier,
            parcels: b.OrderReferences.map((orderId) => ({
              orderId,
              trackingNumber: `CI${String(orderId).padStart(9, '0')}GB`,
            })),
          },
          SYSTEM,
          app.config,
        );
      });
      return { ok: true };
    },
  );

  app.post(
    '/parcels/deliver',
    {
      config: access('this-machine'),
      schema: { body: z.object({ OrderReferences: z.array(reference).min(1).max(100) }).strict() },
    },
    async (request) => {
      const moved = await db.transaction((tx) =>
        markDelivered(tx, request.body.OrderReferences, SYSTEM),
      );
      return { Delivered: moved };
    },
  );
};
