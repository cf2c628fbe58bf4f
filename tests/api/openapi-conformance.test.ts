// The OpenAPI conformance fuzz (decision 0034): every operation of the generated
// document gets valid requests made from its own schemas and invalid ones (null, empty and
// wrong-typed bodies, too long strings, bad path and query parameters, not JSON, another
// content type, over the size limit), from an anonymous caller, a customer and a member of
// staff. Any answer whose status the document does not list for the operation, any 5xx, and any
// body that does not fit the schema listed for its status fails the test.
import Fastify from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import type { Config } from '../../src/server/config';
import { access, createSession } from '../../src/server/lib/auth';
import {
  HttpError,
  NULL_BODY_ERROR,
  refuseNullBodies,
  registerErrorHandling,
} from '../../src/server/lib/errors';
import { registerOpenApi } from '../../src/server/modules/docs/openapi';
import { pathId } from '../../src/shared/api/listing';
import { createStaff } from '../../src/server/modules/staff/service';
import { useTestApp } from '../support/app';
import { bearer } from '../support/accounts';
import { depotCustomer, paidBooking } from '../support/depot';
import {
  AnswerChecker,
  samplesOf,
  urlOf,
  type Document,
  type Sample,
} from '../support/conformance';

const ctx = useTestApp();

type Caller = 'anonymous' | 'customer' | 'staff';
const CALLERS: Caller[] = ['anonymous', 'customer', 'staff'];

async function callers() {
  const db = ctx.database.db;
  // A customer with records for the samples' small ids to find: two saved addresses and a
  // paid order awaiting its parcel (with its payment).
  const customer = await depotCustomer(ctx);
  await paidBooking(ctx, customer);
  const customerId = customer.id;
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

/**
 * Whether the operation's gate lets the caller in (its `x-access`, written by
 * src/server/modules/docs/openapi.ts).
 */
function admits(access: string, caller: Caller): boolean {
  if (access === 'anyone' || access.startsWith('the payment provider')) return true;
  if (access === 'anyone signed in') return caller !== 'anonymous';
  if (access.startsWith('staff')) return caller === 'staff';
  return caller === 'customer';
}

const nullSample = (samples: Sample[]) => samples.filter((s) => s.what === 'null body');

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
          // A caller the gate refuses is answered before the body is read: two samples show it.
          const letIn = admits(operation['x-access'] ?? '', caller);
          for (const sample of letIn ? samples : samples.slice(0, 1).concat(nullSample(samples))) {
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

describe('the conformance check itself', () => {
  /**
   * A new route, written as another helper would, on an app with the same OpenAPI mechanism:
   * its kind's answers are documented without it listing them, and an answer it gives that
   * neither its kind nor its `schema.answers` lists is caught.
   */
  async function appWithNewRoute(answers?: Record<number, string>) {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.decorate('config', { brand: 'Test' } as Config);
    await registerOpenApi(app);
    registerErrorHandling(app);
    refuseNullBodies(app);
    app.post(
      '/api/widgets/:Id/link',
      {
        config: access('anonymous'),
        schema: {
          summary: 'Link a widget',
          answers,
          params: z.object({ Id: pathId }),
          body: z.object({ To: z.string().max(10) }).strict(),
          response: { 200: z.object({ ok: z.literal(true) }) },
        },
      },
      async (request) => {
        if (request.body.To === 'taken') throw new HttpError(409, 'Linked already.');
        if (request.body.To === 'odd') return { ok: 'yes' } as unknown as { ok: true };
        return { ok: true as const };
      },
    );
    await app.ready();
    const doc = app.swagger() as unknown as Document;
    const operation = doc.paths['/api/widgets/{Id}/link'].post;
    const send = (payload: unknown, id = '1') =>
      app.inject({
        method: 'POST',
        url: `/api/widgets/${id}/link`,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
    return { app, checker: new AnswerChecker(doc), operation, send };
  }

  test('a new route gets its kind’s answers; an answer it does not declare is caught', async () => {
    const { app, checker, operation, send } = await appWithNewRoute();
    expect(Object.keys(operation.responses)).toEqual(
      expect.arrayContaining(['200', '400', '404', '413', '415', '503']),
    );
    expect(operation.operationId).toBe('postWidgetsByIdLink');
    for (const ok of [await send({ To: 'a' }), await send({ To: 7 }), await send({}, 'x')]) {
      expect(checker.problem(operation, ok)).toBeNull();
    }
    const refused = await send(null);
    expect(refused.json().errors).toEqual([{ field: 'body', error: NULL_BODY_ERROR }]);
    expect(checker.problem(operation, await send({ To: 'taken' }))).toMatch(
      /^409 is not documented/,
    );
    await app.close();
  });

  test('a body that does not fit the schema of its status is caught, and so is a 5xx', async () => {
    const { app, checker, operation, send } = await appWithNewRoute({ 409: 'Linked already.' });
    expect(checker.problem(operation, await send({ To: 'taken' }))).toBeNull();
    expect(checker.problem(operation, await send({ To: 'odd' }))).toMatch(/^a 500/);
    const wrongBody = { statusCode: 200, headers: { 'content-type': 'application/json' } };
    expect(checker.problem(operation, { ...wrongBody, body: '{"ok":"yes"}' })).toMatch(
      /body does not fit the schema/,
    );
    expect(
      checker.problem(operation, { statusCode: 404, headers: wrongBody.headers, body: '{"a":1}' }),
    ).toMatch(/body does not fit the schema/);
    await app.close();
  });
});
