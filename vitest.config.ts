import { defineConfig } from 'vitest/config';

// Unit tests (tests/unit) and API tests through app.inject() (tests/api).
// Browser journeys live in tests/e2e and run under Playwright, not here.
// The scale-out test runs two server processes on one database: PostgreSQL only (the embedded
// database opens in one process), so it is part of the PostgreSQL run (DATABASE_URL) alone.
const postgresOnly = ['tests/api/scale-out.test.ts'];

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts'],
    exclude: process.env.DATABASE_URL ? [] : postgresOnly,
    globalSetup: ['tests/setup/global-db.ts'],
    // Two files at once: most of a file's time is its database and its server, and two workers
    // halve the run on a 2-core machine (7 minutes to under 4 on PGlite) without starving either.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
