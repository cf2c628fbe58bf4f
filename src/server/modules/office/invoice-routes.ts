import { MOVES_MONEY, MOVES_NO_MONEY } from '../../lib/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '../../../shared/api/listing';
import { me } from './route-helpers';
import {
  officeInvoiceSchema,
  officeInvoicesQuery,
  officeInvoicesResponse,
  voidInvoiceSchema,
} from '../../../shared/api/office-invoices';
import { findOfficeInvoice, listInvoices } from './lists';
import { remindInvoice, voidInvoiceAsStaff } from './invoice-actions';

/**
 * The office's invoices (decision 0018), under /api/admin (`manage Invoice`): the list, voiding and
 * reminding, as invoice-actions.ts serves them.
 */
export const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const invoicesGuard = app.requireAuth({ can: ['manage', 'Invoice'] });

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
      config: MOVES_MONEY,
      onRequest: invoicesGuard,
      schema: {
        summary: 'Void an unpaid invoice',
        answers: { 409: 'The invoice is not unpaid (or was just paid).' },
        params: idParams,
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
      config: MOVES_NO_MONEY,
      onRequest: invoicesGuard,
      schema: {
        summary: 'Remind the customer of an unpaid invoice',
        answers: { 409: 'The invoice is not unpaid, or it is disputed (no reminders then).' },
        params: idParams,
        response: { 200: officeInvoiceSchema },
      },
    },
    async (request) => {
      await remindInvoice(app, request.params.Id, me(request));
      return findOfficeInvoice(db, request.params.Id);
    },
  );
};
