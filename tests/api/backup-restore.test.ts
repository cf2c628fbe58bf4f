import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../src/server/app';
import {
  backupTo,
  BackupRefused,
  knownMigrations,
  LIVE_KEY_TABLES,
} from '../../src/server/db/backup';
import { migrationsUpTo, restoreFrom } from '../../src/server/db/restore';
import { openDatabase, type Database } from '../../src/server/db/client';
import { backupRuns, exportCertificates, mailOutbox } from '../../src/server/db/schema';
import { seed } from '../../src/server/db/seed';
import { createTestApp, type TestContext } from '../support/app';
import { accountCalls, waitForMail } from '../support/accounts';
import { checkoutCustomer, invoiceFor, type Customer } from '../support/checkout';
import { createScratchDatabase } from '../support/database';
import { paidBooking } from '../support/depot';
import { staffMember } from '../support/staff';
import { officeCalls } from '../support/office';
import { dispatch, PNG_PHOTO, receive } from '../support/parcels';
import { waitFor } from '../support/wait';

// Backup and restore (docs/decisions/0032): a database populated through the product's
// own flows is backed up, restored into an empty database, and compared table by table, row by
// row; the restored site lets the same customer log in and verifies the same certificate.

let ctx: TestContext;
let dir: string;
const opened: Database[] = [];

/** An empty database (no tables at all): in-memory PGlite, or a new PostgreSQL database. */
async function emptyDatabase(): Promise<Database> {
  const base = process.env.DATABASE_URL;
  let database: Database;
  if (!base) database = await openDatabase({});
  else {
    const scratch = await createScratchDatabase(
      base,
      process.env.FERRYBOX_TEST_RUN ?? 'ferrybox_t',
    );
    const inner = await openDatabase({ url: scratch.url, poolSize: 2 });
    database = {
      ...inner,
      close: async () => {
        await inner.close();
        await scratch.drop();
      },
    };
  }
  opened.push(database);
  return database;
}

/** Every table's rows in key order, as PostgreSQL writes them as JSON; the sequences too. */
async function contents(database: Database) {
  return database.inTransaction('snapshot', async (query) => {
    const { rows: tables } = await query<{ name: string }>(
      "select relname as name from pg_class where relnamespace = 'public'::regnamespace and relkind = 'r' order by relname",
    );
    const all: Record<string, string[]> = {};
    for (const { name } of tables) {
      const { rows } = await query<{ row: string }>(
        `select to_json(t)::text as row from public."${name}" t order by 1`,
      );
      all[name] = rows.map((r) => r.row);
    }
    const { rows: sequences } = await query<{ name: string }>(
      "select relname as name from pg_class where relnamespace = 'public'::regnamespace and relkind = 'S' order by relname",
    );
    for (const { name } of sequences) {
      const { rows } = await query<{ row: string }>(
        `select last_value || ' ' || is_called as row from public."${name}"`,
      );
      all[`sequence ${name}`] = rows.map((r) => r.row);
    }
    return all;
  });
}

