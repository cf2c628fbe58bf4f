// The OpenAPI document (issue 15): made from the routes' own schemas, valid, listing every call of
// the API with who may make it; and its readable reference page.
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, test } from 'vitest';
import { useTestApp } from '../support/app';

const ctx = useTestApp();

describe('GET /api/docs/openapi.json', () => {
  test('is a valid OpenAPI 3.1 document listing every call of the API', async () => {
    const res = await ctx.app.inject({ url: '/api/docs/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
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
