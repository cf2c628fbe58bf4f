import fp from 'fastify-plugin';
import { Clock } from '../lib/clock';

declare module 'fastify' {
  interface FastifyInstance {
    /** The time the date rules go by (lib/clock.ts). */
    clock: Clock;
  }
}

export const clockPart = fp(
  async (app) => {
    app.decorate('clock', new Clock());
  },
  { name: 'clock' },
);
