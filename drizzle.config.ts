import { defineConfig } from 'drizzle-kit';

// `npx drizzle-kit generate` writes a new SQL migration after a change to the schema.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema.ts',
  out: './src/server/db/migrations',
});
