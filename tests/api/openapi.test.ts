// The OpenAPI document: made from the routes' own schemas, valid, listing every call of
// the API with who may make it; and its readable reference page.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, test } from 'vitest';
import { SITE_VERSION } from '../../src/shared/site-version';
import { useTestApp } from '../support/app';

const ctx = useTestApp();

describe('GET /api/docs/openapi.json', () => {
  test('is a valid OpenAPI 3.1 document listing every call of the API', async () => {
    const res = await ctx.app.inject({ url: '/api/docs/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    // The site's version (docs/requirements.md §9), where a client of the API reads it.
    expect(doc.info.version).toBe(SITE_VERSION);
    const validator = new Validator();
    const result = await validator.validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);

    const listed = new Set<string>();
    for (const [path, methods] of Object.entries(doc.paths as Record<string, object>)) {
      for (const method of Object.keys(methods)) listed.add(`${method.toUpperCase()} ${path}`);
    }
    const api = ctx.app.routeTable.filter(
      (r) =>
        /^\/(public|api)\//.test(r.url) && !r.url.startsWith('/api/docs') && r.method !== 'HEAD',
    );
    expect(api.length).toBeGreaterThan(40);
    for (const route of api) {
      const path = route.url.replace(/:(\w+)/g, '{$1}').replace(/\/$/, '') || '/';
      const found = listed.has(`${route.method} ${path}`) || listed.has(`${route.method} ${path}/`);
      expect(found, `${route.method} ${route.url}`).toBe(true);
    }
    // neither the development routes nor the site's files are part of it
    expect([...listed].some((l) => l.includes('/dev/') || l.includes('/sandbox/'))).toBe(false);
  });

  test('each call says who may make it, and its body is described by the shared schema', async () => {
    const doc = (await ctx.app.inject({ url: '/api/docs/openapi.json' })).json();
    const login = doc.paths['/public/auth/login'].post;
    expect(login['x-access']).toBe('anyone');
    expect(login.requestBody.content['application/json'].schema.required).toEqual([
      'email',
      'password',
    ]);
    const orders = doc.paths['/public/orders/{Id}'].get;
    expect(orders['x-access']).toBe('the customer (their own records)');
    expect(orders.security).toEqual([{ bearer: [] }]);
    const receive = doc.paths['/api/admin/depot/receive'].post;
    expect(receive['x-access']).toBe('staff who may receive Parcel');
    expect(receive.tags).toEqual(['depot']);
  });

  test('an order in the list and on its page carries its Product, Extras and Invoice', async () => {
    const doc = (await ctx.app.inject({ url: '/api/docs/openapi.json' })).json();
    type Schema = { required: string[]; properties: Record<string, { type?: string }> };
    type Answer = { properties: { Orders: { items: Schema }; Order: Schema } };
    const answer = (op: { responses: { 200: { content: { 'application/json': unknown } } } }) =>
      (op.responses[200].content['application/json'] as { schema: Answer }).schema;
    const listed = answer(doc.paths['/public/orders'].post).properties.Orders.items;
    const page = answer(doc.paths['/public/orders/{Id}'].get).properties.Order;
    for (const order of [listed, page]) {
      expect(order.required).toEqual(
        expect.arrayContaining(['ProductId', 'Product', 'selectedExtras', 'Extras', 'Invoice']),
      );
      expect(order.properties.Extras.type).toBe('array');
    }
  });
});

test('every operation lists its answers: its schemas, its kind’s errors by reference, its own', async () => {
  const doc = (await ctx.app.inject({ url: '/api/docs/openapi.json' })).json();
  expect(doc.components.schemas.ApiError.required).toEqual(['statusCode', 'message']);
  expect(doc.components.responses.Unavailable.headers['Retry-After']).toBeDefined();
  const ids = new Set<string>();
  for (const [path, methods] of Object.entries(doc.paths as Record<string, object>)) {
    for (const [method, op] of Object.entries(methods as Record<string, Record<string, never>>)) {
      const where = `${method} ${path}`;
      expect(op.summary, where).toBeTruthy();
      expect(ids.has(op.operationId), where).toBe(false);
      ids.add(op.operationId);
      const responses = op.responses as Record<string, { $ref?: string }>;
      expect(responses['400'], where).toEqual({ $ref: '#/components/responses/BadRequest' });
      expect(responses['503'], where).toEqual({ $ref: '#/components/responses/Unavailable' });
    }
  }
  // By the route's gate, path and method...
  const update = doc.paths['/public/addresses/{Id}'].put;
  expect(Object.keys(update.responses).sort()).toEqual(
    ['200', '400', '401', '403', '404', '408', '413', '415', '431', '503'].sort(),
  );
  expect(doc.paths['/public/settings'].get.responses['401']).toBeUndefined();
  expect(doc.paths['/public/auth/me'].get.responses['403']).toBeUndefined();
  // ...and the route's own, with its words.
  const create = doc.paths['/public/addresses/create'].post;
  expect(create.responses['409'].description).toBe('The address book is full.');
  expect(create.responses['201'].content['application/json'].schema.required).toContain('Id');
  expect(doc.paths['/public/auth/logout'].post.responses['204']).toBeDefined();
  expect(doc.paths['/public/auth/logout'].post.responses['200']).toBeUndefined();
  // The address body is described field by field, as the form's rules take it.
  const body = create.requestBody.content['application/json'].schema;
  expect(body.required).toEqual(['Type', 'FullName', 'Line1']);
  expect(body.properties.Type).toEqual({
    type: ['string', 'null'],
    enum: ['Delivery', 'Billing', null],
  });
  expect(body.properties.Postcode.maxLength).toBe(12);
  expect(body.additionalProperties).toBe(false);
  // A discount code's pattern is the one the API checks (either case, spaces around it).
  const discount = doc.paths['/public/orders/checkdiscount'].post.requestBody.content;
  expect(discount['application/json'].schema.properties.Code.pattern).toBe(
    '^ *[A-Za-z0-9-]{3,32} *$',
  );
});

test("the document lints clean with Redocly's recommended rules (redocly.yaml)", async () => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ferrybox-openapi-'));
  const file = path.join(dir, 'openapi.json');
  await fs.writeFile(file, (await ctx.app.inject({ url: '/api/docs/openapi.json' })).body);
  // Redocly's CLI from node_modules (a devDependency), without telemetry or update checks.
  const lint = promisify(execFile)(
    process.execPath,
    [
      'node_modules/@redocly/cli/bin/cli.js',
      'lint',
      file,
      '--format=json',
      '--config=redocly.yaml',
    ],
    {
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  // A problem makes the CLI exit 1: its report is on stdout all the same.
  const { stdout } = await lint.catch((err: { stdout?: string }) => ({ stdout: err.stdout ?? '' }));
  await fs.rm(dir, { recursive: true, force: true });
  const report = JSON.parse(stdout) as {
    totals: { errors: number; warnings: number };
    problems: { ruleId: string; message: string; location: { pointer: string }[] }[];
  };
  const problems = report.problems.map(
    (p) => `${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`,
  );
  expect(problems).toEqual([]);
  expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
});

test('GET /api/docs is a readable reference page', async () => {
  const res = await ctx.app.inject({ url: '/api/docs/' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/text\/html/);
  expect(res.body).toContain('<h1>Ferrybox API reference</h1>');
  expect(res.body).toContain('<code>/public/orders/create</code>');
  expect(res.body).toContain('Who may call: staff who may dispatch Parcel.');
  expect(res.body).not.toContain('<script');
});
