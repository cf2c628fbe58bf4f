import { buildApp, type App } from '../../src/server/app';
import { loadConfig, type Config } from '../../src/server/config';
import type { Database } from '../../src/server/db/client';
import { freshDatabase } from './database';

export interface TestContext {
  app: App;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

/** The whole app over a fresh database, without listening: call app.inject(). */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestContext> {
  const database = await freshDatabase();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SERVE_WEB: 'false', ...env });
  const app = await buildApp(config, database);
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
