import { differenceInCalendarDays } from 'date-fns';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DEPOT_LIMITS,
  DEPOT_MESSAGES,
  cmToMm,
  deliverResponse,
  deliverSchema,
  depotParcelSchema,
  dispatchListResponse,
  dispatchResponse,
  dispatchSchema,
  kgToGrams,
  lookupQuerySchema,
  lookupResponse,
  matchSchema,
  parcelsQuerySchema,
  parcelsResponse,
  receiveResponse,
  receiveSchema,
  customsDataQuerySchema,
  sailingsResponse,
  type ReceiveResult,
} from '../../../shared/api/depot';
import {
  customsDataCsv,
  customsDataFileName,
  customsFormFileName,
  ukDay,
} from '../../../shared/customs';
import { storedToDisplayDate } from '../../../shared/dates';
import { renderDeclaration, renderLabelWithDeclaration } from '../../lib/pdf/customs-declaration';
import { declarationOf, recentSailings, sailingParcels } from './customs';
import { scheduleEvidenceWarnings } from './evidence';
import { sailingGstRoutes } from './sailing-gst';
import {
  orderItemLinesParams,
  orderItemLinesResponse,
  updateItemLinesSchema,
} from '../../../shared/api/item-lines';
import { pathId } from '../../../shared/api/listing';
import { toPence } from '../../../shared/money';
import { toPounds } from '../../../shared/money';
import { orderItemLinesFor, replaceItemLines } from '../orders/item-lines';
import { renderLabel } from '../../lib/pdf/label';
import { authOf } from '../../lib/auth';
import { HttpError } from '../../lib/errors';
import type { Actor } from '../orders/lifecycle';
import { decodePhotos } from './photos';
import { abandonParcel, scheduleStorageReminders } from './storage';
import { closeInvoicePayments } from '../payments/close';
import { customerIsland, lookup } from './find';
import { depotParcel, depotParcels, dispatchList, listParcels, parcelPhoto } from './queries';
import { dispatchParcels, markDelivered } from './dispatch';
import { matchParcel } from './matching';
import { receiveBookedParcel, receiveUnmatchedParcel, type Received } from './receiving';

/**
 * The depot floor (issue 13), under /api/admin/depot; contracts in src/shared/api/depot.ts.
 * Every call is for staff, each with the permission it needs from the shared rules
 * (src/shared/access.ts): receiving (`receive Parcel`), reading parcels (`read Parcel`),
 * dispatching and delivering (`dispatch Parcel`). Each use case is one transaction.
 */

/** Six photos of 2 MB in base64 (a third larger), and the form's fields. */
const RECEIVE_BODY_LIMIT =
  Math.ceil((DEPOT_LIMITS.photos * DEPOT_LIMITS.photoBytes * 4) / 3) + 64 * 1024;

/** A sailing more than this many days before or after today is a typo. */
const SAILING_WINDOW_DAYS = 30;

