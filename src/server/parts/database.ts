import fp from 'fastify-plugin';
import type { Database } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    /** PGlite or PostgreSQL, opened by main.ts (or a test) and handed to buildApp. */
    database: Database;
  }
}

/** The database the app was given; a connection the database or the network broke is logged. */
export const databasePart = fp<{ database: Database }>(
  async (app, { database }) => {
    app.decorate('database', database);
    // The pool has dropped the connection already, and opens another when needed.
    database.onConnectionError?.((err) =>
      app.log.warn({ err }, 'database connection lost (the pool opens another when needed)'),
    );
  },
  { name: 'database' },
);