let ann: Customer;
let certificateCode: string;
let before: Record<string, string[]>;
let file: string;
let invitation: string;
/** What a restore gives back: everything but the backup's own record and the live keys. */
const restoredOf = () => ({
  ...before,
  backup_runs: [],
  ...Object.fromEntries([...LIVE_KEY_TABLES].map((t) => [t, []])),
});

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ferrybox-backup-'));
  ctx = await createTestApp();
  // Customers, a paid order received with a photo and sent on (with its certificate), another
  // paid order with an invoice, staff and their audited actions, e-mails in the outbox.
  ann = await checkoutCustomer(ctx);
  const bob = await checkoutCustomer(ctx);
  const shipped = await paidBooking(ctx, ann);
  await receive(ctx, shipped.Id, { photos: [PNG_PHOTO] });
  await dispatch(ctx, shipped.Id);
  const cert = await ctx.app.inject({
    url: `/public/orders/exportcert/${shipped.Id}`,
    headers: { authorization: `Bearer ${ann.token}` },
  });
  expect(cert.statusCode, cert.body).toBe(200);
  [{ code: certificateCode }] = await ctx.database.db
    .select()
    .from(exportCertificates)
    .where(eq(exportCertificates.orderId, shipped.Id));
  const invoiced = await paidBooking(ctx, bob);
  await invoiceFor(ctx, invoiced.Id, 1250);
  const office = await staffMember(ctx, 'office');
  const note = await officeCalls(ctx).post(
    `/api/admin/orders/${invoiced.Id}/notes`,
    { Note: 'Customer rang about the invoice' },
    office.token,
  );
  expect(note.statusCode, note.body).toBeLessThan(300);
  // A staff invitation still pending: its link is a live key (decision 0046).
  const admin = await staffMember(ctx, 'admin');
  const invited = await ctx.post(
    '/api/admin/staff/invite',
    { Email: 'new.clerk@example.com', FirstName: 'New', LastName: 'Clerk', Role: 'admin' },
    { authorization: `Bearer ${admin.token}` },
  );
  expect(invited.statusCode, invited.body).toBe(201);
  const mail = await waitForMail(ctx, { to: 'new.clerk@example.com', kind: 'staff-invitation' });
  invitation = mail.links
    .find((l) => l.includes('/admin/invitation/'))!
    .split('/admin/invitation/')[1];

  // The mailer sends in the background and marks each message sent: once it has sent them all,
  // nothing changes the database between this snapshot and the backup.
  await waitFor(
    async () => {
      const unsent = await ctx.database.db
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(and(isNull(mailOutbox.sentAt), isNull(mailOutbox.failedAt)));
      return unsent.length === 0;
    },
    { what: 'every e-mail sent' },
  );
  before = await contents(ctx.database);
  for (const table of [
    'users',
    'orders',
    'payments',
    'parcels',
    'parcel_photos',
    'invoices',
    'export_certificates',
    'audit_log',
    'mail_outbox',
    'sessions',
  ]) {
    expect(before[table].length, table).toBeGreaterThan(0);
  }
  file = path.join(dir, 'ferrybox.backup');
  const summary = await backupTo(ctx.database, file);
  expect(summary.rows).toBe(
    Object.entries(before).reduce(
      (n, [name, rows]) =>
        name.startsWith('sequence ') || LIVE_KEY_TABLES.has(name) ? n : n + rows.length,
      0,
    ),
  );
}, 180_000);

