import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  abandonParcelSchema,
  depotParcelSchema,
  parcelsQuerySchema,
  parcelsResponse,
} from '../../../shared/api/depot';
import { renderDeclaration, renderLabel, renderLabelWithDeclaration } from '../../lib/pdf';
import { declarationDate, declarationOf, sendDeclarationPdf } from './customs';
import { authOf, MOVES_MONEY } from '../../lib/auth';
import { abandonParcel } from './storage';
import { closeInvoicePayments } from '../payments/close';
import { customerIsland } from './find';
import { depotParcel, listParcels, parcelPhoto } from './queries';
import { idParams } from '../../../shared/api/listing';

/**
 * The depot's parcels (decision 0020), under /api/admin/depot: the lists and a parcel, its photos,
 * its label and customs declaration as PDFs (`read Parcel`), and a parcel waiting for its customer
 * confirmed abandoned (`manage Parcel`, decision 0037).
 */

export const parcelRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const reader = app.requireAuth({ can: ['read', 'Parcel'] });
  const manager = app.requireAuth({ can: ['manage', 'Parcel'] });

  app.post(
    '/parcels/:Id/abandon',
    {
      config: MOVES_MONEY,
      onRequest: manager,
      schema: {
        operationId: 'abandonParcel',
        summary:
          'Confirms that a parcel waiting for its customer is treated as abandoned (terms 10.3); a booked one’s booking is cancelled',
        params: idParams,
        body: abandonParcelSchema,
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
      const why = 'Its parcel was treated as abandoned';
      await closeInvoicePayments(app, voidedInvoiceIds, actor, why);
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
        date: declarationDate(app.clock.now()),
      });
      return sendDeclarationPdf(reply, declaration, pdf, 'label-');
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
        date: declarationDate(app.clock.now()),
      });
      return sendDeclarationPdf(reply, declaration, pdf);
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
};
