import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const status = z.object({ status: z.string() });

/** Liveness (the process answers) and readiness (the database answers too). */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/healthz', { schema: { response: { 200: status } } }, async () => ({
    status: 'ok',
  }));
  app.get(
    '/readyz',
    { schema: { response: { 200: status, 503: status } } },
    async (request, reply) => {
      try {
        await app.database.ping();
        return { status: 'ready' };
      } catch (err) {
        request.log.warn({ err }, 'database not ready');
        return reply.status(503).send({ status: 'database unavailable' });
      }
    },
  );
};
