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

/** Codes of a database that cannot be reached or entered (network, DNS, password, name). */
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  '28P01',
  '3D000',
]);

/** Why the server did not start, in one line; a database it cannot reach is named (no password). */
function startFailure(err: unknown, databaseUrl = process.env.DATABASE_URL): string {
  const message = err instanceof Error ? err.message : String(err);
  const code = (err as { code?: string } | null)?.code;
  if (databaseUrl && code && UNREACHABLE.has(code)) {
    let where = 'DATABASE_URL';
    try {
      const url = new URL(databaseUrl);
      where = `${url.hostname}:${url.port || 5432}${url.pathname}`;
    } catch {
      // not a URL: the configuration check names it already
    }
    return (
      `Ferrybox cannot reach its database at ${where} (${message.replace(databaseUrl, '…')}). ` +
      'Check DATABASE_URL and that PostgreSQL is running, or leave DATABASE_URL unset to use ' +
      'the embedded database.'
    );
  }
  return `Ferrybox failed to start: ${message}`;
}

main().catch((err: unknown) => {
  console.error(startFailure(err));
  process.exit(1);
});
