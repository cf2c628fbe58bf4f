// `npm run create-staff -- --email E --password P --role admin [--first-name F --last-name L]`:
// makes a staff account (or gives an existing account that role and password) in the configured
// database (DATABASE_URL, or the embedded one in DATA_DIR). The embedded database opens in one
// process only: stop `npm start` first, or set ADMIN_EMAIL and ADMIN_PASSWORD for the first admin.
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { STAFF_ROLES } from '../src/shared/access';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { createStaff } from '../src/server/modules/staff/service';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    role: { type: 'string', default: 'admin' },
    'first-name': { type: 'string' },
    'last-name': { type: 'string' },
  },
});
const args = z
  .object({
    email: z.email('--email must be an e-mail address'),
    password: z.string('--password is required').min(12, '--password needs 12 characters or more'),
    role: z.enum(STAFF_ROLES, `--role must be one of ${STAFF_ROLES.join(', ')}`),
    'first-name': z.string().optional(),
    'last-name': z.string().optional(),
  })
  .safeParse(values);
if (!args.success) {
  console.error(args.error.issues.map((i) => i.message).join('\n'));
  console.error('Usage: npm run create-staff -- --email E --password P --role admin|office|depot');
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase({
  url: config.databaseUrl,
  pgliteDir: config.pgliteDir,
  timeouts: config.dbTimeouts,
});
try {
  await database.migrate();
  const a = args.data;
  const user = await createStaff(database.db, {
    email: a.email,
    password: a.password,
    role: a.role,
    firstName: a['first-name'],
    lastName: a['last-name'],
  });
  console.log(
    `${user.email} is now ${a.role === 'admin' ? 'an' : 'a'} ${a.role} (staff id ${user.id}).`,
  );
} finally {
  await database.close();
}
