import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { AUTH_MESSAGES } from '../../src/shared/api/auth';
import { STAFF_MESSAGES } from '../../src/shared/api/staff';
import { MESSAGES } from '../../src/shared/validation/messages';
import { auditLog, sessions, users } from '../../src/server/db/schema';
import { openDatabase } from '../../src/server/db/client';
import { findSession, STAFF_SESSION_MS } from '../../src/server/lib/auth';
import { hashToken } from '../../src/server/lib/tokens';
import { ensureFirstAdmin, hasActiveAdmin } from '../../src/server/modules/staff/service';
import { useTestApp } from '../support/app';
import { bearer, registerCustomer, waitForMail } from '../support/accounts';
import { staffMember } from '../support/staff';

const ctx = useTestApp();
const get = (url: string, token?: string) =>
  ctx.app.inject({ url, headers: token ? bearer(token) : {} });
const staffLogin = (email: string, password: string) =>
  ctx.post('/api/admin/auth/login', { email, password });
const invite = (token: string, body: Record<string, unknown>) =>
  ctx.post('/api/admin/staff/invite', body, bearer(token));
const newInvite = (role = 'depot') => ({
  Email: `new.${Math.random().toString(36).slice(2)}@staff.ferrybox.test`,
  FirstName: 'Pat',
  LastName: 'Le Sueur',
  Role: role,
});
const auditOf = (subjectId: number) =>
  ctx.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subject, 'Staff'), eq(auditLog.subjectId, String(subjectId))))
    .orderBy(auditLog.id);

describe('staff log-in', () => {
  test('staff log in on the staff side only, customers on the customer side only', async () => {
    const depot = await staffMember(ctx, 'depot');
    const customer = await registerCustomer(ctx);
    const onCustomerDialog = await ctx.post('/public/auth/login', {
      email: depot.email,
      password: depot.password,
    });
    expect(onCustomerDialog.statusCode).toBe(401);
    expect(onCustomerDialog.json().message).toBe(AUTH_MESSAGES.loginFailed);
    const customerOnStaff = await staffLogin(customer.email, customer.password);
    expect(customerOnStaff.statusCode).toBe(401);
    expect(customerOnStaff.json().message).toBe(AUTH_MESSAGES.loginFailed);
    expect((await staffLogin(depot.email, 'wrong-password-1')).statusCode).toBe(401);
  });

  test('a staff session says who it is, but cannot use the customer’s calls', async () => {
    const depot = await staffMember(ctx, 'depot');
    const me = await get('/public/auth/me', depot.token);
    expect(me.statusCode).toBe(200);
    expect(me.json().Role).toBe('depot');
    expect(me.json().Ability).toContainEqual({ action: 'receive', subject: 'Parcel' });
    expect((await get('/public/members', depot.token)).statusCode).toBe(403);
    expect((await ctx.post('/public/orders', undefined, bearer(depot.token))).statusCode).toBe(403);
    expect((await ctx.post('/public/addresses', {}, bearer(depot.token))).statusCode).toBe(403);
  });

  test('a staff session ends a working day after the log-in, however much it is used', async () => {
    const office = await staffMember(ctx, 'office');
    const [row] = await ctx.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(office.token)));
    const loggedIn = row.createdAt.getTime();
    expect(row.expiresAt.getTime() - loggedIn).toBe(STAFF_SESSION_MS);
    // used all day long: still ends at the same time
    const afternoon = new Date(loggedIn + STAFF_SESSION_MS - 60_000);
    expect(await findSession(ctx.database.db, office.token, afternoon)).not.toBeNull();
    expect(
      await findSession(ctx.database.db, office.token, new Date(loggedIn + STAFF_SESSION_MS + 1)),
    ).toBeNull();
    // a customer's session is not cut short
    const customer = await registerCustomer(ctx);
    expect(
      await findSession(
        ctx.database.db,
        customer.token,
        new Date(Date.now() + STAFF_SESSION_MS * 2),
      ),
    ).not.toBeNull();
  });
});

