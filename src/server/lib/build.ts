import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** What the built site depends on: its sources, content, static files and build settings. */
const INPUTS = [
  'src/web',
  'src/shared',
  'content',
  'public',
  'react-router.config.ts',
  // the build's last step rewrites the content pages (deferHydration)
  'src/server/lib/build.ts',
  'vite.config.ts',
  'package-lock.json',
];
/** Environment variables read at build time (vite.config.ts, src/web/lib/site-config.server.ts). */
const BUILD_ENV = ['BRAND', 'PUBLIC_URL', 'GTM_ID', 'MARKETING_SCRIPT_URL'];
export const BUILD_STAMP = path.resolve('build/.source-hash');

function* files(entry: string): Generator<string> {
  if (!fs.existsSync(entry)) return;
  const stat = fs.statSync(entry);
  if (stat.isFile()) {
    yield entry;
    return;
  }
  for (const name of fs.readdirSync(entry).sort()) yield* files(path.join(entry, name));
}

/** A hash of every input file's path and contents, plus the build-time configuration. */
export function sourceHash(): string {
  const hash = createHash('sha256');
  for (const name of BUILD_ENV) hash.update(`${name}=${process.env[name] ?? ''}\n`);
  for (const input of INPUTS) {
    for (const file of files(input)) {
      hash.update(file);
      hash.update(fs.readFileSync(file));
    }
  }
  return hash.digest('hex');
}

const LOCK = path.resolve('.build-lock');
const LOCK_WAIT_MS = 5 * 60_000;

/** One build at a time on this machine: a second `npm start` or test run waits for the first. */
async function withBuildLock(fn: () => void): Promise<void> {
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      fs.mkdirSync(LOCK);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const held = fs.statSync(LOCK, { throwIfNoEntry: false });
      // A lock older than the longest build was left by a process that died: take it over.
      if (held && Date.now() - held.mtimeMs > LOCK_WAIT_MS)
        fs.rmSync(LOCK, { recursive: true, force: true });
      else if (Date.now() > deadline) throw new Error(`another build holds ${LOCK}`);
      else await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  try {
    fn();
  } finally {
    fs.rmSync(LOCK, { recursive: true, force: true });
  }
}

/**
 * Runs `npm run build` (scripts/build.ts, which writes the stamp) when build/ is missing or was
 * built from other sources.
 */
export async function ensureWebBuild(): Promise<void> {
  await withBuildLock(buildIfStale);
}

function buildIfStale() {
  const current = sourceHash();
  const built = fs.existsSync(BUILD_STAMP) ? fs.readFileSync(BUILD_STAMP, 'utf8').trim() : null;
  if (built === current && fs.existsSync('build/client')) return;
  console.log(built ? 'The site changed since the last build: building…' : 'Building the site…');
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('npm run build failed');
}

const COMPRESSIBLE = /\.(js|css|svg|json)$/;

/**
 * Writes a brotli (`.br`, best quality) and a gzip (`.gz`) copy beside each compressible file of
 * the build's hashed assets, once at build time; the server sends those as they are
 * (@fastify/static `preCompressed`) instead of compressing the same file on every request.
 */
export function precompressAssets(assetsDir: string): void {
  for (const name of fs.readdirSync(assetsDir)) {
    if (!COMPRESSIBLE.test(name)) continue;
    const file = path.join(assetsDir, name);
    const data = fs.readFileSync(file);
    if (data.length < 1024) continue;
    const brotli = zlib.brotliCompressSync(data, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    });
    fs.writeFileSync(`${file}.br`, brotli);
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
  }
}

/** What a content page's visitor does that asks for the page's code at once (decision 0029). */
const REACH_EVENTS = ['pointerdown', 'keydown', 'touchstart', 'focusin', 'click'];
/**
 * The events of a press that React, while it hydrates, answers by hydrating the whole page at
 * once (react-dom's `discreteReplayableEvents`, seen by its listener on the document).
 */
const PRESS_EVENTS = [
  'pointerdown',
  'pointerup',
  'mousedown',
  'mouseup',
  'touchstart',
  'touchend',
  'click',
  'keydown',
  'keyup',
];

