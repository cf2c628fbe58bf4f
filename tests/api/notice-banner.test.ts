// The notice banner and the footer's contact details written into the pages the server sends
// (src/server/lib/web.ts), so that they are there at the first paint instead of arriving (and
// pushing the page down) with the settings.
import zlib from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { beforeAll, describe, expect, test } from 'vitest';
import type { Config } from '../../src/server/config';
import { settings } from '../../src/server/db/schema';
import { registerErrorHandling } from '../../src/server/lib/errors';
import { createWeb } from '../../src/server/lib/web';
import { NOTICE_SLOT } from '../../src/shared/notice';
import { CONTACT_SLOT } from '../../src/shared/contact';
import { RECEIVING_HOURS_SLOT } from '../../src/shared/receiving-hours';
import { useSiteTestApp } from '../support/app';

// As components/social-links.tsx draws it for the footer.
const SOCIAL_SLOT =
  '<ul class="social-links site-footer__social" aria-label="Follow us" data-brand="Ferrybox"></ul>';
const NOTICE = 'Ferries to the islands run as usual this week.';
const page = (title: string) =>
  `<!DOCTYPE html><html><head><title>${title}</title></head><body><header></header>` +
  `${NOTICE_SLOT}<main><h1>${title}</h1>${'<p>Plenty of text to compress.</p>'.repeat(60)}` +
  `</main><footer>${RECEIVING_HOURS_SLOT}<address>${CONTACT_SLOT}</address>${SOCIAL_SLOT}` +
  `</footer></body></html>`;

// The whole app, as it runs: settings from the seeded database, compression, CSP.
const ctx = useSiteTestApp({
  'faqs/index.html': page('FAQs'),
  '__spa-fallback.html': page('Ferrybox'),
});

const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers });

async function setNotice(value: string) {
  await ctx.database.db
    .update(settings)
    .set({ value: JSON.stringify(value) })
    .where(and(eq(settings.category, 'Site'), eq(settings.name, 'NoticeBanner')));
}

describe('the contact details in the served pages', () => {
  test('the footer carries customer care’s address, phone and e-mail from the settings', async () => {
    const where = eq(settings.category, 'Contact');
    const before = await ctx.database.db.select().from(settings).where(where);
    const value = (name: string) => JSON.parse(before.find((s) => s.name === name)!.value);
    for (const url of ['/faqs/', '/dashboard/orders/']) {
      const body = (await get(url)).body;
      expect(body).not.toContain(CONTACT_SLOT);
      for (const line of value('Address') as string[]) expect(body).toContain(`${line}<br>`);
      const phone = value('Phone') as string;
      expect(body).toContain(`<a href="tel:${phone.replace(/\s+/g, '')}">${phone}</a>`);
      expect(body).toContain(`<a href="mailto:${value('Email')}">`);
    }
    // a staff edit shows on the next page, escaped
    await ctx.database.db
      .update(settings)
      .set({ value: JSON.stringify('care+<islands>@ferrybox.je') })
      .where(and(where, eq(settings.name, 'Email')));
    expect((await get('/faqs/')).body).toContain('care+&lt;islands&gt;@ferrybox.je');
    await ctx.database.db
      .update(settings)
      .set({ value: JSON.stringify(value('Email')) })
      .where(and(where, eq(settings.name, 'Email')));
  });
});

async function setSetting(category: string, name: string, value: unknown) {
  await ctx.database.db
    .update(settings)
    .set({ value: JSON.stringify(value) })
    .where(and(eq(settings.category, category), eq(settings.name, name)));
}

