import fp from 'fastify-plugin';
import { ReadThroughCache } from '../lib/cache';

declare module 'fastify' {
  interface FastifyInstance {
    /** The answers every page reads (catalogue, settings), kept for a short while (lib/cache.ts). */
    cache: ReadThroughCache;
  }
}

export const cachePart = fp(
  async (app) => {
    app.decorate('cache', new ReadThroughCache(app.config.cacheTtlMs));
  },
  { name: 'cache', dependencies: ['config'] },
);