describe('managing staff (admins only)', () => {
  test('the role matrix: anonymous 401, customer, depot and office 403, admin 2xx', async () => {
    const customer = await registerCustomer(ctx);
    const depot = await staffMember(ctx, 'depot');
    const office = await staffMember(ctx, 'office');
    const admin = await staffMember(ctx, 'admin');
    const target = await staffMember(ctx, 'depot');
    const calls = [
      (t?: string) => get('/api/admin/staff', t),
      (t?: string) => invite(t ?? '', newInvite()),
      (t?: string) =>
        ctx.app.inject({
          method: 'PUT',
          url: `/api/admin/staff/${target.user.id}`,
          payload: { Role: 'depot' },
          headers: t ? bearer(t) : {},
        }),
      (t?: string) =>
        ctx.post(`/api/admin/staff/${target.user.id}/enable`, undefined, t ? bearer(t) : {}),
    ];
    for (const call of calls) {
      expect((await call()).statusCode).toBe(401);
      for (const token of [customer.token, depot.token, office.token]) {
        expect((await call(token)).statusCode).toBe(403);
      }
      expect((await call(admin.token)).statusCode).toBeLessThan(300);
    }
  });

  test('an invitation e-mails a link that sets the password once and logs in', async () => {
    const admin = await staffMember(ctx, 'admin');
    const body = newInvite('office');
    const res = await invite(admin.token, body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ Email: body.Email, Role: 'office', Status: 'Invited' });
    // no password yet: the account cannot log in
    expect((await staffLogin(body.Email, '')).statusCode).toBe(400);
    const mail = await waitForMail(ctx, { to: body.Email, kind: 'staff-invitation' });
    const link = mail.links.find((l) => l.includes('/admin/invitation/'))!;
    const token = link.split('/admin/invitation/')[1];
    const password = 'Office-pass-9!';
    const accept = await ctx.post('/api/admin/auth/accept-invitation', {
      token,
      Password: password,
      ConfirmPassword: password,
    });
    expect(accept.statusCode).toBe(200);
    expect((await get('/public/auth/me', accept.json())).json().Role).toBe('office');
    expect((await staffLogin(body.Email, password)).statusCode).toBe(200);
    const again = await ctx.post('/api/admin/auth/accept-invitation', {
      token,
      Password: 'Another-pass-9!',
      ConfirmPassword: 'Another-pass-9!',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(AUTH_MESSAGES.tokenInvalid);
    const list = (await get('/api/admin/staff', admin.token)).json().items;
    expect(list.find((m: { Email: string }) => m.Email === body.Email).Status).toBe('Active');
    const entries = await auditOf(res.json().Id);
    expect(entries.map((e) => e.action)).toEqual(['staff.invite', 'staff.accept-invitation']);
    expect(entries[0].actorId).toBe(admin.user.id);
    expect(JSON.stringify(entries)).not.toMatch(/argon2|password/i);
  });

  test('bad invitations name the field; an address in use is refused', async () => {
    const admin = await staffMember(ctx, 'admin');
    const bad = await invite(admin.token, { ...newInvite(), Role: 'customer' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toContainEqual(expect.objectContaining({ field: 'Role' }));
    const customer = await registerCustomer(ctx);
    const taken = await invite(admin.token, { ...newInvite(), Email: customer.email });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().errors).toContainEqual({
      field: 'Email',
      error: STAFF_MESSAGES.emailTaken,
    });
  });

  test('a new role takes effect at once and is audited with before and after', async () => {
    const admin = await staffMember(ctx, 'admin');
    const depot = await staffMember(ctx, 'depot');
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/staff/${depot.user.id}`,
      payload: { Role: 'office' },
      headers: bearer(admin.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().Role).toBe('office');
    // the old session (with the old abilities) has ended
    expect((await get('/public/auth/me', depot.token)).statusCode).toBe(401);
    const [entry] = (await auditOf(depot.user.id)).filter((e) => e.action === 'staff.change-role');
    expect(entry).toMatchObject({
      actorId: admin.user.id,
      before: expect.objectContaining({ Role: 'depot' }),
      after: expect.objectContaining({ Role: 'office' }),
    });
  });

  test('a disabled account cannot log in or go on; enabling it lets it log in again', async () => {
    const admin = await staffMember(ctx, 'admin');
    const depot = await staffMember(ctx, 'depot');
    const off = await ctx.post(
      `/api/admin/staff/${depot.user.id}/disable`,
      undefined,
      bearer(admin.token),
    );
    expect(off.statusCode).toBe(200);
    expect(off.json().Status).toBe('Disabled');
    expect((await get('/public/auth/me', depot.token)).statusCode).toBe(401);
    expect((await staffLogin(depot.email, depot.password)).statusCode).toBe(401);
    const on = await ctx.post(
      `/api/admin/staff/${depot.user.id}/enable`,
      undefined,
      bearer(admin.token),
    );
    expect(on.json().Status).toBe('Active');
    expect((await staffLogin(depot.email, depot.password)).statusCode).toBe(200);
  });

  test('an admin cannot change themself, and the last admin cannot be demoted', async () => {
    const a = await staffMember(ctx, 'admin');
    const self = await ctx.post(
      `/api/admin/staff/${a.user.id}/disable`,
      undefined,
      bearer(a.token),
    );
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe(STAFF_MESSAGES.notYourself);
    // leave exactly two active admins, a and b; b demotes a, then a (now office) cannot act
    await ctx.database.db
      .update(users)
      .set({ disabledAt: new Date() })
      .where(and(eq(users.role, 'admin'), sql`${users.id} <> ${a.user.id}`));
    const b = await staffMember(ctx, 'admin');
    const demote = (by: string, id: number) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/admin/staff/${id}`,
        payload: { Role: 'office' },
        headers: bearer(by),
      });
    expect((await demote(b.token, a.user.id)).statusCode).toBe(200);
    // b is now the only admin: another admin made for the test is needed to try demoting b
    const c = await staffMember(ctx, 'admin');
    await ctx.database.db.update(users).set({ role: 'office' }).where(eq(users.id, c.user.id));
    // with c no longer admin, nobody else is: c's token is refused, and b cannot demote itself
    expect((await demote(c.token, b.user.id)).statusCode).toBe(403);
    const last = await ctx.post(
      `/api/admin/staff/${b.user.id}/disable`,
      undefined,
      bearer(b.token),
    );
    expect(last.statusCode).toBe(409);
  });

  test('the last active admin cannot be disabled by another path', async () => {
    const a = await staffMember(ctx, 'admin');
    const b = await staffMember(ctx, 'admin');
    await ctx.database.db
      .update(users)
      .set({ disabledAt: new Date() })
      .where(and(eq(users.role, 'admin'), sql`${users.id} not in (${a.user.id}, ${b.user.id})`));
    // two admins disabling each other at once: one of them must stay
    const [x, y] = await Promise.all([
      ctx.post(`/api/admin/staff/${b.user.id}/disable`, undefined, bearer(a.token)),
      ctx.post(`/api/admin/staff/${a.user.id}/disable`, undefined, bearer(b.token)),
    ]);
    const codes = [x.statusCode, y.statusCode].sort();
    expect(codes[0]).toBe(200);
    expect([401, 409]).toContain(codes[1]);
    expect(await hasActiveAdmin(ctx.database.db)).toBe(true);
  });
});

