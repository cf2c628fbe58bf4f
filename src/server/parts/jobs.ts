import fp from 'fastify-plugin';
import { Jobs } from '../lib/jobs';

declare module 'fastify' {
  interface FastifyInstance {
    /** Work in the background: sweeps on a schedule and work a request hands on (lib/jobs.ts). */
    jobs: Jobs;
  }
}

/** pg-boss in the app's own database, started now and stopped when the app closes. */
export const jobsPart = fp<{ pollingSeconds?: number }>(
  async (app, { pollingSeconds }) => {
    const jobs = new Jobs(app.database, app.log, {
      workers: app.config.workers,
      pollingIntervalSeconds: pollingSeconds,
      clock: app.clock,
    });
    await jobs.start();
    app.decorate('jobs', jobs);
    app.addHook('onClose', () => jobs.stop());
  },
  { name: 'jobs', dependencies: ['clock', 'config', 'database'] },
);
