import { defineConfig } from 'vitest/config';

// Unit tests (tests/unit) and API tests through app.inject() (tests/api).
// Browser journeys live in tests/e2e and run under Playwright, not here.
export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts'],
    globalSetup: ['tests/setup/global-db.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
