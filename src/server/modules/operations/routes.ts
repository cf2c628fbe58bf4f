import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operationsResponse } from '../../../shared/api/operations';
import { access } from '../../lib/auth';
import { registry } from '../../lib/metrics';
import { fromThisMachine, noSuchCall } from '../../lib/this-machine';
import { operationsFigures } from './figures';

/** Whether the request carries the configured metrics token (compared in constant time). */
function bearsToken(header: string | undefined, token: string | undefined): boolean {
  if (!token || !header) return false;
  const given = Buffer.from(header);
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * GET /metrics for Prometheus, off the public site: it answers a caller on this machine (a
 * loopback address, no X-Forwarded-For: not through the proxy), or one that sends METRICS_TOKEN
 * as a bearer token; anyone else gets the 404 of a call that does not exist.
 */
export const metricsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/metrics',
    {
      config: access('this-machine'),
      onRequest: async (request) => {
        const allowed =
          fromThisMachine(request) ||
          bearsToken(request.headers.authorization, app.config.metricsToken);
        if (!allowed) throw noSuchCall(request);
      },
    },
    async (_request, reply) => {
      await operationsFigures(app);
      return reply
        .header('cache-control', 'no-store')
        .type(registry.contentType)
        .send(await registry.metrics());
    },
  );
};

/** GET /api/admin/operations: the health screen's figures (admins). */
export const operationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/operations',
    {
      onRequest: app.requireAuth({ can: ['read', 'Operations'] }),
      schema: {
        summary: "The service's state for operators",
        response: { 200: operationsResponse },
      },
    },
    async () => operationsFigures(app),
  );
};
