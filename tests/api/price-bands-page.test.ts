// The price bands written into the content pages the server sends (shared/price-bands.ts), so a
// page shows the catalogue's prices at its first paint, before any of its code has run.
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { expect, test } from 'vitest';
import type { Config } from '../../src/server/config';
import { products } from '../../src/server/db/schema';
import { registerErrorHandling } from '../../src/server/lib/errors';
import { createWeb } from '../../src/server/lib/web';
import { priceBandItems } from '../../src/shared/price-bands';
import { useSiteTestApp } from '../support/app';

// As the build writes the block: the list's empty cards, waiting for the catalogue.
const SLOT = `<ul class="price-bands" aria-label="Price bands" aria-busy="true">${priceBandItems(null)}</ul>`;
const page = (title: string, body: string) =>
  `<!DOCTYPE html><html><head><title>${title}</title></head><body><main><h1>${title}</h1>` +
  `${body}</main></body></html>`;

const ctx = useSiteTestApp({
  'index.html': page('Home', `<p>Our prices:</p>${SLOT}<p>Book now.</p>`),
  'faqs/index.html': page('FAQs', '<p>No prices here.</p>'),
  '__spa-fallback.html': page('Ferrybox', ''),
});

const get = (url: string) => ctx.app.inject({ method: 'GET', url });

test('a page listing the price bands is sent with the enabled, public bands and their prices, in order', async () => {
  const bands = await ctx.database.db.select().from(products).orderBy(products.sortOrder);
  const shown = bands.filter((band) => band.enabled && band.public);
  expect(shown.length).toBeGreaterThan(3);
  const { body } = await get('/');
  expect(body).toContain('<ul class="price-bands" aria-label="Price bands" aria-busy="false">');
  expect(body).not.toContain('price-band--loading');
  const codes = [...body.matchAll(/<h3 class="price-band__code">Price Band ([^<]+)<\/h3>/g)].map(
    ([, code]) => code,
  );
  expect(codes).toEqual(shown.map((band) => band.code));
  expect(body).toContain('<p>Book now.</p>');

  // A staff change shows on the next page sent, its text escaped.
  const [first] = shown;
  await ctx.database.db
    .update(products)
    .set({ name: 'Small & <light>', pricePence: 1250 })
    .where(eq(products.id, first!.id));
  const changed = (await get('/')).body;
  expect(changed).toContain('<p class="price-band__name">Small &amp; &lt;light&gt;</p>');
  expect(changed).toContain('<p class="price-band__price">£12.50</p>');
  await ctx.database.db
    .update(products)
    .set({ name: first!.name, pricePence: first!.pricePence })
    .where(eq(products.id, first!.id));
});

test('a page without the list is sent as built', async () => {
  const { body } = await get('/faqs/');
  expect(body).toContain('<p>No prices here.</p>');
  expect(body).not.toContain('price-band');
});

test('when the catalogue cannot be read, the page is sent with its empty cards for the browser to fill', async () => {
  const app = Fastify({ logger: false });
  const web = await createWeb({ webRoot: ctx.config.webRoot } as Config, {
    priceBands: () => Promise.reject(new Error('database down')),
  });
  app.addHook('onSend', web.pageHook);
  registerErrorHandling(app, web.fallback);
  await app.register(web.routes);
  const response = await app.inject({ method: 'GET', url: '/' });
  expect(response.statusCode).toBe(200);
  expect(response.body).toContain(SLOT);
  expect(response.body).toContain('<p>Book now.</p>');
  await app.close();
});
