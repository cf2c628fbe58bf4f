import { ConfigError, loadConfig, type Config } from './config';
import { ensureWebBuild } from './lib/build';
import { start, stopOnSignals } from './start';

/**
 * `npm start`: checks the configuration, builds the site when it is missing or stale, migrates
 * and seeds the database, serves on PORT, and shuts down gracefully on SIGTERM/SIGINT.
 */
async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(78);
    }
    throw err;
  }
  if (config.serveWeb) await ensureWebBuild();
  const running = await start(config);
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.pgliteDir}`;
  running.app.log.info({ database: where }, `${config.brand} is running at ${config.publicUrl}/`);
  console.log(`\n  ${config.brand} is running at ${config.publicUrl}/  (database: ${where})\n`);
  stopOnSignals(config, running.app.log, running.stop);
}

main().catch((err) => {
  console.error(`Ferrybox failed to start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
