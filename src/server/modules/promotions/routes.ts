import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { promotionParams, promotionSchema } from '../../../shared/api/promotions';
import { access } from '../../lib/auth';
import { HttpError } from '../../lib/errors';
import { promotionNow } from './service';

/** GET /public/promotions/{Code}: where a promotion page's code stands (./service.ts). */
export const promotionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/promotions/:Code',
    {
      config: access('anonymous'),
      schema: {
        summary: 'The promotion of a discount code',
        params: promotionParams,
        response: { 200: promotionSchema },
      },
    },
    async (request) => {
      const found = await promotionNow(app, request.params.Code);
      if (!found) throw new HttpError(404, 'No page promotes this code.');
      return found;
    },
  );
};
