/**
 * The rules of the house that a machine checks (issue 29), run by npm test
 * (tests/unit/repo/dependencies.test.ts) and by `npx depcruise src`:
 * - no import circles (a lazy import() aside);
 * - src/shared is shared: it imports neither the server nor the web;
 * - the web never imports the server, and the server never imports the web;
 * - the customer site never imports the back office's kit (MUI, emotion, TanStack Query, MUI X),
 *   nor the back office's own files (docs/decisions/0029);
 * - on the server, a module's routes are its own (another module uses its services), and lib/
 *   and db/ sit below the modules: they import none (docs/architecture.md, "The floors").
 */
const BACK_OFFICE = '^src/web/(admin/|routes/admin)';
const STAFF_KIT = '^node_modules/(@mui/|@emotion/|@tanstack/)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'An import circle (types included): split the module the two sides share. A lazy import() ' +
        'that closes a circle is allowed: it runs after both modules have loaded.',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['dynamic-import'] } },
    },
    {
      name: 'shared-imports-neither-side',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { path: '^src/(server|web)/' },
    },
    {
      name: 'web-never-imports-server',
      severity: 'error',
      from: { path: '^src/web/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'server-never-imports-web',
      severity: 'error',
      from: { path: '^src/server/' },
      to: { path: '^src/web/' },
    },
    {
      name: 'customer-site-without-the-staff-kit',
      severity: 'error',
      comment: 'The back office keeps MUI; the customer site is drawn with the site primitives.',
      from: { path: '^src/web/', pathNot: [BACK_OFFICE, '^src/web/(root|routes)\\.tsx?$'] },
      to: { path: STAFF_KIT },
    },
    {
      name: 'one-icon-source',
      severity: 'error',
      comment:
        'The customer site names its icons in components/icon-paths.ts (through icons.tsx), the back office in admin/kit/mui-icons.tsx.',
      from: {
        path: '^src/web/',
        pathNot: ['^src/web/components/icon-paths\\.ts$', '^src/web/admin/kit/mui-icons\\.tsx$'],
      },
      to: { path: '(^|/)node_modules/@mdi/js/' },
    },
    {
      name: 'customer-site-without-the-back-office',
      severity: 'error',
      from: { path: '^src/web/', pathNot: [BACK_OFFICE, '^src/web/routes\\.ts$'] },
      to: { path: BACK_OFFICE },
    },
    {
      name: 'a-module-s-routes-are-its-own',
      severity: 'error',
      comment:
        'A module answers HTTP in its routes files; another module calls its services instead. ' +
        'A helper two modules share goes to server/lib.',
      from: { path: '^src/server/modules/([^/]+)/' },
      to: {
        path: '^src/server/modules/[^/]+/[a-z-]*routes?[a-z-]*\\.ts$',
        pathNot: '^src/server/modules/$1/',
      },
    },
    {
      name: 'lib-and-db-below-the-modules',
      severity: 'error',
      comment:
        'server/lib and server/db serve every module and know none; the seed (a start-up script) ' +
        'builds its rows as the catalogue module does.',
      from: { path: '^src/server/(lib|db)/', pathNot: '^src/server/db/seed\\.ts$' },
      to: { path: '^src/server/modules/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)\\+types/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
};
