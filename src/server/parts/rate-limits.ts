import fp from 'fastify-plugin';
import { RateLimiter, type RateLimitOverrides } from '../lib/rate-limit';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sliding-window counters every node shares (lib/rate-limit.ts). */
    rateLimiter: RateLimiter;
  }
}

export const rateLimitsPart = fp<{ overrides?: RateLimitOverrides }>(
  async (app, { overrides }) => {
    app.decorate(
      'rateLimiter',
      new RateLimiter(app.database.db, { scale: app.config.rateLimitScale, overrides }),
    );
  },
  { name: 'rate-limits', dependencies: ['config', 'database'] },
);
