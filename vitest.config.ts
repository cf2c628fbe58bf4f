import { defineConfig } from 'vitest/config';
import LongestFirst from './tests/setup/sequencer';

// Unit tests (tests/unit) and API tests through app.inject() (tests/api).
// Browser journeys live in tests/e2e and run under Playwright, not here.
// The scale-out test runs two server processes on one database: PostgreSQL only (the embedded
// database opens in one process), so it is part of the PostgreSQL run (DATABASE_URL) alone.
const postgresOnly = ['tests/api/scale-out.test.ts', 'tests/api/connection-loss.test.ts'];

export default defineConfig({
  test: {
    // Two files at once: most of a file's time is its database and its server, and two workers
    // halve the run on a 2-core machine (7 minutes to under 4 on PGlite) without starving either.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        // Pure rules and the browser-side stores: each file in a fresh process (the stores are
        // module-level, as in a page, and some tests stub the window or the clock).
        extends: true,
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'] },
      },
      {
        // The API files share their worker's loaded modules (isolate: false): importing the
        // server (Fastify, drizzle, pg-boss, Stripe, pdfkit…) afresh for each of 50 files cost
        // about 100 s of CPU a run. Each file still builds its own app over its own fresh
        // database and closes them; src/server keeps no state at module level.
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          exclude: process.env.DATABASE_URL ? [] : postgresOnly,
          isolate: false,
          globalSetup: ['tests/setup/global-db.ts'],
        },
      },
      // The failover drill (`npm run drill`, tests/drill): its own PostgreSQL servers and
      // PgBouncer, minutes long; only when asked for (DRILL=1), never in `npm test`.
      ...(process.env.DRILL
        ? [
            {
              extends: true as const,
              test: { name: 'drill', include: ['tests/drill/**/*.test.ts'] },
            },
          ]
        : []),
    ],
  },
});