export const depotRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const receiver = app.requireAuth({ can: ['receive', 'Parcel'] });
  const reader = app.requireAuth({ can: ['read', 'Parcel'] });
  const dispatcher = app.requireAuth({ can: ['dispatch', 'Parcel'] });
  const manager = app.requireAuth({ can: ['manage', 'Parcel'] });
  await scheduleStorageReminders(app);
  await scheduleEvidenceWarnings(app);
  await app.register(sailingGstRoutes);
  const idParams = z.object({ Id: pathId }).strict();
  const staff = (request: Parameters<typeof authOf>[0]): Actor => ({
    type: 'staff',
    id: authOf(request).user.id,
  });

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

  app.post(
    '/parcels/:Id/abandon',
    {
      onRequest: manager,
      schema: {
        operationId: 'abandonParcel',
        summary:
          'Confirms that a parcel waiting for its customer is treated as abandoned (terms 10.3); a booked one’s booking is cancelled',
        params: idParams,
        response: { 200: depotParcelSchema },
        answers: {
          409: 'The parcel may not be treated as abandoned: not yet (the date is named), not waiting for its customer, or already.',
        },
      },
    },
    async (request) => {
      const now = app.clock.now();
      const actor = { type: 'staff' as const, id: authOf(request).user.id };
      const { voidedInvoiceIds } = await db.transaction((tx) =>
        abandonParcel(tx, request.params.Id, actor, now, app.config),
      );
      // The payment pages of the invoices voided with its booking, closed after the commit.
      await closeInvoicePayments(app, voidedInvoiceIds, 'Its parcel was treated as abandoned');
      return depotParcel(db, request.params.Id, now);
    },
  );

  app.get(
    '/parcels',
    {
      onRequest: reader,
      schema: {
        summary: 'A page of parcels at the depot',
        answers: {
          200: 'A page of the parcels in that list, the longest waiting first (or the newest first), with its total. `waiting`: the booked parcels waiting for their customer (held for an unpaid invoice or a quote, or in a consolidation request for their other parcels; no open dispute), with their storage clock (decision 0037).',
        },
        querystring: parcelsQuerySchema,
        response: { 200: parcelsResponse },
      },
    },
    async (request) => listParcels(db, request.query, app.clock.now()),
  );

  app.get(
    '/parcels/:Id',
    {
      onRequest: reader,
      schema: {
        summary: 'A parcel at the depot',
        params: idParams,
        response: { 200: depotParcelSchema },
      },
    },
    async (request) => depotParcel(db, request.params.Id, app.clock.now()),
  );

  app.get(
    '/parcels/:Id/label.pdf',
    { onRequest: reader, schema: { summary: "A parcel's depot label (PDF)", params: idParams } },
    async (request, reply) => {
      const { code, facts } = await labelFactsOf(request.params.Id);
      const pdf = await renderLabel(facts);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="label-${code}.pdf"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );

  /** A parcel's label as printed: its barcode, customer, island, shelf, weight and size. */
  async function labelFactsOf(parcelId: number) {
    const parcel = await depotParcel(db, parcelId);
    const code = parcel.OrderReference ?? `PCL-${String(parcel.Id).padStart(6, '0')}`;
    return {
      code,
      facts: {
        brand: app.config.brand,
        code,
        title:
          parcel.OrderReference ??
          (parcel.State === 'unbooked' ? 'UNBOOKED PARCEL' : 'UNKNOWN PARCEL'),
        customerName: parcel.Customer?.Name ?? null,
        customerReference: parcel.Customer?.Reference ?? null,
        island:
          parcel.Island ?? (parcel.Customer ? await customerIsland(db, parcel.Customer.Id) : null),
        shelf: parcel.Shelf,
        weightGrams: parcel.Weight,
        sizeMm:
          parcel.Length && parcel.Width && parcel.Height
            ? { length: parcel.Length, width: parcel.Width, height: parcel.Height }
            : null,
        inboundTrackingNumber: parcel.InboundTrackingNumber,
        received: new Date(parcel.Received),
      },
    };
  }

  app.get(
    '/parcels/:Id/label-and-customs.pdf',
    {
      onRequest: reader,
      schema: {
        operationId: 'getParcelLabelAndCustomsDeclaration',
        summary:
          "A parcel's label and its customs declaration (CN22 or CN23) in one PDF, printed together at dispatch",
        params: idParams,
        answers: {
          409: 'The item lines are missing or do not add up to the declared value (the message says which).',
        },
      },
    },
    async (request, reply) => {
      const declaration = await declarationOf(db, request.params.Id, app.config.brand);
      const { facts } = await labelFactsOf(request.params.Id);
      const pdf = await renderLabelWithDeclaration(facts, {
        ...declaration,
        brand: app.config.brand,
        date: storedToDisplayDate(ukDay(app.clock.now())) ?? '',
      });
      return reply
        .type('application/pdf')
        .header(
          'content-disposition',
          `inline; filename="label-${customsFormFileName(declaration.form, declaration.orderReference)}"`,
        )
        .header('x-customs-form', declaration.form)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );

  app.get(
    '/parcels/:Id/customs.pdf',
    {
      onRequest: reader,
      schema: {
        operationId: 'getParcelCustomsDeclaration',
        summary:
          "A parcel's customs declaration (PDF): CN22 up to the Customs limit, CN23 above, from its item lines",
        params: idParams,
        answers: {
          409: 'The item lines are missing or do not add up to the declared value (the message says which).',
        },
      },
    },
    async (request, reply) => {
      const declaration = await declarationOf(db, request.params.Id, app.config.brand);
      const pdf = await renderDeclaration({
        ...declaration,
        brand: app.config.brand,
        date: storedToDisplayDate(ukDay(app.clock.now())) ?? '',
      });
      return reply
        .type('application/pdf')
        .header(
          'content-disposition',
          `inline; filename="${customsFormFileName(declaration.form, declaration.orderReference)}"`,
        )
        .header('x-customs-form', declaration.form)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );

  app.get(
    '/sailings',
    {
      onRequest: dispatcher,
      schema: {
        operationId: 'listSailings',
        summary: 'The sailings parcels left on, newest first (for their customs data)',
        response: { 200: sailingsResponse },
      },
    },
    async () => ({ Sailings: await recentSailings(db) }),
  );

  app.get(
    '/sailings/customs-data.csv',
    {
      onRequest: dispatcher,
      schema: {
        operationId: 'getSailingCustomsData',
        summary:
          "A sailing's electronic customs data for the carrier (CSV, one row per item, keyed by consignment number)",
        querystring: customsDataQuerySchema,
        answers: { 404: 'No parcels left on that sailing.' },
      },
    },
    async (request, reply) => {
      const { SailingDate, Carrier } = request.query;
      const rows = await sailingParcels(db, SailingDate, Carrier, app.config.brand);
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="${customsDataFileName(SailingDate, Carrier)}"`,
        )
        .header('cache-control', 'no-store')
        .send(customsDataCsv(rows));
    },
  );

  app.get(
    '/photos/:Id',
    { onRequest: reader, schema: { summary: 'A parcel photo', params: idParams } },
    async (request, reply) => {
      const photo = await parcelPhoto(db, request.params.Id);
      return reply
        .type(photo.contentType)
        .header('cache-control', 'private, max-age=3600')
        .header('x-content-type-options', 'nosniff')
        .send(photo.data);
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

  app.get(
    '/dispatch',
    {
      onRequest: dispatcher,
      schema: { summary: 'The parcels ready to sail', response: { 200: dispatchListResponse } },
    },
    async () => dispatchList(db, app.clock.now()),
  );

  app.post(
    '/dispatch',
    {
      onRequest: dispatcher,
      schema: {
        summary: 'Record a sailing for parcels',
        answers: { 404: 'No such order.', 409: 'An order is not ready to sail.' },
        body: dispatchSchema,
        response: { 200: dispatchResponse },
      },
    },
    async (request) => {
      const b = request.body;
      const sailingDate = new Date(`${b.SailingDate}T12:00:00Z`);
      if (Math.abs(differenceInCalendarDays(sailingDate, new Date())) > SAILING_WINDOW_DAYS) {
        throw new HttpError(400, 'Please check the fields below.', [
          { field: 'SailingDate', error: DEPOT_MESSAGES.sailingDate },
        ]);
      }
      const actor = staff(request);
      const ids = await db.transaction((tx) =>
        dispatchParcels(
          tx,
          {
            sailingDate,
            carrier: b.Carrier,
            parcels: b.Parcels.map((p) => ({
              orderId: p.OrderId,
              trackingNumber: p.TrackingNumber,
            })),
          },
          actor,
          app.config,
        ),
      );
      return { Parcels: await depotParcels(db, ids, app.clock.now()) };
    },
  );

  app.post(
    '/deliver',
    {
      onRequest: dispatcher,
      schema: {
        summary: 'Record parcels delivered on the island',
        answers: { 404: 'No such order.', 409: 'An order has not sailed.' },
        body: deliverSchema,
        response: { 200: deliverResponse },
      },
    },
    async (request) => {
      const actor = staff(request);
      const moved = await db.transaction((tx) => markDelivered(tx, request.body.OrderIds, actor));
      return { Delivered: moved };
    },
  );
};