afterAll(async () => {
  for (const database of opened) await database.close();
  await ctx?.close();
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

/** The backup file's lines, and a way to write a changed copy. */
async function lines(of = file) {
  return zlib
    .gunzipSync(await fs.readFile(of))
    .toString('utf8')
    .trimEnd()
    .split('\n');
}
async function writeLines(name: string, content: string[]) {
  const to = path.join(dir, name);
  await fs.writeFile(to, zlib.gzipSync(`${content.join('\n')}\n`));
  return to;
}

describe('the backup file (decision 0046)', () => {
  test('is this user’s only, in a folder only they open', async () => {
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
    expect((await fs.stat(dir)).mode & 0o777).toBe(0o700);
    const made = path.join(dir, 'new-folder', 'ferrybox.backup');
    await backupTo(ctx.database, made);
    expect((await fs.stat(path.dirname(made))).mode & 0o777).toBe(0o700);
    expect((await fs.stat(made)).mode & 0o777).toBe(0o600);
  });

  test('is refused in a folder others may open, and nothing is written', async () => {
    const open = path.join(dir, 'shared');
    await fs.mkdir(open);
    await fs.chmod(open, 0o755);
    await expect(backupTo(ctx.database, path.join(open, 'ferrybox.backup'))).rejects.toThrow(
      /can be read or entered by other users/,
    );
    expect(await fs.readdir(open)).toEqual([]);
  });

  test('holds no session, one-time token or e-mail', async () => {
    const tables = (await lines())
      .map((l) => JSON.parse(l) as { table?: string; rows?: number })
      .filter((l) => l.table && LIVE_KEY_TABLES.has(l.table));
    expect(tables.map((t) => [t.table, t.rows])).toEqual(
      [...LIVE_KEY_TABLES].sort().map((t) => [t, 0]),
    );
    const text = zlib.gunzipSync(await fs.readFile(file)).toString('utf8');
    expect(text).not.toContain(invitation);
  });
});

// A restore migrates a database twice over: minutes on a busy 2-core machine.
describe(
  'npm run backup, then npm run restore into an empty database',
  { timeout: 300_000 },
  () => {
    let target: Database;

    test('gives back every table row for row, and records when the backup was taken', async () => {
      target = await emptyDatabase();
      const restored = await restoreFrom(target, file);
      expect(restored.from).toBe(knownMigrations().at(-1)!.tag);
      // The backup's own record is written after its snapshot: the only difference.
      const [run] = await ctx.database.db.select().from(backupRuns);
      expect(run.rows).toBe(restored.rows);
      expect(run.bytes).toBe((await fs.stat(file)).size);
      expect(await contents(target)).toEqual(restoredOf());
    });

    test('the restored site lets the same customer log in and verifies the same certificate', async () => {
      const app = await buildApp(ctx.config, target, { jobPollingSeconds: 0.5 });
      try {
        const site = { ...ctx, app, database: target };
        const login = await accountCalls(site).login(ann.email, ann.password);
        expect(login.statusCode, login.body).toBe(200);
        // The backup's live keys are dead: its sessions, and the pending invitation's link
        // (read from the backup's day's e-mail) logs no one in; nothing is e-mailed again.
        expect((await accountCalls(site).me(ann.token)).statusCode).toBe(401);
        const accepted = await app.inject({
          method: 'POST',
          url: '/api/admin/auth/accept-invitation',
          payload: {
            token: invitation,
            Password: 'Taken-over-9!',
            ConfirmPassword: 'Taken-over-9!',
          },
        });
        expect(accepted.statusCode).toBe(400);
        expect(await target.db.select().from(mailOutbox)).toEqual([]);
        const verified = await app.inject({
          url: `/public/certificates/verify/${certificateCode}`,
        });
        expect(verified.statusCode, verified.body).toBe(200);
        expect(verified.json().Genuine).toBe(true);
        // New rows follow on from the restored ones (the sequences came back too).
        const carl = await checkoutCustomer(site);
        const maxId = Math.max(...before.users.map((u) => (JSON.parse(u) as { id: number }).id));
        expect(carl.id).toBeGreaterThan(maxId);
      } finally {
        await app.close();
      }
    });

    test('refuses a backup from a newer schema, changing nothing', async () => {
      const [header, ...rest] = await lines();
      const parsed = JSON.parse(header) as { migrations: unknown[] };
      parsed.migrations.push({ tag: '0099_future', hash: 'f'.repeat(64) });
      const newer = await writeLines('newer.backup', [JSON.stringify(parsed), ...rest]);
      const was = await contents(target);
      const refused = await restoreFrom(target, newer, { force: true }).catch(
        (err: unknown) => err,
      );
      expect(refused).toBeInstanceOf(BackupRefused);
      expect((refused as Error).message).toMatch(/from a newer Ferrybox.*Upgrade Ferrybox first/);
      expect(await contents(target)).toEqual(was);
    });

    test('refuses a database that holds data, and replaces it when told to (--force)', async () => {
      const was = await contents(target);
      await expect(restoreFrom(target, file)).rejects.toThrow(
        /holds data \(the table \w+ has rows\).*--force/,
      );
      expect(await contents(target)).toEqual(was);
      await target.executeSql("update users set first_name = 'Changed'");
      await restoreFrom(target, file, { force: true });
      expect(await contents(target)).toEqual(restoredOf());
    });

    test('a database that only ran npm start (the seed) needs no --force', async () => {
      const seeded = await emptyDatabase();
      await seeded.migrate();
      await seed(seeded.db);
      await restoreFrom(seeded, file);
      expect(await contents(seeded)).toEqual(restoredOf());
    });

    test('refuses a file cut short, or one that is not a backup', async () => {
      const all = await lines();
      const cut = await writeLines('cut.backup', all.slice(0, Math.floor(all.length / 2)));
      const empty = await emptyDatabase();
      await expect(restoreFrom(empty, cut)).rejects.toThrow(/ends early/);
      const notOne = path.join(dir, 'not-a-backup.txt');
      await fs.writeFile(notOne, 'hello');
      await expect(restoreFrom(empty, notOne)).rejects.toThrow(/not a Ferrybox backup/);
    });

    test('a backup from an older schema is restored at its schema, then migrated', async () => {
      const known = knownMigrations();
      const older = await emptyDatabase();
      const folder = await migrationsUpTo(known.length - 1);
      try {
        await older.migrate(folder);
      } finally {
        await fs.rm(folder, { recursive: true, force: true });
      }
      await older.executeSql("insert into seed_log (key) values ('from-the-older-schema')");
      // What it held when backed up: the backup is then recorded in it (backup_runs, when its
      // schema has the table), and that record is its own, never restored.
      const was = await contents(older);
      const oldFile = path.join(dir, 'older.backup');
      const summary = await backupTo(older, oldFile);
      expect(summary.schema).toBe(known.at(-2)!.tag);
      const restoredInto = await emptyDatabase();
      const restored = await restoreFrom(restoredInto, oldFile);
      expect(restored).toMatchObject({ from: known.at(-2)!.tag, to: known.at(-1)!.tag });
      const { rows } = await restoredInto.executeSql(
        'select count(*)::int as n from drizzle.__drizzle_migrations',
      );
      expect(rows).toEqual([{ n: known.length }]);
      const newRows = await contents(restoredInto);
      for (const [table, content] of Object.entries(was)) {
        expect(newRows[table], table).toEqual(content);
      }
    });
  },
);
