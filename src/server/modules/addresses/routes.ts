import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okSchema } from '../../../shared/api/auth';
import {
  addressInputSchema,
  addressListRequest,
  addressListResponse,
  addressSchema,
  idParams,
} from '../../../shared/api/addresses';
import { acceptEmptyJsonBodies, authOf } from '../../lib/auth';
import { createAddress, deleteAddress, listAddresses, updateAddress } from './service';

/**
 * The address book (docs/requirements.md §7, decision 0014). Every call needs a session and reaches
 * only the caller's own addresses: another customer's Id answers 404 like an unknown one, so ids
 * leak nothing. Bodies are checked with the address form's own rules (src/shared/addresses.ts).
 *
 * - POST /public/addresses: a page of the caller's addresses (`{ options, filter }`, no body =
 *   the defaults: Updated ascending, 10 a page).
 * - POST /public/addresses/create: 201 with the new address; 409 past the per-customer limit.
 * - PUT /public/addresses/{Id}: 200 with the changed address.
 * - DELETE /public/addresses/{Id}: 200 `{ ok: true }`.
 */
export const addressesRoutes: FastifyPluginAsyncZod = async (app) => {
  acceptEmptyJsonBodies(app);
  const db = app.database.db;

  app.post(
    '/',
    {
      onRequest: app.requireAuth(),
      schema: {
        summary: "A page of the customer's addresses",
        body: addressListRequest,
        response: { 200: addressListResponse },
      },
    },
    async (request) => {
      const { options, filter } = request.body;
      return listAddresses(db, authOf(request).user.id, options, filter);
    },
  );

  app.post(
    '/create',
    {
      onRequest: app.requireAuth(),
      schema: {
        summary: 'Add an address',
        answers: { 201: 'The address is added.', 409: 'The address book is full.' },
        body: addressInputSchema,
        response: { 201: addressSchema },
      },
    },
    async (request, reply) => {
      const address = await createAddress(db, authOf(request).user.id, request.body);
      return reply.status(201).send(address);
    },
  );

  app.put(
    '/:Id',
    {
      onRequest: app.requireAuth(),
      schema: {
        summary: 'Change an address',
        params: idParams,
        body: addressInputSchema,
        response: { 200: addressSchema },
      },
    },
    async (request) => updateAddress(db, authOf(request).user.id, request.params.Id, request.body),
  );

  app.delete(
    '/:Id',
    {
      onRequest: app.requireAuth(),
      schema: { summary: 'Delete an address', params: idParams, response: { 200: okSchema } },
    },
    async (request) => {
      await deleteAddress(db, authOf(request).user.id, request.params.Id);
      return { ok: true as const };
    },
  );
};