/**
 * A prerendered page (the content pages, and the first booking screen) paints from its HTML
 * alone; its code (React, the router, the page's module: about 130 KB gzipped) waits until the
 * browser is idle after the page has loaded, or until the visitor reaches for the page (a press, a
 * key, a focus), whichever comes first, so it no longer competes with the first paint (decision
 * 0029). A content page (`untilReached`) waits for the reach alone unless the browser holds some of
 * the site's state (localStorage: a session, a basket): for a visitor the site knows nothing of,
 * its HTML is the whole page (the settings, prices and offers written in by the server, the dialogs
 * and the drawer opened with no script), so nothing is fetched at rest and no press waits for it
 * (docs/decisions/0029).
 *
 * A button pressed before the page is interactive (root.tsx marks `<html data-hydrated>`) is
 * pressed again once it is (in a task of its own, after the fields have told their forms what was
 * typed into them meanwhile: FormField, components/form-fields.tsx). A button that works
 * without the code (its `commandfor` opens a dialog the page holds, docs/decisions/0029) does its
 * work at once and is not pressed again: the code takes the open dialog over as it finds it
 * (components/plain-dialog.tsx), so what the visitor did since (Forgotten Password?, Escape)
 * stands. Reaching for such a button asks for the code only after its dialog has been painted (the
 * next frame), as the code's first run would hold that paint back by a few hundred milliseconds
 * on a slow phone (decision 0029: Log in pressed right after the load). For the same reason such a
 * press does not reach the page's code while it hydrates: React answers a press it sees then by
 * hydrating the whole page before the browser may paint (200 to 500 ms at a slow phone's pace),
 * and the button needs none of it.
 *
 * React Router's build ends each page with one module script: side-effect and namespace imports,
 * the `window.__reactRouterRouteModules` assignment, and `import(entry)`. That script becomes a
 * classic inline one (hashed into the page's CSP like the others) importing the same modules
 * later, and the `modulepreload` links go. A page of any other shape fails the build.
 *
 * When the code is asked for, every module the page's links named is fetched at once (the links
 * are put back then), and then run one chunk at a time, each in a task of its own: run as one
 * module graph, the framework, the shell and the page's module are one long task, and a press
 * made during it waits for all of it (decision 0029: Log in pressed right after the load).
 */
