import { access } from '../../lib/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  extraListRequest,
  extraListResponse,
  productListRequest,
  productListResponse,
} from '../../../shared/api/catalogue';
import { sendCachedJson } from '../../lib/cache';
import { HttpError } from '../../lib/errors';
import { listExtras, listProducts } from './queries';

/**
 * docs/requirements.md §7: POST /api/products and POST /api/orderextras with listing options and a
 * filter. Anonymous callers see only enabled, public price bands; asking for others is refused
 * until staff accounts exist. Extras are all returned with their Enabled flag: the client shows the
 * enabled ones and keeps the others as hidden extras (docs/requirements.md §3), which staff add to
 * orders.
 */
export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/products',
    {
      config: access('anonymous'),
      schema: {
        summary: 'The price bands',
        answers: { 403: 'Only staff can list disabled or private price bands.' },
        body: productListRequest,
        response: { 200: productListResponse },
      },
    },
    (request, reply) => {
      const { options, filter } = request.body;
      if (!filter.enabled || !filter.public) {
        throw new HttpError(403, 'Only staff can list disabled or private price bands.');
      }
      return sendCachedJson(
        app.cache,
        reply,
        `products:${JSON.stringify(request.body)}`,
        productListResponse,
        () => listProducts(app.database.db, options, filter),
      );
    },
  );

  app.post(
    '/orderextras',
    {
      config: access('anonymous'),
      schema: {
        summary: 'The order extras',
        body: extraListRequest,
        response: { 200: extraListResponse },
      },
    },
    (request, reply) => {
      const { options, filter } = request.body;
      return sendCachedJson(
        app.cache,
        reply,
        `extras:${JSON.stringify(request.body)}`,
        extraListResponse,
        () => listExtras(app.database.db, options, filter),
      );
    },
  );
};
