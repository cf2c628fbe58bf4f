import { describe, expect, test } from 'vitest';
import {
  robotsTxt,
  siteBuildConfig,
  siteJson,
  sitemapXml,
  SiteConfigError,
  thirdPartySources,
} from '../../../src/web/lib/site-config.server';
import { contentRoutePaths, sitemapPaths } from '../../../src/web/lib/content.server';

describe('build-time site configuration', () => {
  test('defaults: Ferrybox on localhost:3000, no tracking', () => {
    expect(siteBuildConfig({})).toEqual({
      brand: 'Ferrybox',
      siteUrl: 'http://localhost:3000',
      gtmId: '',
      marketingScriptUrl: '',
    });
  });

  test('PUBLIC_URL loses its trailing slash; bad values stop the build naming the variable', () => {
    expect(siteBuildConfig({ PUBLIC_URL: 'https://ferrybox.je/' }).siteUrl).toBe(
      'https://ferrybox.je',
    );
    expect(() => siteBuildConfig({ PUBLIC_URL: 'ferrybox.je' })).toThrow(/PUBLIC_URL/);
    expect(() => siteBuildConfig({ GTM_ID: 'UA-1234' })).toThrow(SiteConfigError);
    expect(() => siteBuildConfig({ GTM_ID: 'UA-1234' })).toThrow(/GTM_ID/);
    expect(() => siteBuildConfig({ MARKETING_SCRIPT_URL: 'http://x.example/a.js' })).toThrow(
      /MARKETING_SCRIPT_URL/,
    );
  });

  test('third-party sources are allowed only when configured', () => {
    expect(thirdPartySources(siteBuildConfig({}))).toEqual({
      'script-src': [],
      'connect-src': [],
      'img-src': [],
    });
    const gtm = thirdPartySources(siteBuildConfig({ GTM_ID: 'GTM-ABC123' }));
    expect(gtm['script-src']).toEqual(['https://www.googletagmanager.com']);
    expect(gtm['connect-src']).toContain('https://*.google-analytics.com');
    const marketing = thirdPartySources(
      siteBuildConfig({ MARKETING_SCRIPT_URL: 'https://ads.example.com/pixel.js' }),
    );
    expect(marketing['script-src']).toEqual(['https://ads.example.com']);
    expect(siteJson(siteBuildConfig({ GTM_ID: 'GTM-ABC123' }), 'b1')).toMatchObject({
      buildId: 'b1',
      tracking: { tagManager: true, marketingScript: false },
    });
  });

  test('sitemap.xml lists the indexable content pages at their spec routes', () => {
    const paths = sitemapPaths();
    expect(paths).toContain('/');
    expect(paths).toContain('/faqs/');
    expect(paths).toContain('/terms-and-conditions');
    expect(paths).toContain('/x-1');
    expect(paths).not.toContain('/faqs-old/');
    expect(paths).not.toContain('/404/');
    expect(contentRoutePaths()).toContain('/faqs-old/');
    const xml = sitemapXml('https://ferrybox.je', paths);
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
    expect(xml).toContain('<loc>https://ferrybox.je/faqs/</loc>');
    expect(xml.match(/<url>/g)).toHaveLength(paths.length);
  });

  test('robots.txt names the sitemap and keeps crawlers out of private screens', () => {
    const robots = robotsTxt('https://ferrybox.je');
    expect(robots).toContain('User-agent: *');
    expect(robots).toContain('Disallow: /dashboard/');
    expect(robots).toContain('Disallow: /api/');
    expect(robots).not.toContain('Disallow: /faqs/');
    expect(robots).toContain('Sitemap: https://ferrybox.je/sitemap.xml');
  });
});
