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
    const clock = new Clock();
    app.decorate('clock', clock);
    // the handler runs in the app's clock (after the body is read: its events run outside it)
    app.addHook('preHandler', (_request, _reply, done) => clock.run(done));
  },
  { name: 'clock' },
);
