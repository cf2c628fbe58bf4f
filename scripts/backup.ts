// `npm run backup -- --out FILE`: the whole database (DATABASE_URL, or the embedded one in
// DATA_DIR) in one file, from one consistent snapshot; on PostgreSQL while the site runs, on the
// embedded database with `npm start` stopped (it opens in one process). docs/decisions/0032.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/server/config';
import { BackupRefused, backupTo, openForMaintenance } from '../src/server/db/backup';

const { values } = parseArgs({ options: { out: { type: 'string' } } });
if (!values.out) {
  console.error('Usage: npm run backup -- --out FILE');
  process.exit(2);
}
const file = path.resolve(values.out);
try {
  const database = await openForMaintenance(loadConfig());
  try {
    const started = Date.now();
    const b = await backupTo(database, file);
    console.log(
      `Backed up ${b.rows} rows of ${b.tables} tables (schema ${b.schema}) to ${b.file}: ` +
        `${(b.bytes / 1024 / 1024).toFixed(1)} MB in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
  } finally {
    await database.close();
  }
} catch (err) {
  if (!(err instanceof BackupRefused)) throw err;
  console.error(err.message);
  process.exit(2);
}