describe('the first admin', () => {
  test('ADMIN_EMAIL and ADMIN_PASSWORD make one only when there is no admin', async () => {
    const db = ctx.database.db;
    await db.update(users).set({ disabledAt: new Date() }).where(eq(users.role, 'admin'));
    const email = `first.${Date.now()}@ferrybox.test`;
    const made = await ensureFirstAdmin(db, { email, password: 'First-admin-pass' });
    expect(made?.role).toBe('admin');
    expect((await staffLogin(email, 'First-admin-pass')).statusCode).toBe(200);
    const again = await ensureFirstAdmin(db, {
      email: `second.${email}`,
      password: 'Another-pass-1',
    });
    expect(again).toBeNull();
  });

  test('`npm run create-staff` makes an admin who can log in', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ferrybox-create-staff-'));
    try {
      const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
      delete env.DATABASE_URL;
      const run = (...args: string[]) =>
        spawnSync(path.resolve('node_modules/.bin/tsx'), ['scripts/create-staff.ts', ...args], {
          env,
          encoding: 'utf8',
        });
      const bad = run('--email', 'not-an-email', '--password', 'x');
      expect(bad.status).toBe(2);
      expect(bad.stderr).toContain('--email must be an e-mail address');
      const ok = run(
        '--email',
        'boss@ferrybox.test',
        '--password',
        'Boss-pass-1234',
        '--role',
        'admin',
      );
      expect(ok.stderr).toBe('');
      expect(ok.stdout).toContain('boss@ferrybox.test is now an admin');
      const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
      try {
        const [row] = await database.db
          .select()
          .from(users)
          .where(eq(users.email, 'boss@ferrybox.test'));
        expect(row.role).toBe('admin');
        expect(row.passwordHash).toMatch(/^\$argon2id\$/);
      } finally {
        await database.close();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('staff invitations refuse control characters in names', () => {
  test.each([
    ['FirstName', 'Eve\r\nBcc: victim@example.com'],
    ['LastName', 'Le\nSueur'],
    ['FirstName', 'Pat\u0000'],
  ])('%s %j is a 400 naming the field, and no invitation is sent', async (field, value) => {
    const admin = await staffMember(ctx, 'admin');
    const body = { ...newInvite(), [field]: value };
    const res = await invite(admin.token, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field, error: MESSAGES.cleanText }]);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.email, body.Email));
    expect(row).toBeUndefined();
  });
});
