import { access } from '../../lib/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const status = z.object({ status: z.string() });

/** How long /readyz waits for the database before answering 503. */
export const READY_TIMEOUT_MS = 800;

/** Resolves when `work` does, rejects when it fails or takes longer than `ms`. */
function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Liveness (the process answers) and readiness (the database answers too, within a second: a
 * database that does not answer makes the node unready at once, not a hung health check).
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/healthz',
    { config: access('anonymous'), schema: { response: { 200: status } } },
    async () => ({
      status: 'ok',
    }),
  );
  app.get(
    '/readyz',
    { config: access('anonymous'), schema: { response: { 200: status, 503: status } } },
    async (request, reply) => {
      try {
        await within(app.database.ping(), READY_TIMEOUT_MS);
        return { status: 'ready' };
      } catch (err) {
        request.log.warn({ err }, 'database not ready');
        return reply.status(503).send({ status: 'database unavailable' });
      }
    },
  );
};
