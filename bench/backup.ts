import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { backupTo } from '../src/server/db/backup';
import { restoreFrom } from '../src/server/db/restore';
import { openDatabase, type Database } from '../src/server/db/client';
import { createScratchDatabase } from '../tests/support/database';
import { HISTORY_ORDERS, seedOrderHistory } from './order-history';

/** Each order's parcel photo: the site's social image (a real PNG, about 60 KB). */
const PHOTO = fs.readFileSync(path.join(import.meta.dirname, '../public/og-image.png'));
const PHOTO_BATCH = 2_000;

/**
 * `npm run backup` and `npm run restore` of HISTORY_ORDERS orders, each received with a
 * parcel and one photo, on PostgreSQL (BENCH_ONLY=backup; DATABASE_URL). The restore goes into a
 * second, empty database. Answers the seconds each took and the file's size.
 */
export async function backupRows(database: Database, customerId: number, baseUrl: string) {
  await seedOrderHistory(database, customerId);
  await database.executeSql(`
    insert into parcels (order_id, customer_id, weight_grams, length_mm, width_mm, height_mm)
    select id, customer_id, 2300, 400, 300, 200 from orders`);
  // A photo per parcel, a few thousand at a time: one statement of 100,000 photos (6 GB) would
  // outlast the statement timeout.
  const [{ low, high }] = (
    await database.executeSql('select min(id) as low, max(id) as high from parcels')
  ).rows as { low: number; high: number }[];
  for (let from = Number(low); from <= Number(high); from += PHOTO_BATCH) {
    await database.executeSql(
      `insert into parcel_photos (parcel_id, content_type, data, width, height)
       select id, 'image/png', $1, 1200, 630 from parcels where id >= $2 and id < $3`,
      [PHOTO, from, from + PHOTO_BATCH],
    );
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ferrybox-bench-backup-'));
  const file = path.join(dir, 'bench.backup');
  const target = await createScratchDatabase(baseUrl, 'ferrybox_bench_restore');
  const restored = await openDatabase({
    url: target.url,
    poolSize: 2,
    timeouts: { statementMs: 0 },
  });
  try {
    let started = Date.now();
    const backup = await backupTo(database, file);
    const backupSeconds = (Date.now() - started) / 1000;
    started = Date.now();
    await restoreFrom(restored, file);
    const restoreSeconds = (Date.now() - started) / 1000;
    return {
      orders: HISTORY_ORDERS,
      photos: HISTORY_ORDERS,
      rows: backup.rows,
      fileMB: Math.round(backup.bytes / 1024 / 1024),
      backupSeconds,
      restoreSeconds,
    };
  } finally {
    await restored.close();
    await target.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
