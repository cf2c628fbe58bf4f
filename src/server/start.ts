import { buildApp, type App } from './app';
import type { Config } from './config';
import { openDatabase, type Database } from './db/client';
import { seed } from './db/seed';
import { ensureFirstAdmin } from './modules/staff/service';

export interface Running {
  app: App;
  database: Database;
  /** Stops accepting connections, lets requests in flight finish, then closes the database. */
  stop(): Promise<void>;
}

/** Opens, migrates and seeds the database, then serves on the configured host and port. */
export async function start(config: Config): Promise<Running> {
  const database = await openDatabase({
    url: config.databaseUrl,
    pgliteDir: config.pgliteDir,
    timeouts: config.dbTimeouts,
  });
  await database.migrate();
  await seed(database.db);
  const admin = await ensureFirstAdmin(database.db, config.firstAdmin);
  const app = await buildApp(config, database);
  if (admin) app.log.info({ email: admin.email }, 'first admin created from ADMIN_EMAIL');
  await app.listen({ port: config.port, host: config.host });
  return {
    app,
    database,
    stop: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** Runs `stop` once on SIGTERM or SIGINT, exiting when it is done or after the grace period. */
export function stopOnSignals(config: Config, log: App['log'], stop: () => Promise<void>) {
  let stopping = false;
  const handler = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
    const force = setTimeout(() => {
      log.error('shutdown took too long, exiting');
      process.exit(1);
    }, config.shutdownGraceMs);
    force.unref();
    try {
      await stop();
      process.exit(0);
    } catch (err) {
      log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', handler);
  process.on('SIGINT', handler);
}
