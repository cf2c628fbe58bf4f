import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { optionalBody, pathId } from '../../../shared/api/listing';
import {
  cancelOrderSchema,
  officeCaseSchema,
  officeOrderDetailResponse,
  officeOrdersQuery,
  officeOrdersResponse,
  officeQuoteSchema,
  officeQuotesQuery,
  officeQuotesResponse,
  officeTodayResponse,
  orderNoteSchema,
  priceQuoteSchema,
  raiseInvoiceSchema,
  refundOrderSchema,
} from '../../../shared/api/office';
import {
  caseReplySchema,
  decideDisputeSchema,
  remeasureSchema,
  officeCaseDetailResponse,
  officeCasesQuery,
  officeCasesResponse,
  resolveCaseSchema,
} from '../../../shared/api/office-cases';
import {
  officeInvoiceSchema,
  officeInvoicesQuery,
  officeInvoicesResponse,
  voidInvoiceSchema,
} from '../../../shared/api/office-invoices';
import { invoiceSchema } from '../../../shared/api/orders';
import { toPence } from '../../../shared/money';
import { DEPOT_LIMITS, cmToMm, kgToGrams } from '../../../shared/api/depot';
import { decideDispute, remeasureDispute } from '../cases/dispute-decisions';
import { decodePhotos } from '../depot/photos';
import { acceptEmptyJsonBodies, authOf } from '../../lib/auth';
import { officeOrderDetail, searchOrders } from './queries';
import {
  findOfficeInvoice,
  listCases,
  listInvoices,
  listQuotes,
  officeCaseDetail,
  officeCasesById,
} from './lists';
import { officeToday } from './today';
import { scheduleOverdueDisputes } from '../cases/overdue';
import {
  addOrderNote,
  cancelOrder,
  priceQuoteAsStaff,
  raiseOrderInvoice,
  refundOrder,
} from './service';
import { remindInvoice, voidInvoiceAsStaff } from './invoice-actions';
import { replyToCase, resolveCase } from './case-actions';

/**
 * The office's calls (issue 14), under /api/admin; contracts in src/shared/api/office.ts. Each
 * needs the permission of the shared rules (src/shared/access.ts) that the office and admin roles
 * have and the depot's does not: `manage` the order, quote, invoice or case, and `refund Order`
 * for what gives money back.
 */
