import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import compress from '@fastify/compress';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { registerErrorHandling } from './lib/errors';
import { healthRoutes } from './modules/health/routes';
import { settingsRoutes } from './modules/settings/routes';
import { catalogueRoutes } from './modules/catalogue/routes';
import { createWeb } from './lib/web';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
  }
}

export type App = FastifyInstance;

/** Builds the whole application without listening: main.ts listens, tests use inject(). */
export async function buildApp(config: Config, database: Database): Promise<App> {
  const app = Fastify({
    logger: { level: config.logLevel },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', database);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  // The HTML pages get their own Content-Security-Policy (lib/web.ts); API answers are data only.
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(compress, { threshold: 1024 });
  const web = config.serveWeb ? await createWeb(config) : undefined;
  registerErrorHandling(app, web?.fallback);

  await app.register(healthRoutes);
  await app.register(settingsRoutes, { prefix: '/public' });
  await app.register(catalogueRoutes, { prefix: '/api' });
  if (web) await app.register(web.routes);

  return app;
}
