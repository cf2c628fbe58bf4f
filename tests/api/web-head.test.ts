// HEAD of a page describes what a GET of it sends (src/server/lib/web.ts): the same length, ETag,
// type and encoding, and no body. The whole app, as it runs: the notice banner and contact
// details written in, compression, CSP.
import { describe, expect, test } from 'vitest';
import { NOTICE_SLOT } from '../../src/shared/notice';
import { CONTACT_SLOT } from '../../src/shared/contact';
import { useSiteTestApp } from '../support/app';

const page = (title: string) =>
  `<!DOCTYPE html><html><head><title>${title}</title></head><body>${NOTICE_SLOT}<main>` +
  `<h1>${title}</h1>${'<p>Plenty of text to compress.</p>'.repeat(60)}</main>` +
  `<footer><address>${CONTACT_SLOT}</address></footer></body></html>`;

const ctx = useSiteTestApp({
  'index.html': page('Home'),
  'faqs/index.html': page('FAQs'),
  '__spa-fallback.html': page('Ferrybox'),
});

const DESCRIBING = ['content-length', 'etag', 'content-type', 'content-encoding', 'cache-control'];
const describing = (headers: Record<string, unknown>) =>
  Object.fromEntries(DESCRIBING.map((name) => [name, headers[name]]));

describe('HEAD of a page', () => {
  for (const url of ['/', '/faqs/', '/order/']) {
    test(`${url} answers with the headers of the page a GET sends, without a body`, async () => {
      const get = await ctx.app.inject({ method: 'GET', url });
      const head = await ctx.app.inject({ method: 'HEAD', url });
      expect(get.statusCode).toBe(200);
      expect(head.statusCode).toBe(200);
      expect(Number(get.headers['content-length'])).toBe(Buffer.byteLength(get.body));
      expect(get.body).toContain('Plenty of text');
      expect(describing(head.headers)).toEqual(describing(get.headers));
      expect(head.body).toBe('');
    });
  }

  test('compressed as a GET would be, and not modified when the ETag matches', async () => {
    const headers = { 'accept-encoding': 'gzip' };
    const get = await ctx.app.inject({ method: 'GET', url: '/', headers });
    const head = await ctx.app.inject({ method: 'HEAD', url: '/', headers });
    expect(get.headers['content-encoding']).toBe('gzip');
    expect(describing(head.headers)).toEqual(describing(get.headers));
    expect(head.body).toBe('');

    const etag = String(get.headers.etag);
    const again = await ctx.app.inject({
      method: 'HEAD',
      url: '/',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
  });
});
