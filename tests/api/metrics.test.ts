import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { operationsResponse } from '../../src/shared/api/operations';
import { backupRuns } from '../../src/server/db/schema';
import { FORWARDING_HEADERS } from '../../src/server/lib/this-machine';
import { createTestApp, type TestContext } from '../support/app';
import { bearer, registerCustomer } from '../support/accounts';
import { checkoutCustomer } from '../support/checkout';
import { paidBooking } from '../support/depot';
import { staffMember } from '../support/staff';
import { waitFor } from '../support/wait';

// The operator's figures (docs/decisions/0032): GET /metrics for Prometheus, off the
// public site, and GET /api/admin/operations for the back office's health screen.

const TOKEN = 'metrics-token-for-the-tests-0123456789';
const ctx = {} as TestContext;
beforeAll(async () => {
  Object.assign(ctx, await createTestApp({ METRICS_TOKEN: TOKEN }));
}, 180_000);
afterAll(() => ctx.close?.());

const scrape = async () => {
  const res = await ctx.app.inject({ url: '/metrics', remoteAddress: '127.0.0.1' });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.body;
};

/** A sample's value (0 when the series is absent): `name{a="1",b="2"}` in any label order. */
function value(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    const match = /^([\w:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const got = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([k, v]) => got[k] === v)) return Number(match[3]);
  }
  return 0;
}

describe('GET /metrics', () => {
  test('the figures move as the product is used', async () => {
    const before = await scrape();
    const register = { method: 'POST', route: '/public/auth/register', status: '200' };
    const customer = await checkoutCustomer(ctx);
    await paidBooking(ctx, customer);
    const webhook = await ctx.app.inject({
      method: 'POST',
      url: '/public/payment/webhook/sandbox',
      headers: { 'content-type': 'application/json', 'x-sandbox-signature': 'forged' },
      payload: '{"id":"evt_forged"}',
    });
    expect(webhook.statusCode).toBe(400);
    const detail = await ctx.app.inject({
      url: '/public/orders/987654',
      headers: bearer(customer.token),
    });
    expect(detail.statusCode).toBe(404);
    // The welcome e-mail goes out in the background.
    const after = await waitFor(
      async () => {
        const text = await scrape();
        return value(text, 'ferrybox_emails_total', { outcome: 'sent' }) >
          value(before, 'ferrybox_emails_total', { outcome: 'sent' })
          ? text
          : undefined;
      },
      { what: 'an e-mail counted as sent', timeoutMs: 60_000, intervalMs: 250 },
    );
    const moved = (name: string, labels: Record<string, string> = {}) =>
      value(after, name, labels) - value(before, name, labels);

    expect(moved('ferrybox_http_requests_total', register)).toBe(1);
    expect(moved('ferrybox_http_request_duration_seconds_count', register)).toBe(1);
    expect(moved('ferrybox_checkouts_total', { outcome: 'created' })).toBe(1);
    expect(moved('ferrybox_checkouts_total', { outcome: 'paid' })).toBe(1);
    // The provider named: the API files share their worker's modules, so a file before this one
    // may have counted another provider's refusals in the same registry.
    expect(
      moved('ferrybox_webhook_failures_total', { provider: 'sandbox', reason: 'refused' }),
    ).toBe(1);
    // By the route's pattern, never the address asked for.
    expect(
      moved('ferrybox_http_requests_total', { route: '/public/orders/:Id', status: '404' }),
    ).toBe(1);
    // (the address itself: a duration's digits may hold any number)
    expect(after).not.toContain('orders/987654');
    // What waits, per queue, and the process's own figures.
    expect(after).toMatch(
      /^ferrybox_job_queue_jobs\{queue="payments-expire",state="queued"\} \d+$/m,
    );
    expect(after).toMatch(/^ferrybox_emails_waiting \d+$/m);
    expect(after).toMatch(/^ferrybox_refunds_pending 0$/m);
    expect(after).toMatch(/^ferrybox_last_backup_timestamp_seconds 0$/m);
    expect(value(after, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(value(after, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  });

  test('is refused from elsewhere: another address, through a proxy, or a wrong token', async () => {
    const call = (remoteAddress: string, headers: Record<string, string> = {}) =>
      ctx.app.inject({ url: '/metrics', remoteAddress, headers });
    for (const res of [
      await call('203.0.113.9'),
      await call('127.0.0.1', { 'x-forwarded-for': '203.0.113.9' }),
      await call('203.0.113.9', bearer('not-the-metrics-token-at-all-000000')),
      await call('203.0.113.9', { authorization: TOKEN }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ statusCode: 404, message: 'No such call: GET /metrics' });
    }
    // A proxy on this machine may name its client in any of the headers proxies use: each one
    // says the caller came through a proxy (decision 0046), and so do /dev's calls.
    const local = await ctx.app.inject({ url: '/dev/outbox', remoteAddress: '127.0.0.1' });
    expect(local.statusCode).toBe(200);
    for (const header of FORWARDING_HEADERS) {
      const headers = { [header]: '203.0.113.9' };
      expect((await call('127.0.0.1', headers)).statusCode, header).toBe(404);
      const dev = await ctx.app.inject({ url: '/dev/outbox', remoteAddress: '127.0.0.1', headers });
      expect(dev.statusCode, `/dev ${header}`).toBe(404);
    }
    const withToken = await call('203.0.113.9', bearer(TOKEN));
    expect(withToken.statusCode).toBe(200);
    expect(withToken.body).toContain('ferrybox_http_requests_total');
  });
});

describe('GET /api/admin/operations', () => {
  test('admins only: anonymous 401, a customer, the depot and the office 403', async () => {
    const call = (token?: string) =>
      ctx.app.inject({ url: '/api/admin/operations', headers: token ? bearer(token) : {} });
    expect((await call()).statusCode).toBe(401);
    const customer = await registerCustomer(ctx);
    expect((await call(customer.token)).statusCode).toBe(403);
    for (const role of ['depot', 'office'] as const) {
      expect((await call((await staffMember(ctx, role)).token)).statusCode, role).toBe(403);
    }
    const admin = await staffMember(ctx, 'admin');
    const res = await call(admin.token);
    expect(res.statusCode, res.body).toBe(200);
    const figures = operationsResponse.parse(res.json());
    expect(figures.Queues.map((q) => q.Name)).toContain('payments-expire');
    expect(figures.Database.Kind).toBe(ctx.database.kind);
    expect(figures.LastBackupAt).toBeNull();

    // The same figures as the metrics: a recorded backup shows on both.
    const at = new Date('2026-11-25T03:00:00Z');
    await ctx.database.db.insert(backupRuns).values({ finishedAt: at, rows: 10, bytes: 2048 });
    const later = operationsResponse.parse((await call(admin.token)).json());
    expect(later.LastBackupAt).toBe(at.toISOString());
    expect(value(await scrape(), 'ferrybox_last_backup_timestamp_seconds')).toBe(
      at.getTime() / 1000,
    );
  });
});
