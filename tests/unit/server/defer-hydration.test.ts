import { describe, expect, it } from 'vitest';
import { deferHydration } from '../../../src/server/lib/build';

// The shape React Router's build gives a prerendered page (build/client/faqs/index.html).
const PAGE =
  '<html><head><link rel="modulepreload" href="/assets/manifest-1.js"/>' +
  '<link rel="modulepreload" href="/assets/framework-2.js"/></head><body><h1>FAQs</h1>' +
  '<script type="module" async="">import "/assets/manifest-1.js"; import * as route0 from ' +
  '"/assets/root-3.js"; import * as route1 from "/assets/content-page-4.js";  ' +
  'window.__reactRouterRouteModules = {"root":route0,"content-page":route1};  ' +
  'import("/assets/entry.client-5.js");</script></body></html>';

describe('deferHydration', () => {
  const html = deferHydration(PAGE);

  it('removes the modulepreload links and the module script, keeping the page', () => {
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).not.toContain('type="module"');
    expect(html).toContain('<h1>FAQs</h1>');
  });

  it('imports the same modules later and binds them as the build did', () => {
    const loader = /<script data-hydrate="later">([\s\S]*)<\/script>/.exec(html)![1];
    expect(loader).toContain(
      '["/assets/manifest-1.js","/assets/root-3.js","/assets/content-page-4.js"]',
    );
    expect(loader).toContain('var route0=m[1],route1=m[2];');
    expect(loader).toContain(
      'window.__reactRouterRouteModules = {"root":route0,"content-page":route1};',
    );
    expect(loader).toContain('import("/assets/entry.client-5.js")');
    // a classic script that parses
    expect(() => new Function(loader)).not.toThrow();
  });

  it('fetches every linked chunk at once, then runs them one task at a time, the entry last', () => {
    const page = PAGE.replace(
      '</head>',
      '<link rel="modulepreload" href="/assets/entry.client-5.js"/></head>',
    );
    const loader = /<script data-hydrate="later">([\s\S]*)<\/script>/.exec(
      deferHydration(page),
    )![1];
    // the links the build wrote, in its order, without the entry (running it hydrates the page)
    expect(loader).toContain('var ch=["/assets/manifest-1.js","/assets/framework-2.js"];');
    expect(loader).toContain('l.rel="modulepreload"');
    // one import per task: a timer between each and the next
    expect(loader).toMatch(
      /return import\(u\)\}\)\.then\(function\(\)\{return new Promise\(function\(r\)\{setTimeout\(r,0\)/,
    );
    expect(loader.lastIndexOf('import("/assets/entry.client-5.js")')).toBeGreaterThan(
      loader.indexOf('ch.reduce('),
    );
  });

  it('moves the route data out of the page: the loader fetches it and feeds the stream', () => {
    const data = '[{"_1":2},"content-page",{"body":"<p>\\"Hi\\"</p>"}]\n';
    const page = PAGE.replace(
      '</body>',
      '<div hidden id="S:0"><script>window.__reactRouterContext.streamController.enqueue(' +
        JSON.stringify(data.slice(0, 20)) +
        ');</script><script>window.__reactRouterContext.streamController.enqueue(' +
        JSON.stringify(data.slice(20)) +
        ');</script></div><div hidden id="S:1"><script>window.__reactRouterContext.' +
        'streamController.close();</script></div></body>',
    );
    const stored: string[] = [];
    const moved = deferHydration(page, (text) => {
      stored.push(text);
      return '/assets/route-data-x.txt';
    });
    expect(stored).toEqual([data]);
    expect(moved).not.toContain('streamController.enqueue(');
    expect(moved).not.toContain('streamController.close();</script>');
    expect(moved).toContain('<div hidden id="S:0"></div><div hidden id="S:1"></div>');
    const loader = /<script data-hydrate="later">([\s\S]*)<\/script>/.exec(moved)![1];
    expect(loader).toContain('fetch("/assets/route-data-x.txt")');
    // the fetched text is the fourth result, after the three modules
    expect(loader).toContain('c.enqueue(m[3]);c.close();');
    expect(() => new Function(loader)).not.toThrow();
    // without the store, the data stays in the page
    expect(deferHydration(page)).toContain('streamController.enqueue(');
  });

  it("on a content page, waits for a reach unless the browser holds some of the site's state", () => {
    /** Runs a page's loader after the load, telling whether it asked for the code when idle. */
    const asksWhenIdle = (page: string, stored: number) => {
      const loader = /<script data-hydrate="later">([\s\S]*)<\/script>/.exec(page)![1];
      let asked = false;
      const run = new Function(
        'document',
        'window',
        'localStorage',
        'addEventListener',
        'requestIdleCallback',
        'MutationObserver',
        loader,
      );
      run(
        { readyState: 'complete', documentElement: { dataset: {} } },
        { requestIdleCallback: true },
        { length: stored },
        () => {},
        () => (asked = true),
        class {
          observe() {}
        },
      );
      return asked;
    };
    const content = deferHydration(PAGE, undefined, { untilReached: true });
    expect(asksWhenIdle(content, 0)).toBe(false);
    expect(asksWhenIdle(content, 2)).toBe(true);
    // the first booking screen: when idle, whatever the browser holds
    expect(asksWhenIdle(deferHydration(PAGE), 0)).toBe(true);
  });

  it('fails the build on a page of another shape', () => {
    expect(() => deferHydration('<html><body></body></html>')).toThrow(/no module script/);
    expect(() =>
      deferHydration('<script type="module">import("/assets/entry.js");</script>'),
    ).toThrow(/unexpected module script/);
  });
});
