import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import PostalMime from 'postal-mime';
import { buildApp } from '../../src/server/app';
import { ConfigError, loadConfig } from '../../src/server/config';
import { createTestApp, useTestApp } from '../support/app';
import { registerCustomer, waitForMail } from '../support/accounts';
import { newRegistration } from '../support/registration';

const ctx = useTestApp();

describe('the outbox (no SMTP_URL)', () => {
  test('each message is written as an .eml file and a .json summary', async () => {
    const { email } = await registerCustomer(ctx, { FirstName: 'Ann <b>&</b>' });
    const entry = await waitForMail(ctx, { to: email });
    expect(entry).toMatchObject({
      to: email,
      from: 'Ferrybox <no-reply@ferrybox.je>',
      kind: 'welcome',
      subject: 'Welcome to Ferrybox: please confirm your email address',
      eml: `${entry.id}.eml`,
    });
    expect(entry.links[0]).toMatch(/^http:\/\/localhost:3000\/validate-email\/[\w-]{43}$/);

    const raw = await fs.readFile(path.join(ctx.config.outboxDir, entry.eml));
    const text = raw.toString('utf8');
    expect(text).toMatch(/^Content-Type: multipart\/alternative/im);
    expect(text).toMatch(/^Subject: Welcome to Ferrybox/m);
    const parsed = await PostalMime.parse(raw);
    expect(parsed.from).toMatchObject({ name: 'Ferrybox', address: 'no-reply@ferrybox.je' });
    expect(parsed.text).toContain(entry.links[0]);
    expect(parsed.html).toContain(`href="${entry.links[0]}"`);
    // what the customer typed is escaped in the HTML part
    expect(parsed.html).toContain('Hello Ann &lt;b&gt;&amp;&lt;/b&gt;,');
    expect(parsed.html).not.toContain('<b>&</b>');
    expect(parsed.text).toMatch(/^Hello Ann <b>&<\/b>,/);
  });

  test('GET /dev/outbox lists the messages with their links', async () => {
    const { email } = await registerCustomer(ctx);
    const entry = await waitForMail(ctx, { to: email });

    const page = await ctx.app.inject('/dev/outbox');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain(email);
    expect(page.body).toContain(entry.subject);
    expect(page.body).toContain(`href="${entry.links[0]}"`);
    expect(page.body).toContain(`href="/dev/outbox/${entry.id}"`);

    const list = await ctx.app.inject('/dev/outbox.json');
    expect(list.statusCode).toBe(200);
    expect(list.json().map((e: { id: string }) => e.id)).toContain(entry.id);

    const one = await ctx.app.inject(`/dev/outbox/${entry.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.body).toContain(entry.links[0]);
    expect((await ctx.app.inject('/dev/outbox/nope')).statusCode).toBe(404);
    expect((await ctx.app.inject('/dev/outbox/..%2F..%2Fetc')).statusCode).toBe(400);
  });

  test('a node with WORKERS=0 only queues; a worker node sends', async () => {
    const webOnly = await buildApp(
      loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        SERVE_WEB: 'false',
        DATA_DIR: path.dirname(ctx.config.outboxDir),
        WORKERS: '0',
      }),
      ctx.database,
    );
    try {
      expect(webOnly.jobs.workersEnabled).toBe(false);
      const body = newRegistration();
      const res = await webOnly.inject({
        method: 'POST',
        url: '/public/auth/register',
        payload: body,
      });
      expect(res.statusCode).toBe(200);
      // the worker node (ctx.app) picks the job up from the shared database
      await waitForMail(ctx, { to: body.Email });
    } finally {
      await webOnly.close();
    }
  });
});

describe('e-mail configuration', () => {
  test('SMTP_URL and MAIL_FROM are checked at start', () => {
    expect(loadConfig({ SMTP_URL: 'smtps://user:pw@mail.example.com:465' }).smtpUrl).toBe(
      'smtps://user:pw@mail.example.com:465',
    );
    expect(loadConfig({ MAIL_FROM: 'hello@ferrybox.je' }).mailFrom).toBe('hello@ferrybox.je');
    expect(loadConfig({}).mailFrom).toBe('Ferrybox <no-reply@ferrybox.je>');
    expect(loadConfig({ DATA_DIR: '/srv/fb' }).outboxDir).toBe('/srv/fb/outbox');
    expect(loadConfig({ WORKERS: '0' }).workers).toBe(false);
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.com' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ MAIL_FROM: 'not an address' })).toThrow(/MAIL_FROM/);
    expect(() => loadConfig({ RATE_LIMIT_SCALE: '0' })).toThrow(ConfigError);
  });

  test('the outbox pages answer only callers on this machine, whatever NODE_ENV says', async () => {
    // a default install (NODE_ENV development, HOST 0.0.0.0): a stranger asks for a reset link
    const dev = await createTestApp({ NODE_ENV: 'development' });
    try {
      const { email } = await registerCustomer(dev);
      await waitForMail(dev, { to: email });
      const outsider = { remoteAddress: '203.0.113.9' };
      for (const url of ['/dev/outbox', '/dev/outbox.json']) {
        const res = await dev.app.inject({ url, ...outsider });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ statusCode: 404, message: `No such call: GET ${url}` });
        expect(res.body).not.toContain(email);
      }
      // a local reverse proxy forwarding a stranger is not a local caller either
      const proxied = await dev.app.inject({
        url: '/dev/outbox.json',
        headers: { 'x-forwarded-for': '203.0.113.9' },
      });
      expect(proxied.statusCode).toBe(404);
      for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
        const res = await dev.app.inject({ url: '/dev/outbox.json', remoteAddress });
        expect(res.statusCode).toBe(200);
        expect(res.body).toContain(email);
      }
    } finally {
      await dev.close();
    }
    const off = await createTestApp({ NODE_ENV: 'development', DEV_OUTBOX: 'off' });
    try {
      expect((await off.app.inject('/dev/outbox.json')).statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });

  test('the dev outbox page does not exist in production', async () => {
    const prod = await createTestApp({ NODE_ENV: 'production' });
    try {
      const res = await prod.app.inject('/dev/outbox');
      expect(res.statusCode).toBe(404);
      // production still writes the outbox when SMTP_URL is unset
      const { email } = await registerCustomer(prod);
      await waitForMail(prod, { to: email });
    } finally {
      await prod.close();
    }
  });
});
