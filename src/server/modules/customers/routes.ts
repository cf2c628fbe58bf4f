import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  customerDetailResponse,
  customerExportFileName,
  customerExportSchema,
  customersQuery,
  customersResponse,
} from '../../../shared/api/customers-admin';
import { idParams } from '../../../shared/api/listing';
import { acceptEmptyJsonBodies, authOf } from '../../lib/auth';
import { customerDetail, searchCustomers } from './queries';
import { exportCustomer, resendValidation, setCustomerDisabled } from './service';

/**
 * The office's customers (decision 0022), under /api/admin; contracts in
 * src/shared/api/customers-admin.ts. Every call needs `manage Customer` (office and admin): the
 * depot's `read Customer` is what its own receiving calls use, not these (decision 0022).
 */
export const customersRoutes: FastifyPluginAsyncZod = async (app) => {
  acceptEmptyJsonBodies(app);
  const db = app.database.db;
  const office = app.requireAuth({ can: ['manage', 'Customer'] });
  const me = (request: Parameters<typeof authOf>[0]) => authOf(request).user.id;
  const detail = { 200: customerDetailResponse };

  app.get(
    '/customers',
    {
      onRequest: office,
      schema: {
        summary: 'A page of customers',
        querystring: customersQuery,
        response: { 200: customersResponse },
      },
    },
    async (request) => searchCustomers(db, request.query),
  );

  app.get(
    '/customers/:Id',
    {
      onRequest: office,
      schema: { summary: 'A customer, in full', params: idParams, response: detail },
    },
    async (request) => customerDetail(db, request.params.Id),
  );

  app.post(
    '/customers/:Id/resend-validation',
    {
      onRequest: office,
      schema: {
        summary: "Send a customer's e-mail confirmation again",
        answers: {
          409: 'The account is deleted, has no e-mail address, or it is confirmed already.',
        },
        params: idParams,
        response: detail,
      },
    },
    async (request) => {
      await resendValidation(app, request.params.Id, me(request));
      return customerDetail(db, request.params.Id);
    },
  );

  for (const [path, disabled] of [
    ['disable', true],
    ['enable', false],
  ] as const) {
    app.post(
      `/customers/:Id/${path}`,
      {
        onRequest: office,
        schema: {
          summary: `${disabled ? 'Disable' : 'Enable'} a customer's account`,
          answers: { 409: 'The account is deleted.' },
          params: idParams,
          response: detail,
        },
      },
      async (request) => {
        await setCustomerDisabled(app, request.params.Id, disabled, me(request));
        return customerDetail(db, request.params.Id);
      },
    );
  }

  app.get(
    '/customers/:Id/export',
    {
      onRequest: office,
      schema: {
        summary: 'Everything held about a customer (data export)',
        params: idParams,
        response: { 200: customerExportSchema },
      },
    },
    async (request, reply) => {
      const data = await exportCustomer(app, request.params.Id, me(request));
      return reply
        .header(
          'content-disposition',
          `attachment; filename="${customerExportFileName(data.Customer.Reference)}"`,
        )
        .header('cache-control', 'no-store')
        .send(data);
    },
  );
};
