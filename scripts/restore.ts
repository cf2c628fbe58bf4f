// `npm run restore -- --in FILE [--force]`: replaces the database's contents (DATABASE_URL, or
// the embedded one in DATA_DIR) with a backup's, then migrates it to this release's schema. Stop
// every node first. Refuses a backup from a newer release, and a database that holds data unless
// --force. docs/decisions/0032.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/server/config';
import { BackupRefused, openForMaintenance } from '../src/server/db/backup';
import { restoreFrom } from '../src/server/db/restore';

const { values } = parseArgs({
  options: { in: { type: 'string' }, force: { type: 'boolean', default: false } },
});
if (!values.in) {
  console.error('Usage: npm run restore -- --in FILE [--force]');
  process.exit(2);
}
try {
  const database = await openForMaintenance(loadConfig());
  try {
    const started = Date.now();
    const r = await restoreFrom(database, path.resolve(values.in), { force: values.force });
    console.log(
      `Restored ${r.rows} rows of ${r.tables} tables (backup at schema ${r.from}, now at ` +
        `${r.to}) in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
  } finally {
    await database.close();
  }
} catch (err) {
  if (!(err instanceof BackupRefused)) throw err;
  console.error(err.message);
  process.exit(2);
}
