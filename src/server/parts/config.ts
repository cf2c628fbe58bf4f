import fp from 'fastify-plugin';
import type { Config } from '../config';

declare module 'fastify' {
  interface FastifyInstance {
    /** The configuration, read once from the environment at start (../config.ts). */
    config: Config;
  }
}

/** The app's configuration, as every other part and use case reads it. */
export const configPart = fp<{ config: Config }>(
  async (app, { config }) => {
    app.decorate('config', config);
  },
  { name: 'config' },
);
