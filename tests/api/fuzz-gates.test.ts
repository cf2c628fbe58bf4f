// The fuzz gate: every route, called by a caller it lets in, with bodies, paths and
// queries generated from the route's own zod schema, inside it and outside it. Never a 5xx, never
// a hang, a 400 always names the field, and a refused request writes nothing. 10 cases a route in
// `npm test`, 30 in `npm run soak`, many more in `npm run bench -- --fuzz`; FUZZ_RUNS sets any other.
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { STAFF_ROLES } from '../../src/shared/access';
import { createSession, type DeclaredRoute } from '../../src/server/lib/auth';
import { createStaff } from '../../src/server/modules/staff/service';
import { useTestApp } from '../support/app';
import { bearer, registerCustomer } from '../support/accounts';
import { fitting, jsonSchemaOf, pathValue, unfitting } from '../support/fuzz';
import { rounds } from '../support/rounds';

const RUNS = rounds('FUZZ_RUNS', 10, 30);
const ctx = useTestApp();

/** The ids last written in the tables a request may add to: a refused request moves none. */
const WRITES = [
  'users',
  'orders',
  'order_events',
  'payments',
  'invoices',
  'addresses',
  'order_cases',
  'case_messages',
  'parcels',
  'export_certificates',
  'discount_redemptions',
  'mail_outbox',
  'audit_log',
  'sessions',
];
async function lastIds(): Promise<string> {
  const columns = WRITES.map((t) => `(select coalesce(max(id), 0) from ${t}) as ${t}`).join(', ');
  const result = await ctx.database.db.execute(sql.raw(`select ${columns}`));
  return JSON.stringify((result as unknown as { rows: unknown[] }).rows[0]);
}

const isStatic = (route: DeclaredRoute) =>
  !/^\/(public|api|dev|sandbox|healthz|readyz)/.test(route.url);

describe('every route under fuzzing', () => {
  test(
    `${RUNS} generated requests per route: no 5xx, no hang, 400s name the field, refusals write nothing`,
    async () => {
      const db = ctx.database.db;
      const customer = await registerCustomer(ctx);
      const customerId = (
        await ctx.app.inject({ url: '/public/auth/me', headers: bearer(customer.token) })
      ).json().Id as number;
      const admin = await createStaff(db, {
        email: 'fuzz.admin@staff.ferrybox.test',
        password: 'Fuzz-admin-pass-1',
        role: STAFF_ROLES[2],
      });
      const problems: string[] = [];
      let sent = 0;
      const routes = ctx.app.routeTable.filter((r) => r.method !== 'HEAD' && !isStatic(r));
      for (const route of routes) {
        const session = async () => {
          if (route.access === 'customer' || route.access === 'signed-in') {
            return bearer(await createSession(db, customerId, new Date(), 'customer'));
          }
          if (typeof route.access === 'object') {
            return bearer(await createSession(db, admin.id, new Date(), 'admin'));
          }
          return {};
        };
        const body = jsonSchemaOf(route.schema.body);
        const query = jsonSchemaOf(route.schema.querystring);
        const params = (route.url.match(/:\w+/g) ?? []).map((p) => p.slice(1));
        const payloadOf = (schema: typeof body) =>
          schema ? fc.oneof(fitting(schema), unfitting(schema)) : fc.constant(undefined);
        await fc.assert(
          fc.asyncProperty(
            payloadOf(body),
            payloadOf(query),
            fc.tuple(...params.map(() => pathValue)),
            async (payload, q, values) => {
              let url = route.url;
              params.forEach((p, i) => (url = url.replace(`:${p}`, values[i])));
              if (q && typeof q === 'object' && !Array.isArray(q)) {
                const search = new URLSearchParams();
                for (const [k, v] of Object.entries(q)) {
                  search.set(k, typeof v === 'string' ? v : JSON.stringify(v));
                }
                url += `?${search}`;
              }
              const raw = payload && typeof payload === 'object' && 'raw' in payload;
              const auth = await session();
              const before = await lastIds();
              const request = ctx.app.inject({
                method: route.method as 'POST',
                url,
                headers: {
                  ...auth,
                  ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
                },
                ...(payload === undefined
                  ? {}
                  : { payload: raw ? (payload as { raw: string }).raw : JSON.stringify(payload) }),
              });
              const timeout = new Promise<'hang'>((resolve) => setTimeout(resolve, 10_000, 'hang'));
              const res = await Promise.race([request, timeout]);
              sent += 1;
              const what = `${route.method} ${url} ${JSON.stringify(payload)?.slice(0, 200)}`;
              if (res === 'hang') return void problems.push(`hang: ${what}`);
              if (res.statusCode >= 500) problems.push(`${res.statusCode}: ${what} -> ${res.body}`);
              if (res.statusCode === 400) {
                const errors = res.json().errors as { field?: string }[] | undefined;
                if (!errors?.length || errors.some((e) => !e.field)) {
                  problems.push(`400 without a field: ${what} -> ${res.body}`);
                }
              }
              if (res.statusCode >= 400 && route.url !== '/public/auth/login') {
                const after = await lastIds();
                if (after !== before)
                  problems.push(`refused but wrote: ${what} (${res.statusCode})`);
              }
            },
          ),
          { numRuns: RUNS },
        );
        if (problems.length > 20) break;
      }
      expect(problems.slice(0, 20)).toEqual([]);
      expect(sent).toBe(routes.length * RUNS);
      console.info(`fuzz: ${sent} requests over ${routes.length} routes, 0 problems`);
    },
    600_000 + RUNS * 1_500,
  );
});
