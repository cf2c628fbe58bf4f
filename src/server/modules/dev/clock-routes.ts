import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../lib/auth';
import { onlyFromThisMachine } from '../../lib/this-machine';

const clockBody = z
  .object({
    /** The time to set (ISO 8601), or null for the machine's time again. */
    At: z.iso.datetime({ offset: true, error: 'must be a date and time (ISO 8601)' }).nullable(),
  })
  .strict();

/**
 * Development only (never registered in production): PUT /dev/clock sets the time the date rules
 * go by (src/server/lib/clock.ts), so a demo or a browser test can see a promotion before, during
 * and after its dates. Answers the time it is now by that clock.
 */
export const devClockRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', onlyFromThisMachine);
  app.put(
    '/clock',
    {
      config: access('this-machine'),
      schema: { body: clockBody, response: { 200: z.object({ Now: z.string() }) } },
    },
    async (request) => {
      app.clock.set(request.body.At === null ? null : new Date(request.body.At));
      return { Now: app.clock.now().toISOString() };
    },
  );
};
