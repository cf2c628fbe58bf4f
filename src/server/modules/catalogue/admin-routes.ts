import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { orderExtraSchema, productSchema } from '../../../shared/api/catalogue';
import {
  adminExtrasResponse,
  adminProductsResponse,
  createDiscountSchema,
  discountSchema,
  discountsQuery,
  discountsResponse,
  discountUsesQuery,
  discountUsesResponse,
  extraInputSchema,
  productInputSchema,
} from '../../../shared/api/catalogue-admin';
import { idParams } from '../../../shared/api/listing';
import { acceptEmptyJsonBodies, authOf } from '../../lib/auth';
import { saveExtra, saveProduct } from './admin-service';
import { listAllExtras, listAllProducts } from './queries';
import { createDiscount, discountUses, listDiscounts, setDiscountEnabled } from './discount-admin';

/**
 * The office's catalogue (decision 0024) under /api/admin/catalogue, for `manage Catalogue`; the
 * contracts and their rules are in src/shared/api/catalogue-admin.ts. A write clears this node's
 * read-through cache of the public catalogue (POST /api/products, /api/orderextras) once it is
 * committed; other nodes follow within the cache's time (CACHE_TTL_MS).
 */
export const catalogueAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  acceptEmptyJsonBodies(app);
  const db = app.database.db;
  const onRequest = app.requireAuth({ can: ['manage', 'Catalogue'] });
  const me = (request: Parameters<typeof authOf>[0]) => authOf(request).user.id;
  /** Runs a committed change, then forgets what this node cached of the catalogue. */
  const changed = async <T>(write: Promise<T>) => {
    const result = await write;
    app.cache.clear();
    return result;
  };

  // --- price bands ---
  app.get(
    '/products',
    {
      onRequest,
      schema: { summary: 'The price bands, all of them', response: { 200: adminProductsResponse } },
    },
    async () => ({ items: await listAllProducts(db) }),
  );
  app.post(
    '/products',
    {
      onRequest,
      schema: {
        summary: 'Add a price band',
        answers: { 201: 'The price band is added.' },
        body: productInputSchema,
        response: { 201: productSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await changed(saveProduct(db, me(request), undefined, request.body))),
  );
  app.put(
    '/products/:Id',
    {
      onRequest,
      schema: {
        summary: 'Change a price band',
        params: idParams,
        body: productInputSchema,
        response: { 200: productSchema },
      },
    },
    async (request) => changed(saveProduct(db, me(request), request.params.Id, request.body)),
  );

  // --- extras ---
  app.get(
    '/extras',
    {
      onRequest,
      schema: { summary: 'The order extras, all of them', response: { 200: adminExtrasResponse } },
    },
    async () => ({ items: await listAllExtras(db) }),
  );
  app.post(
    '/extras',
    {
      onRequest,
      schema: {
        summary: 'Add an order extra',
        answers: { 201: 'The extra is added.' },
        body: extraInputSchema,
        response: { 201: orderExtraSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await changed(saveExtra(db, me(request), undefined, request.body))),
  );
  app.put(
    '/extras/:Id',
    {
      onRequest,
      schema: {
        summary: 'Change an order extra',
        params: idParams,
        body: extraInputSchema,
        response: { 200: orderExtraSchema },
      },
    },
    async (request) => changed(saveExtra(db, me(request), request.params.Id, request.body)),
  );

  // --- discount codes ---
  app.get(
    '/discounts',
    {
      onRequest,
      schema: {
        summary: 'A page of discount codes',
        querystring: discountsQuery,
        response: { 200: discountsResponse },
      },
    },
    async (request) => listDiscounts(db, request.query),
  );
  app.post(
    '/discounts',
    {
      onRequest,
      schema: {
        summary: 'Add a discount code',
        answers: { 201: 'The code is added.' },
        body: createDiscountSchema,
        response: { 201: discountSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await changed(createDiscount(db, me(request), request.body))),
  );
  for (const [path, enabled] of [
    ['disable', false],
    ['enable', true],
  ] as const) {
    app.post(
      `/discounts/:Id/${path}`,
      {
        onRequest,
        schema: {
          summary: `${enabled ? 'Enable' : 'Disable'} a discount code`,
          params: idParams,
          response: { 200: discountSchema },
        },
      },
      async (request) => changed(setDiscountEnabled(db, me(request), request.params.Id, enabled)),
    );
  }
  app.get(
    '/discounts/:Id/uses',
    {
      onRequest,
      schema: {
        summary: "A page of a discount code's uses",
        params: idParams,
        querystring: discountUsesQuery,
        response: { 200: discountUsesResponse },
      },
    },
    async (request) => discountUses(db, request.params.Id, request.query),
  );
};