export const officeRoutes: FastifyPluginAsyncZod = async (app) => {
  acceptEmptyJsonBodies(app);
  const db = app.database.db;
  // Customers have rules on their own orders, invoices and cases: these are staff routes.
  const orders = app.requireAuth({ can: ['manage', 'Order'] });
  const refunder = app.requireAuth({ can: ['refund', 'Order'] });
  const quotes = app.requireAuth({ can: ['manage', 'Quote'] });
  const invoicesGuard = app.requireAuth({ can: ['manage', 'Invoice'] });
  const cases = app.requireAuth({ can: ['manage', 'Case'] });
  const params = z.object({ Id: pathId }).strict();
  const me = (request: Parameters<typeof authOf>[0]) => authOf(request).user.id;
  const detail = { 200: officeOrderDetailResponse };
  await scheduleOverdueDisputes(app);

  // --- today ---
  app.get(
    '/today',
    {
      onRequest: orders,
      schema: { summary: "The office's work for today", response: { 200: officeTodayResponse } },
    },
    async () => officeToday(db, app.clock.now()),
  );

  // --- orders ---
  app.get(
    '/orders',
    {
      onRequest: orders,
      schema: {
        summary: 'A page of orders',
        querystring: officeOrdersQuery,
        response: { 200: officeOrdersResponse },
      },
    },
    async (request) => searchOrders(db, request.query),
  );

  app.get(
    '/orders/:Id',
    { onRequest: orders, schema: { summary: 'An order, in full', params, response: detail } },
    async (request) => officeOrderDetail(db, request.params.Id),
  );

  app.post(
    '/orders/:Id/cancel',
    {
      onRequest: refunder,
      schema: {
        summary: 'Cancel an order (refunding what was paid)',
        answers: {
          409: 'The order cannot be cancelled now, or a checkout is still open.',
          502: 'The payment provider did not refund all of it: the order is cancelled, the shortfall is reported.',
        },
        params,
        body: cancelOrderSchema,
        response: detail,
      },
    },
    async (request) => {
      await cancelOrder(app, request.params.Id, request.body.Reason, me(request));
      return officeOrderDetail(db, request.params.Id);
    },
  );

  app.post(
    '/orders/:Id/refund',
    {
      onRequest: refunder,
      schema: {
        summary: 'Refund part or all of an order',
        answers: {
          409: 'More than is left to refund.',
          502: 'The payment provider did not refund all of it.',
        },
        params,
        body: refundOrderSchema,
        response: detail,
      },
    },
    async (request) => {
      const { Amount, Reason } = request.body;
      await refundOrder(
        app,
        request.params.Id,
        { amountPence: toPence(Amount), reason: Reason },
        me(request),
      );
      return officeOrderDetail(db, request.params.Id);
    },
  );

  app.post(
    '/orders/:Id/invoices',
    {
      onRequest: orders,
      schema: {
        summary: 'Invoice an order for a further amount',
        answers: {
          201: 'The invoice is raised and sent.',
          409: 'The order cannot be invoiced now.',
        },
        params,
        body: raiseInvoiceSchema,
        response: { 201: invoiceSchema },
      },
    },
    async (request, reply) => {
      const { Amount, Reason, Hold } = request.body;
      const invoice = await raiseOrderInvoice(
        app,
        request.params.Id,
        { amountPence: toPence(Amount), reason: Reason, hold: Hold },
        me(request),
      );
      return reply.status(201).send(invoice);
    },
  );

  app.post(
    '/orders/:Id/notes',
    {
      onRequest: orders,
      schema: {
        summary: 'Add a note to an order',
        params,
        body: orderNoteSchema,
        response: detail,
      },
    },
    async (request) => {
      await addOrderNote(db, request.params.Id, request.body.Note, me(request));
      return officeOrderDetail(db, request.params.Id);
    },
  );

  // --- quotes ---
  app.get(
    '/quotes',
    {
      onRequest: quotes,
      schema: {
        summary: 'A page of quotes',
        querystring: officeQuotesQuery,
        response: { 200: officeQuotesResponse },
      },
    },
    async (request) => listQuotes(db, request.query),
  );

  app.post(
    '/quotes/:Id/price',
    {
      onRequest: quotes,
      schema: {
        summary: 'Price a quote',
        answers: { 409: 'The quote is not waiting for a price.' },
        params,
        body: priceQuoteSchema,
        response: { 200: officeQuoteSchema },
      },
    },
    async (request) => {
      const { Amount, Note } = request.body;
      return priceQuoteAsStaff(
        app,
        request.params.Id,
        { amountPence: toPence(Amount), note: Note },
        me(request),
      );
    },
  );

  // --- invoices ---
  app.get(
    '/invoices',
    {
      onRequest: invoicesGuard,
      schema: {
        summary: 'A page of invoices',
        querystring: officeInvoicesQuery,
        response: { 200: officeInvoicesResponse },
      },
    },
    async (request) => listInvoices(db, request.query),
  );

  app.post(
    '/invoices/:Id/void',
    {
      onRequest: invoicesGuard,
      schema: {
        summary: 'Void an unpaid invoice',
        answers: { 409: 'The invoice is not unpaid (or was just paid).' },
        params,
        body: voidInvoiceSchema,
        response: { 200: officeInvoiceSchema },
      },
    },
    async (request) => {
      await voidInvoiceAsStaff(app, request.params.Id, request.body.Reason, me(request));
      return findOfficeInvoice(db, request.params.Id);
    },
  );

  app.post(
    '/invoices/:Id/remind',
    {
      onRequest: invoicesGuard,
      schema: {
        summary: 'Remind the customer of an unpaid invoice',
        answers: { 409: 'The invoice is not unpaid, or it is disputed (no reminders then).' },
        params,
        response: { 200: officeInvoiceSchema },
      },
    },
    async (request) => {
      await remindInvoice(app, request.params.Id, me(request));
      return findOfficeInvoice(db, request.params.Id);
    },
  );

  // --- cases ---
  app.get(
    '/cases',
    {
      onRequest: cases,
      schema: {
        summary: 'A page of cases',
        querystring: officeCasesQuery,
        response: { 200: officeCasesResponse },
      },
    },
    async (request) => listCases(db, request.query, app.clock.now()),
  );

  app.get(
    '/cases/:Id',
    {
      onRequest: cases,
      schema: {
        summary: 'A case, with its messages',
        params,
        response: { 200: officeCaseDetailResponse },
      },
    },
    async (request) => officeCaseDetail(db, request.params.Id, app.clock.now()),
  );

  const oneCase = async (id: number) => (await officeCasesById(db, [id], app.clock.now()))[0];

  app.post(
    '/cases/:Id/reply',
    {
      onRequest: cases,
      schema: {
        summary: 'Reply to a case',
        answers: { 409: 'The case is resolved.' },
        params,
        body: caseReplySchema,
        response: { 200: officeCaseSchema },
      },
    },
    async (request) => {
      await replyToCase(app, request.params.Id, request.body.Message, me(request));
      return oneCase(request.params.Id);
    },
  );

  app.post(
    '/cases/:Id/resolve',
    {
      onRequest: cases,
      schema: {
        summary: 'Resolve a case',
        answers: { 409: 'The case is resolved already.' },
        params,
        body: optionalBody(resolveCaseSchema),
        response: { 200: officeCaseSchema },
      },
    },
    async (request) => {
      const { Message, Refund } = request.body;
      await resolveCase(
        app,
        request.params.Id,
        { message: Message, refundPence: Refund === undefined ? 0 : toPence(Refund) },
        me(request),
      );
      return oneCase(request.params.Id);
    },
  );

  // --- disputes of a re-measure (issue 28) ---
  app.post(
    '/cases/:Id/remeasure',
    {
      onRequest: cases,
      bodyLimit: Math.ceil((DEPOT_LIMITS.photos * DEPOT_LIMITS.photoBytes * 4) / 3) + 64 * 1024,
      schema: {
        summary: 'Measure a disputed parcel again, with new photos',
        answers: {
          409: 'The case is not a dispute, is decided already, or its parcel is not at the depot.',
        },
        params,
        body: remeasureSchema,
        response: { 200: officeCaseDetailResponse },
      },
    },
    async (request) => {
      const b = request.body;
      await remeasureDispute(
        app,
        request.params.Id,
        {
          weightGrams: kgToGrams(b.WeightKg),
          lengthMm: cmToMm(b.LengthCm),
          widthMm: cmToMm(b.WidthCm),
          heightMm: cmToMm(b.HeightCm),
          photos: await decodePhotos(b.Photos),
        },
        me(request),
      );
      return officeCaseDetail(db, request.params.Id, app.clock.now());
    },
  );

  app.post(
    '/cases/:Id/decide',
    {
      onRequest: cases,
      schema: {
        summary: 'Uphold, reduce or cancel a disputed invoice',
        answers: {
          200: 'Decided: the case is Resolved; a refund made or still pending shows in Refunds.',
          409: 'The case is not a dispute, or it is decided already.',
        },
        params,
        body: decideDisputeSchema,
        response: { 200: officeCaseDetailResponse },
      },
    },
    async (request) => {
      const { Decision, Amount, Message } = request.body;
      const done = await decideDispute(
        app,
        request.params.Id,
        {
          decision: Decision,
          amountPence: Amount === undefined ? undefined : toPence(Amount),
          message: Message,
        },
        me(request),
      );
      request.log.info({ case: request.params.Id, Decision, ...done }, 'dispute decided');
      return officeCaseDetail(db, request.params.Id, app.clock.now());
    },
  );
};
