// The embedded database's files are this user's only (decision 0046): PGlite's file system
// writes them world-writable whatever the umask, so its folder is closed to others and its
// files made 0600, on opening and on closing.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { openDatabase } from '../../src/server/db/client';

const root = await fs.mkdtemp(path.join(os.tmpdir(), 'ferrybox-pglite-files-'));
afterAll(() => fs.rm(root, { recursive: true, force: true }));

/** Every file and folder under `dir` that another user may read, enter or write. */
async function openToOthers(dir: string): Promise<string[]> {
  const found: string[] = [];
  if (((await fs.stat(dir)).mode & 0o077) !== 0) found.push(dir);
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const at = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await openToOthers(at)));
    else if (((await fs.stat(at)).mode & 0o077) !== 0) found.push(at);
  }
  return found;
}

test('the embedded database’s folder and files are readable and writable by this user only', async () => {
  const dir = path.join(root, 'pglite');
  const database = await openDatabase({ pgliteDir: dir });
  await database.executeSql('create table kept (id int); insert into kept values (1);');
  expect(await openToOthers(dir)).toEqual([]);
  await database.close();
  expect(await openToOthers(dir)).toEqual([]);
});
