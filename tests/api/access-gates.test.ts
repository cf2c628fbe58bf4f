// The access gate: every route declares who may call it (lib/auth.ts RouteAccess),
// the app refuses to start with one that does not, and for every route and every kind of caller
// (anonymous, a customer, each staff role) the answer is the one the declaration and the shared
// rules (src/shared/access.ts) give: 401 without a session, 403 for a caller without the right,
// and neither for a caller with it. Routes added later are covered without anyone remembering to.
import Fastify from 'fastify';
import { describe, expect, test } from 'vitest';
import { abilityFor, can, STAFF_ROLES, type Role } from '../../src/shared/access';
import {
  collectRoutes,
  createSession,
  registerAuth,
  type RouteAccess,
} from '../../src/server/lib/auth';
import { createStaff } from '../../src/server/modules/staff/service';
import { useTestApp } from '../support/app';
import { bearer, registerCustomer } from '../support/accounts';

const ctx = useTestApp();

/** A path of the route with ids no record has, so an allowed call changes nothing. */
const pathOf = (url: string) =>
  url
    .replace(/:(id|Id|PhotoId|photoId)\b/g, '999999999')
    .replace(/:Reference\b/, 'PAY-999999999')
    .replace(/:(\w+)/g, 'x');

/** What a caller gets from a route that needs a session: refused (401 or 403) or let in. */
function expected(access: RouteAccess, role: Role | 'anonymous'): 401 | 403 | 'allowed' {
  if (access === 'anonymous' || access === 'provider' || access === 'this-machine')
    return 'allowed';
  if (role === 'anonymous') return 401;
  if (access === 'signed-in') return 'allowed';
  if (access === 'customer') return role === 'customer' ? 'allowed' : 403;
  return role !== 'customer' && can(abilityFor(role), ...access.can) ? 'allowed' : 403;
}

describe('every route declares who may call it', () => {
  test('the app’s routes all declare it, and cover the API', () => {
    const table = ctx.app.routeTable;
    expect(table.length).toBeGreaterThan(50);
    const urls = table.map((r) => r.url);
    for (const prefix of [
      '/public/orders',
      '/public/auth',
      '/api/admin/depot',
      '/api/admin/staff',
    ]) {
      expect(
        urls.some((u) => u.startsWith(prefix)),
        prefix,
      ).toBe(true);
    }
    // the customer's calls are for customers; the staff calls name an ability
    for (const route of table.filter((r) => r.url.startsWith('/api/admin/'))) {
      if (/\/auth\/(login|accept-invitation)$/.test(route.url)) continue;
      expect(typeof route.access, `${route.method} ${route.url}`).toBe('object');
    }
    for (const route of table.filter((r) => r.url.startsWith('/dev/'))) {
      expect(route.access, route.url).toBe('this-machine');
    }
  });

  test('a route that declares nothing stops the app from starting', async () => {
    const app = Fastify();
    registerAuth(app);
    const routes = collectRoutes(app);
    app.get('/open', { config: { access: 'anonymous' } }, async () => ({}));
    app.get('/mine', { onRequest: app.requireAuth() }, async () => ({}));
    expect(routes.check().map((r) => [r.url, r.access])).toEqual([
      ['/open', 'anonymous'],
      ['/open', 'anonymous'], // HEAD
      ['/mine', 'customer'],
      ['/mine', 'customer'],
    ]);
    app.post('/forgotten', async () => ({}));
    expect(() => routes.check()).toThrow('POST /forgotten does not declare who may call it');
    await app.close();
  });
});

describe('the role matrix of every route', () => {
  test('anonymous 401, a caller without the right 403, a caller with it neither', async () => {
    const db = ctx.database.db;
    const customer = await registerCustomer(ctx);
    const me = (
      await ctx.app.inject({ url: '/public/auth/me', headers: bearer(customer.token) })
    ).json();
    const users: Record<Role, number> = { customer: me.Id } as Record<Role, number>;
    for (const role of STAFF_ROLES) {
      const staff = await createStaff(db, {
        email: `gate.${role}@staff.ferrybox.test`,
        password: 'Gate-password-1',
        role,
      });
      users[role] = staff.id;
    }
    const problems: string[] = [];
    let checked = 0;
    for (const route of ctx.app.routeTable) {
      if (
        route.method === 'HEAD' ||
        (typeof route.access === 'string' &&
          route.access !== 'customer' &&
          route.access !== 'signed-in')
      )
        continue;
      for (const role of ['anonymous', 'customer', ...STAFF_ROLES] as const) {
        // a session of its own for each call: a call may end the one it was made with
        const headers =
          role === 'anonymous'
            ? {}
            : bearer(await createSession(db, users[role], new Date(), role));
        const res = await ctx.app.inject({
          method: route.method as 'GET',
          url: pathOf(route.url),
          headers,
        });
        const want = expected(route.access, role);
        const got = res.statusCode;
        const ok = want === 'allowed' ? got !== 401 && got !== 403 && got < 500 : got === want;
        if (!ok) problems.push(`${role} ${route.method} ${route.url}: ${got}, expected ${want}`);
        checked += 1;
      }
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(150);
  }, 120_000);
});