describe('the receiving hours and the social links in the served pages', () => {
  test('the footer carries the depot’s hours and the social links from the settings', async () => {
    const read = async (category: string, name: string) => {
      const [row] = await ctx.database.db
        .select()
        .from(settings)
        .where(and(eq(settings.category, category), eq(settings.name, name)));
      return JSON.parse(row.value) as unknown;
    };
    const hours = await read('Depot', 'ReceivingHours');
    const links = await read('Social', 'Links');
    try {
      await setSetting('Depot', 'ReceivingHours', {
        days: 'Monday to Saturday',
        opens: '08:00',
        closes: '17:30',
        note: 'Closed on bank holidays & Sundays',
      });
      await setSetting('Social', 'Links', [
        { name: 'Instagram', url: 'https://www.instagram.com/ferrybox' },
        { name: 'Blog "news"', url: 'https://blog.example/<ferrybox>' },
      ]);
      for (const url of ['/faqs/', '/dashboard/orders/']) {
        const body = (await get(url)).body;
        expect(body).toContain(
          '<p class="receiving-hours" data-testid="receiving-hours">8am to 5:30pm, Monday to ' +
            'Saturday<br>Closed on bank holidays &amp; Sundays</p>',
        );
        const list = /<ul class="social-links site-footer__social"[^>]*>(.*?)<\/ul>/.exec(body);
        expect(list?.[1]).toContain(
          '<a href="https://www.instagram.com/ferrybox" target="_blank" rel="noopener noreferrer" ' +
            'class="icon-button" aria-label="Ferrybox on Instagram"><svg',
        );
        // escaped, never markup
        expect(list?.[1]).toContain('href="https://blog.example/&lt;ferrybox&gt;"');
        expect(list?.[1]).toContain('aria-label="Ferrybox on Blog &quot;news&quot;"');
      }
      // unreadable hours give the required ones; no links leave the list empty (not shown)
      await setSetting('Depot', 'ReceivingHours', { days: 'Monday', opens: 'noon' });
      await setSetting('Social', 'Links', []);
      const body = (await get('/faqs/')).body;
      expect(body).toContain('>7am to 4pm, Monday to Friday<br>Closed at weekends</p>');
      expect(body).toContain(SOCIAL_SLOT);
    } finally {
      await setSetting('Depot', 'ReceivingHours', hours);
      await setSetting('Social', 'Links', links);
    }
  });
});

describe('the notice banner in the served pages', () => {
  beforeAll(() => setNotice(NOTICE));

  test('a page and the app shell carry the current notice in its place, with their CSP', async () => {
    for (const url of ['/faqs/', '/order/']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain(
        `<div class="notice-slot"><aside class="notice-banner" aria-label="Notice" ` +
          `data-testid="notice-banner"><p class="container">${NOTICE}</p></aside></div>`,
      );
      expect(response.body).not.toContain(NOTICE_SLOT);
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    }
  });

  test('compressed pages carry it too', async () => {
    const response = await get('/faqs/', { 'accept-encoding': 'gzip' });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(response.rawPayload).toString('utf8')).toContain(NOTICE);
  });

  test('the page’s ETag follows the notice: unchanged is a 304, a staff edit a new page', async () => {
    const first = await get('/faqs/');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['last-modified']).toBeUndefined();

    const again = await get('/faqs/', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    await setNotice('Ferries to Guernsey are delayed <today> by fog & wind.');
    const edited = await get('/faqs/', { 'if-none-match': etag });
    expect(edited.statusCode).toBe(200);
    expect(edited.headers.etag).not.toBe(etag);
    expect(edited.body).toContain(
      '<p class="container">Ferries to Guernsey are delayed &lt;today&gt; by fog &amp; wind.</p>',
    );
  });

  test('a book-by date in it is the timetable’s, as GET /public/settings gives it', async () => {
    await setNotice('Christmas: reach us by {book-by 2026-12-24}.');
    ctx.app.clock.set(new Date('2026-12-01T10:00:00Z'));
    const settingsRes = await get('/public/settings');
    const items = settingsRes.json().items as { Name: string; Value: string }[];
    const shown = JSON.parse(items.find((i) => i.Name === 'NoticeBanner')!.Value) as string;
    expect(shown).toMatch(/^Christmas: reach us by \w+ \d+ December, 4pm\.$/);
    expect((await get('/faqs/')).body).toContain(`<p class="container">${shown}</p>`);
    ctx.app.clock.set(null);
    await setNotice(NOTICE);
  });

  test('without a notice the place stays empty', async () => {
    await setNotice('  ');
    const response = await get('/faqs/');
    expect(response.body).toContain(NOTICE_SLOT);
    expect(response.body).not.toContain('notice-banner');
    await setNotice(NOTICE);
  });
});

test('when the settings cannot be read, the page is served without its notice', async () => {
  const app = Fastify({ logger: false });
  const web = await createWeb({ webRoot: ctx.config.webRoot } as Config, {
    settings: () => Promise.reject(new Error('database down')),
  });
  app.addHook('onSend', web.pageHook);
  registerErrorHandling(app, web.fallback);
  await app.register(web.routes);
  const response = await app.inject({ method: 'GET', url: '/faqs/' });
  expect(response.statusCode).toBe(200);
  expect(response.body).toContain(NOTICE_SLOT);
  expect(response.body).toContain(CONTACT_SLOT);
  expect(response.body).toContain('<h1>FAQs</h1>');
  await app.close();
});