export function deferHydration(
  html: string,
  /** Given, the route data is moved out of the page: this stores it and gives its address. */
  storeRouteData?: (text: string) => string,
  /**
   * A page whose code draws nothing for a visitor the site knows nothing of (a content page):
   * its code waits for a reach unless this browser holds some of the site's state.
   */
  { untilReached = false }: { untilReached?: boolean } = {},
): string {
  const script = /<script type="module"[^>]*>([\s\S]*?)<\/script>/.exec(html);
  if (!script) throw new Error('deferHydration: the page has no module script');
  const body = script[1];
  const imports = [...body.matchAll(/import\s+(?:\*\s+as\s+(\w+)\s+from\s+)?"([^"]+)";/g)];
  const modules = /window\.__reactRouterRouteModules\s*=\s*\{[^}]*\};/.exec(body);
  const entry = /import\("([^"]+)"\);/.exec(body);
  if (!imports.length || !modules || !entry)
    throw new Error(`deferHydration: unexpected module script: ${body.slice(0, 200)}`);
  const bindings = imports
    .map(([, name], i) => (name ? `${name}=m[${i}]` : ''))
    .filter(Boolean)
    .join(',');
  const urls = JSON.stringify(imports.map(([, , url]) => url));
  // The chunks in the order the build linked them (dependencies first), the entry last of all:
  // running it hydrates the page.
  const chunks = JSON.stringify(
    [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)]
      .map(([, href]) => href)
      .filter((href) => href !== entry[1]),
  );
  const events = JSON.stringify(REACH_EVENTS);
  const presses = JSON.stringify(PRESS_EVENTS);
  // The route data React Router writes into the page for hydration (scripts feeding
  // `__reactRouterContext.stream`, about 40% of the FAQ page's HTML) moves to a file of its own
  // that the loader fetches with the code: the page the browser parses before its first paint
  // is the content alone.
  const enqueued = [...html.matchAll(ENQUEUE)];
  const dataUrl =
    storeRouteData && enqueued.length && CLOSE.test(html)
      ? storeRouteData(enqueued.map(([, text]) => JSON.parse(text) as string).join(''))
      : undefined;
  // fetched alongside the code (a failure is seen where it is used)
  const data = dataUrl
    ? `var data=fetch(${JSON.stringify(dataUrl)}).then(function(r){if(!r.ok)throw Error(r.status);return r.text()});data.catch(function(){});`
    : '';
  const fetched = dataUrl ? '.concat(data)' : '';
  const feed = dataUrl
    ? `var c=window.__reactRouterContext.streamController;c.enqueue(m[${imports.length}]);c.close();`
    : '';
  const loader =
    `(function(){var d=document.documentElement,started=0,pressed=null,ev=${events},pr=${presses};` +
    `function start(){if(started)return;started=1;${data}var ch=${chunks};` +
    `ch.forEach(function(u){var l=document.createElement("link");l.rel="modulepreload";l.href=u;document.head.appendChild(l)});` +
    // each chunk run in its own task, then the route modules bound and the entry run
    `ch.reduce(function(p,u){return p.then(function(){return import(u)}).then(function(){return new Promise(function(r){setTimeout(r,0)})})},Promise.resolve())` +
    `.then(function(){return Promise.all(${urls}.map(function(u){return import(u)})${fetched})}).then(function(m){` +
    `${feed}var ${bindings};${modules[0]}return import(${JSON.stringify(entry[1])})` +
    // a failed load (the network) is tried again at the next reach
    `}).catch(function(){started=0})}` +
    // the button pressed, and whether it opens its dialog by itself
    `function button(e){return e.target.closest&&e.target.closest("button")}` +
    `function opens(b){return !!b&&b.hasAttribute("commandfor")}` +
    `function reach(e){var b=button(e),own=opens(b);` +
    `if(e.type==="click"&&b&&!own&&!d.dataset.hydrated){` +
    `e.preventDefault();e.stopImmediatePropagation();pressed=b}` +
    // the code is asked for once the press's answer is painted: a dialog its button opens by
    // itself (and the focus it moves into it, a reach too) is drawn before any code arrives
    `if(!own||e.type==="click")requestAnimationFrame(function(){setTimeout(start,0)})}` +
    // a press on such a button is the browser's alone until the page is interactive
    `function own(e){if(opens(button(e)))e.stopPropagation()}` +
    `ev.forEach(function(t){addEventListener(t,reach,true)});` +
    `pr.forEach(function(t){addEventListener(t,own,true)});` +
    // the press held back is made once the fields have told the form what was typed meanwhile
    `new MutationObserver(function(_,o){if(!d.dataset.hydrated)return;o.disconnect();` +
    `ev.forEach(function(t){removeEventListener(t,reach,true)});` +
    `pr.forEach(function(t){removeEventListener(t,own,true)});` +
    `if(pressed)setTimeout(function(){if(pressed.isConnected)pressed.click()},0)})` +
    `.observe(d,{attributes:true,attributeFilter:["data-hydrated"]});` +
    `function idle(){window.requestIdleCallback?requestIdleCallback(start,{timeout:2000}):setTimeout(start,1)}` +
    (untilReached
      ? // the site's state in this browser (a session, a basket) is drawn by the code
        `var kept=1;try{kept=localStorage.length}catch(e){}if(kept)`
      : '') +
    `document.readyState==="complete"?idle():addEventListener("load",idle)})();`;
  const page = html
    .replace(/<link rel="modulepreload"[^>]*>/g, '')
    .replace(script[0], () => `<script data-hydrate="later">${loader}</script>`);
  return dataUrl ? page.replace(ENQUEUE, '').replace(CLOSE, '') : page;
}

/** React Router's scripts that feed the route data into the page's hydration stream. */
const ENQUEUE =
  /<script>window\.__reactRouterContext\.streamController\.enqueue\(("(?:[^"\\]|\\.)*")\);<\/script>/g;
const CLOSE = /<script>window\.__reactRouterContext\.streamController\.close\(\);<\/script>/;

/**
 * Applies deferHydration to the prerendered pages of `clientDir` at `paths` ('/faqs/'); each
 * page's route data goes to `assets/route-data-{hash}.txt` (content-hashed, cached for a year).
 */
export function deferHydrationOf(
  clientDir: string,
  paths: string[],
  options?: Parameters<typeof deferHydration>[2],
): void {
  const storeRouteData = (text: string) => {
    const name = `route-data-${createHash('sha256').update(text).digest('base64url').slice(0, 12)}.txt`;
    fs.writeFileSync(path.join(clientDir, 'assets', name), text);
    return `/assets/${name}`;
  };
  for (const page of paths) {
    const file = path.join(clientDir, page, 'index.html');
    fs.writeFileSync(file, deferHydration(fs.readFileSync(file, 'utf8'), storeRouteData, options));
  }
}
