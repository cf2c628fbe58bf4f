import path from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig, type Plugin } from 'vite';
import { sourceHash } from './src/server/lib/build';
import { siteBuildConfig } from './src/web/lib/site-config.server';
import { tokensCss } from './src/web/design-tokens';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3000}`;
const site = siteBuildConfig();

const FRAMEWORK =
  /node_modules[\\/](react|react-dom|scheduler|react-router|@react-router[\\/]node|turbo-stream|cookie|set-cookie-parser)[\\/]/;
/** React itself: the framework's first part, run before the router (a task of its own). */
const REACT = /node_modules[\\/](react|react-dom|scheduler)[\\/]/;
/**
 * What every app screen needs (MUI, emotion, TanStack Query): one file instead of some forty
 * small ones, each a request and each named again in every route of the route manifest that
 * every page loads. The date picker (MUI X) and zod stay with the screens that use them.
 */
const APP_VENDOR =
  /node_modules[\\/](@mui|@emotion|@popperjs|@babel[\\/]runtime|@tanstack|react-transition-group|react-is|dom-helpers|stylis|hoist-non-react-statics|clsx|prop-types)[\\/]/;
const DATE_PICKER = /node_modules[\\/]@mui[\\/]x-/;

type ModuleGraph = {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
  getModuleIds(): IterableIterator<string>;
};

/** The modules `roots` import statically, their own imports and so on, not past `stop`. */
function closure(graph: ModuleGraph, roots: string[], stop: (id: string) => boolean) {
  const found = new Set<string>();
  const queue = [...roots];
  while (queue.length) {
    const next = queue.pop()!;
    if (found.has(next) || stop(next)) continue;
    found.add(next);
    queue.push(...(graph.getModuleInfo(next)?.importedIds ?? []));
  }
  return found;
}

const withoutQuery = (id: string) => id.split('?')[0];

const LATER_STEPS = ['order-retailer', 'order-terms', 'order-details', 'order-additions'];

/**
 * Every page needs the framework and the shell (root.tsx and what it imports statically); left
 * to itself the bundler cuts them into some twenty small files, each a request before the page
 * is interactive. This puts them in two: `framework` (React, React Router) and `shell` (the
 * layout, header slots included, and what the public pages import), with one stylesheet.
 *
 * Two more groups of the booking's code, as the bundler would otherwise cut it in a file for each
 * set of routes importing a module (a name in the route manifest every page loads, and an import
 * of its own: a few hundred bytes each, compressed alone):
 * - `booking-start`: what `/order/` imports, the size step and the bookings store. Every page with
 *   the header fetches it whole anyway: its "Add a delivery" prefetches `/order/` in view.
 * - `later-steps`: what two or more of the later steps share and no other route imports.
 */
function initialChunks() {
  let graph: ModuleGraph | null = null;
  let groups: Record<'shell' | 'bookingStart' | 'laterSteps', Set<string>> | null = null;
  const route = (name: string) => path.resolve(`src/web/routes/${name}.tsx`);
  const routesDir = path.resolve('src/web/routes') + path.sep;
  // The public pages' routes: what they import is wanted by every visitor too.
  const pages = [route('home'), route('content-page')];
  const find = (graph: ModuleGraph) => {
    const ids = [...graph.getModuleIds()];
    const importsOf = (file: string) =>
      ids
        .filter((m) => withoutQuery(m) === file)
        .flatMap((m) => graph.getModuleInfo(m)?.importedIds ?? []);
    const root = ids.filter((m) => withoutQuery(m) === path.resolve('src/web/root.tsx'));
    const shell = closure(graph, [...root, ...pages.flatMap(importsOf)], (id) =>
      pages.includes(withoutQuery(id)),
    );
    const bookingStart = closure(
      graph,
      importsOf(route('order-start')),
      (id) => shell.has(id) || FRAMEWORK.test(id),
    );
    const reached = (file: string) =>
      closure(
        graph,
        importsOf(file),
        (id) => shell.has(id) || bookingStart.has(id) || FRAMEWORK.test(id),
      );
    const steps = LATER_STEPS.map((name) => reached(route(name)));
    const elsewhere = new Set(
      ids
        .map(withoutQuery)
        .filter((m) => m.startsWith(routesDir) && !LATER_STEPS.map(route).includes(m))
        .flatMap((m) => [...reached(m)]),
    );
    const laterSteps = new Set(
      [...new Set(steps.flatMap((step) => [...step]))].filter(
        (id) => steps.filter((step) => step.has(id)).length >= 2 && !elsewhere.has(id),
      ),
    );
    return { shell, bookingStart, laterSteps };
  };
  const plugin: Plugin = {
    name: 'ferrybox-initial-chunks',
    apply: 'build',
    buildStart() {
      graph = this as unknown as ModuleGraph;
      groups = null;
    },
  };
  const member = (group: 'shell' | 'bookingStart' | 'laterSteps') => (id: string) => {
    if (!graph) return false;
    groups ??= find(graph);
    return groups[group].has(id) && !FRAMEWORK.test(id);
  };
  return {
    plugin,
    shell: member('shell'),
    bookingStart: member('bookingStart'),
    laterSteps: member('laterSteps'),
  };
}

/**
 * `virtual:design-tokens.css`: the design tokens (src/web/design-tokens.ts) as CSS custom
 * properties, made from the same module the MUI theme reads, so no colour is written twice.
 */
function designTokens(): Plugin {
  const id = 'virtual:design-tokens.css';
  const resolved = `\0${id}`;
  return {
    name: 'ferrybox-design-tokens',
    resolveId: (source) => (source === id ? resolved : undefined),
    load(loaded) {
      if (loaded !== resolved) return undefined;
      this.addWatchFile(path.resolve('src/web/design-tokens.ts'));
      return tokensCss();
    },
  };
}

/**
 * The chunks named in a file's name: the groups above, and the address form loaded when first
 * reached for, which the browser tests look for (or hold back). Every other shared chunk is named
 * by its hash alone: its name was written again in the route manifest every page loads, once for
 * each route importing it, and in each import of it (0.5 KB of the manifest's 4.4).
 */
const NAMED_CHUNKS = ['framework-react', 'framework-router', 'app-vendor', 'shell', 'address-form'];

export default defineConfig(({ isSsrBuild }) => {
  const chunks = initialChunks();
  return {
    plugins: [designTokens(), reactRouter(), chunks.plugin],
    define: {
      __BRAND__: JSON.stringify(site.brand),
      __SITE_URL__: JSON.stringify(site.siteUrl),
      // The build's identity: page data carries it and pages name it in a meta tag, so a tab still
      // running an older build notices a new deployment (docs/requirements.md §8, INVALID_HASH).
      __BUILD_ID__: JSON.stringify(sourceHash().slice(0, 16)),
      __GTM_ID__: JSON.stringify(site.gtmId),
      __MARKETING_SCRIPT_URL__: JSON.stringify(site.marketingScriptUrl),
    },
    server: {
      // `npm run dev`: the API runs beside Vite and is reached through the same origin.
      proxy: { '/public': apiTarget, '/api': apiTarget },
    },
    build: {
      assetsInlineLimit: 0,
      rolldownOptions: isSsrBuild
        ? {}
        : {
            // Imported constants written where they are used (two passes: an icon's path is a
            // constant of @mdi/js renamed in components/icon-paths.ts), so a constant that only
            // one screen uses is not exported from the shell every page loads.
            optimization: { inlineConst: { mode: 'all', pass: 2 } },
            output: {
              chunkFileNames: (chunk: { name: string }) =>
                NAMED_CHUNKS.includes(chunk.name) ? 'assets/[name]-[hash].js' : 'assets/[hash].js',
              codeSplitting: {
                groups: [
                  // Two parts, each run as a task of its own on a content page (deferHydration):
                  // a press then waits behind one part at most, not the whole framework.
                  { name: 'framework-react', test: REACT, priority: 4 },
                  { name: 'framework-router', test: FRAMEWORK, priority: 3 },
                  {
                    name: 'app-vendor',
                    test: (id: string) => APP_VENDOR.test(id) && !DATE_PICKER.test(id),
                    priority: 2,
                  },
                  { name: 'shell', test: chunks.shell, priority: 1 },
                  { name: 'booking-start', test: chunks.bookingStart, priority: 0 },
                  { name: 'later-steps', test: chunks.laterSteps, priority: 0 },
                ],
              },
            },
          },
    },
  };
});
