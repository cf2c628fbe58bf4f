import type { StaffRole } from '../../src/shared/access';
import { createStaff } from '../../src/server/modules/staff/service';
import type { TestContext } from './app';

let count = 0;

/**
 * A staff member of the role, made as `npm run create-staff` makes one, logged in on the staff
 * side; returns the bearer token and the account.
 */
export async function staffMember(ctx: TestContext, role: StaffRole) {
  count += 1;
  const email = `${role}.${count}.${Date.now().toString(36)}@staff.ferrybox.test`;
  const password = `Staff-pass-${count}-long`;
  const user = await createStaff(ctx.database.db, { email, password, role, firstName: role });
  const res = await ctx.post('/api/admin/auth/login', { email, password });
  if (res.statusCode !== 200) throw new Error(`staff login failed: ${res.statusCode} ${res.body}`);
  return { token: res.json() as string, email, password, user };
}
