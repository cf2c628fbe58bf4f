// The OpenAPI conformance fuzz (issue 24, decision 0034): every operation of the generated
// document gets valid requests made from its own schemas and invalid ones (null, empty and
// wrong-typed bodies, too long strings, bad path and query parameters, not JSON, another
// content type, over the size limit), from an anonymous caller, a customer and a member of
// staff. Any answer whose status the document does not list for the operation, any 5xx, and any
// body that does not fit the schema listed for its status fails the test.
import { describe, expect, test } from 'vitest';
import { createSession } from '../../src/server/lib/auth';
import { createStaff } from '../../src/server/modules/staff/service';
import { useTestApp } from '../support/app';
import { bearer, registerCustomer } from '../support/accounts';
import { AnswerChecker, samplesOf, urlOf, type Document } from '../support/conformance';

const ctx = useTestApp();

type Caller = 'anonymous' | 'customer' | 'staff';
const CALLERS: Caller[] = ['anonymous', 'customer', 'staff'];

async function callers() {
  const db = ctx.database.db;
  const customer = await registerCustomer(ctx);
  const me = await ctx.app.inject({ url: '/public/auth/me', headers: bearer(customer.token) });
  const customerId = me.json().Id as number;
  const admin = await createStaff(db, {
    email: 'conformance.admin@staff.ferrybox.test',
    password: 'Conformance-admin-1',
    role: 'admin',
  });
  // A fresh session for each request: a log-out or a password change among the samples does
  // not end the ones after it.
  return async (caller: Caller): Promise<Record<string, string>> => {
    if (caller === 'anonymous') return {};
    const [id, role] =
      caller === 'customer' ? [customerId, 'customer' as const] : [admin.id, 'admin' as const];
    return bearer(await createSession(db, id, new Date(), role));
  };
}

describe('the OpenAPI document against the running API', () => {
  test('every answer to generated requests is documented for its operation, with its body', async () => {
    const doc = (await ctx.app.inject({ url: '/api/docs/openapi.json' })).json() as Document;
    const checker = new AnswerChecker(doc);
    const session = await callers();
    const problems: string[] = [];
    const nullRefusals: string[] = [];
    let sent = 0;
    const statuses = new Map<number, number>();
    const started = Date.now();
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const samples = samplesOf(method, operation);
        for (const caller of CALLERS) {
          for (const sample of samples) {
            const headers: Record<string, string> = { ...(await session(caller)) };
            let payload: string | undefined;
            if (sample.raw) {
              headers['content-type'] = sample.raw.type;
              payload = sample.raw.text;
            } else if (sample.body !== undefined) {
              headers['content-type'] = 'application/json';
              payload = JSON.stringify(sample.body);
            }
            const url = urlOf(path, sample);
            const res = await ctx.app.inject({
              method: method.toUpperCase() as 'GET',
              url,
              headers,
              ...(payload === undefined ? {} : { payload }),
            });
            sent += 1;
            statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
            const problem = checker.problem(operation, res);
            if (problem) {
              problems.push(
                `${method.toUpperCase()} ${url.slice(0, 120)} (${caller}, ${sample.what}): ${problem}`,
              );
            }
            // A null body where an object is documented is refused, naming the body, by the
            // route's schema (once past the route's gate).
            if (sample.what === 'null body' && res.statusCode === 400) {
              const fields = (res.json().errors ?? []) as { field: string }[];
              if (fields.some((f) => f.field === 'body')) nullRefusals.push(`${method} ${path}`);
            } else if (sample.what === 'null body' && res.statusCode < 300) {
              problems.push(
                `${method.toUpperCase()} ${path} (${caller}): a null body was accepted`,
              );
            }
          }
        }
      }
    }
    const counts = [...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}: ${n}`);
    console.info(
      `conformance: ${sent} requests in ${Date.now() - started} ms (${counts.join(', ')}), ` +
        `${problems.length} problems`,
    );
    expect(problems.slice(0, 40)).toEqual([]);
    expect(sent).toBeGreaterThan(1000);
    // Every route with an object body refused null with a 400 naming the body for some caller.
    const objectBodies = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(
          ([, op]) => op.requestBody?.content?.['application/json']?.schema?.type === 'object',
        )
        .map(([method]) => `${method} ${path}`),
    );
    expect(objectBodies.filter((op) => !nullRefusals.includes(op))).toEqual([]);
  }, 180_000);
});
