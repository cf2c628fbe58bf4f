/**
 * The rules of the house that a machine checks (docs/architecture.md, "The floors"), run by npm test
 * (tests/unit/repo/dependencies.test.ts) and by `npx depcruise src`:
 * - no import circles (a lazy import() aside);
 * - src/shared is shared: it imports neither the server nor the web;
 * - the web never imports the server, and the server never imports the web;
 * - the customer site never imports the back office's kit (MUI, emotion, TanStack Query, MUI X),
 *   nor the back office's own files (docs/decisions/0029);
 * - on the server, a module's routes are its own (another module uses its services), and lib/
 *   and db/ sit below the modules: they import none (docs/architecture.md, "The floors");
 * - the server's modules stand in the layers of MODULE_LAYERS: a module imports only modules of
 *   its own layer or of the layers below, two modules never import each other (nor go round in a
 *   longer circle), and every module is in a layer (docs/decisions/0052);
 * - on the customer site, a feature (web/features/<name>) imports components/, lib/, styles/ and
 *   src/shared, never another feature nor the route modules, the shell or the back office that
 *   compose the features; components/, lib/ and styles/ import no feature and nothing above
 *   (docs/decisions/0055).
 */
const BACK_OFFICE = '^src/web/(admin/|routes/admin)';
const STAFF_KIT = '^node_modules/(@mui/|@emotion/|@tanstack/)';
/** The customer site's floors (docs/architecture.md, "The front end's floors"). */
const FEATURE = '^src/web/features/';
const WEB_TOP = '^src/web/(routes/|shell/|admin/|root\\.tsx$|routes\\.ts$|entry\\.)';
const WEB_BASE = '^src/web/(components|lib|styles)/';

/**
 * The server's modules, bottom layer first (docs/architecture.md, "The server's layers"). Below
 * them all: server/db (the database, `Tx`) and server/lib (the clock, `Actor`, the audit writer,
 * mail, jobs). A new module takes its place here, or dependency-cruiser refuses it.
 */
const MODULE_LAYERS = [
  // what every process stands on: who people are, the settings, the catalogue, the timetable
  { layer: 'base', modules: ['auth', 'staff', 'settings', 'catalogue', 'sailings'] },
  // the order and its lifecycle: the one table every process moves orders through
  { layer: 'the order', modules: ['orders'] },
  // the processes: each changes its own rows and moves orders through the lifecycle
  {
    layer: 'processes',
    modules: [
      'addresses',
      'discounts',
      'household',
      'members',
      'promotions',
      'certificates',
      'invoices',
      'payments',
      'consignments',
      'depot',
      'consolidation',
      'checkout',
      'cases',
      'returns',
    ],
  },
  // the read models: pages composed from many processes, which no process imports
  {
    layer: 'read models',
    modules: ['customer-orders', 'tracking', 'customers', 'office', 'audit', 'site'],
  },
  // the tools around the app: its documentation, health, figures and the development helpers
  { layer: 'tools', modules: ['docs', 'health', 'operations', 'dev'] },
];
const modulesPath = (modules) => `^src/server/modules/(${modules.join('|')})/`;
const layerRules = MODULE_LAYERS.slice(0, -1).map(({ layer }, index) => ({
  name: `module-layers-point-down: ${layer}`,
  severity: 'error',
  comment:
    `A module of the ${layer} layer imports a module of a layer above it: move the shared part ` +
    'down (to a lower module, server/lib or server/db), or the caller up.',
  from: { path: modulesPath(MODULE_LAYERS[index].modules) },
  to: { path: modulesPath(MODULE_LAYERS.slice(index + 1).flatMap((l) => l.modules)) },
}));

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
      name: 'a-feature-stands-alone',
      severity: 'error',
      comment:
        'A feature imports shared code, components/ and lib/, never another feature: what two ' +
        'features need moves down (to components/ or lib/, or to src/shared if the server uses it ' +
        'too); a route module, the shell or the back office composes features (docs/decisions/0055).',
      from: { path: `${FEATURE}([^/]+)/` },
      to: { path: FEATURE, pathNot: `${FEATURE}$1/` },
    },
    {
      name: 'features-below-the-pages',
      severity: 'error',
      comment:
        'A feature is composed by the route modules, the shell and the back office, and imports ' +
        'none of them (docs/decisions/0055).',
      from: { path: FEATURE },
      to: { path: WEB_TOP },
    },
    {
      name: 'components-and-lib-below-the-features',
      severity: 'error',
      comment:
        'components/, lib/ and styles/ serve every feature and know none, nor the pages above ' +
        'them: what they need of a feature moves down with it (docs/decisions/0055).',
      from: { path: WEB_BASE },
      to: { path: [FEATURE, WEB_TOP] },
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
      comment: 'server/lib and server/db serve every module and know none.',
      from: { path: '^src/server/(lib|db)/' },
      to: { path: '^src/server/modules/' },
    },
    ...layerRules,
    {
      name: 'every-module-in-a-layer',
      severity: 'error',
      comment: 'A server module that is in none of MODULE_LAYERS: give it its layer.',
      from: {
        path: '^src/server/modules/',
        pathNot: modulesPath(MODULE_LAYERS.flatMap((l) => l.modules)),
      },
      to: {},
    },
    {
      name: 'no-two-modules-import-each-other',
      severity: 'error',
      comment:
        'Two server modules import each other, or go round in a circle: one of them stands on ' +
        'the other, so move what the lower one needs down.',
      scope: 'folder',
      from: { path: '^src/server/modules/[^/]+$' },
      to: { path: '^src/server/modules/[^/]+$', circular: true },
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
