import http from 'node:http';
import type { AddressInfo } from 'node:net';
import helmet from 'helmet';
import { describe, expect, test } from 'vitest';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE_MESSAGE,
} from '../../src/server/lib/errors';
import { createTestApp, useTestApp } from '../support/app';

const ctx = useTestApp();

describe('platform', () => {
  test('GET /healthz and /readyz answer while the database does', async () => {
    expect((await ctx.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await ctx.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  test('GET /public/settings lists the public settings as Category, Name and JSON Value', async () => {
    const res = await ctx.app.inject('/public/settings');
    expect(res.statusCode).toBe(200);
    const items: { Category: string; Name: string; Value: string }[] = res.json().items;
    const get = (c: string, n: string) =>
      JSON.parse(items.find((i) => i.Category === c && i.Name === n)!.Value);
    expect(get('Depot', 'ReceivingHours')).toMatchObject({
      days: 'Monday to Friday',
      opens: '07:00',
      closes: '16:00',
    });
    expect(get('Contact', 'Address').join(' ')).toMatch(/Jersey/);
    expect(get('Depot', 'Address').join(' ')).toMatch(/Portsmouth/);
    expect(typeof get('Contact', 'Phone')).toBe('string');
    expect(get('Contact', 'Email')).toMatch(/@/);
    expect(Array.isArray(get('Social', 'Links'))).toBe(true);
  });

  test('unknown calls under /public and /api are JSON 404s', async () => {
    for (const url of ['/public/nothing-here', '/api/nope', '/api']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json().statusCode).toBe(404);
    }
  });

  test('a request id comes back on every answer and is reused when given', async () => {
    const res = await ctx.app.inject({
      url: '/healthz',
      headers: { 'x-request-id': 'abc12345-req' },
    });
    expect(res.headers['x-request-id']).toBe('abc12345-req');
    expect((await ctx.app.inject('/healthz')).headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  test('security headers are set', async () => {
    const res = await ctx.app.inject('/public/settings');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  test("every kind of answer carries helmet's headers, as helmet itself sets them", async () => {
    // helmet on a real response, with the app's options: what lib/security-headers.ts works out
    const server = http.createServer((req, res) =>
      helmet({
        contentSecurityPolicy: {
          useDefaults: false,
          directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
        },
        crossOriginEmbedderPolicy: false,
      })(req, res, () => res.end()),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const expected = Object.fromEntries((await fetch(`http://127.0.0.1:${port}/`)).headers);
    server.close();
    for (const name of ['date', 'connection', 'keep-alive', 'content-length'])
      delete expected[name];
    expect(Object.keys(expected).length).toBeGreaterThanOrEqual(12);

    const answers = [
      await ctx.app.inject('/public/settings'),
      await ctx.app.inject({
        method: 'POST',
        url: '/api/products',
        payload: { options: { itemsPerPage: 0 } },
      }),
      await ctx.app.inject('/api/nope'),
      await ctx.app.inject('/healthz'),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 400, 404, 200]);
    for (const res of answers) expect(res.headers).toMatchObject(expected);
  });

  test('when the database is gone, a 503 with Retry-After hides what went wrong and /readyz says not ready', async () => {
    const broken = await createTestApp();
    await broken.database.close();
    const res = await broken.app.inject('/public/settings');
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    expect(res.json()).toEqual({ statusCode: 503, message: DATABASE_UNAVAILABLE_MESSAGE });
    const ready = await broken.app.inject('/readyz');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'database unavailable' });
    await broken.app.close();
  });
});
