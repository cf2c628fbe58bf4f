import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

const run = promisify(execFile);
const CRUISER = path.resolve('node_modules/dependency-cruiser/bin/dependency-cruise.mjs');

/** dependency-cruiser's report on `targets`, run in `cwd` with the house's configuration. */
async function cruise(cwd: string, targets: string[]): Promise<string> {
  const answer = await run(
    process.execPath,
    [CRUISER, ...targets, '--config', '.dependency-cruiser.cjs', '--output-type', 'err'],
    { cwd, maxBuffer: 16 * 1024 * 1024 },
  ).catch((error: { stdout: string; stderr: string }) => error);
  return `${answer.stdout}${answer.stderr}`;
}

/**
 * Probes written into a copy of `folders` (made before the suite's tests, removed after), so that
 * nothing else that reads the tree meanwhile (knip, the type checker) ever sees them: `probes` maps
 * each probe's path under `under` to its text. All of a copy's probes are cruised in one run (a run
 * reads most of the tree whatever file it starts from: one run instead of one per probe), and
 * `about(file)` gives the report's violations that name that probe.
 */
function probesIn(folders: string[], under: string, probes: Record<string, string>) {
  let copy = '';
  let report: Promise<string> = Promise.resolve('');
  beforeAll(() => {
    copy = fs.mkdtempSync(path.join(os.tmpdir(), 'ferrybox-probes-'));
    for (const folder of folders) fs.cpSync(folder, path.join(copy, folder), { recursive: true });
    for (const file of ['.dependency-cruiser.cjs', 'tsconfig.json', 'package.json'])
      fs.copyFileSync(file, path.join(copy, file));
    fs.symlinkSync(path.resolve('node_modules'), path.join(copy, 'node_modules'), 'dir');
    for (const [file, text] of Object.entries(probes)) {
      const at = path.join(copy, under, file);
      fs.mkdirSync(path.dirname(at), { recursive: true });
      fs.writeFileSync(at, text);
    }
    report = cruise(
      copy,
      Object.keys(probes).map((file) => path.join(under, file)),
    );
  });
  afterAll(() => fs.rmSync(copy, { recursive: true, force: true }));
  return {
    /**
     * The report's violations (each from its "error" line to the next) naming the probe `file`, or
     * its module's folder (a rule between modules, as an import circle, names folders).
     */
    about: async (file: string) => {
      const whole = await report;
      // A run that failed to cruise names no probe either: it must be a report.
      expect(whole).toMatch(/dependency violations/);
      const violations = whole.split(/\n(?=\s*(?:error|warn|info) )/);
      const named = path.join(under, file);
      const folder = `${path.dirname(named)} →`;
      return violations.filter((v) => v.includes(named) || v.includes(folder)).join('\n');
    },
  };
}
// The rules of the house (.dependency-cruiser.cjs, docs/architecture.md "The floors"): no import
// circles, src/shared imports neither side, web and server do not import each other, the
// customer site imports neither the back office's kit (MUI, emotion, TanStack Query) nor its
// files, the server's modules stand in layers that point one way (docs/decisions/0052), and the
// customer site's features stand alone on components/, lib/ and styles/ (docs/decisions/0055).
describe('the import graph', () => {
  test('breaks none of the rules in .dependency-cruiser.cjs', async () => {
    expect(await cruise(process.cwd(), ['src'])).toMatch(/no dependency violations found/);
  }, 120_000);
});

/**
 * Each rule of the server's layers refuses a file written to break it. The probes are written
 * into a copy of src/server and src/shared, so that nothing else that reads the tree meanwhile
 * (knip, the type checker) ever sees them.
 */
describe("the server's module layers", () => {
  // One probe per layer's rule: a module of that layer importing health (among the tools, on top).
  const layers = [
    ['base', 'auth'],
    ['the order', 'orders'],
    ['processes', 'invoices'],
    ['read models', 'audit'],
  ];
  const probes = probesIn(['src/server', 'src/shared'], 'src/server/modules', {
    ...Object.fromEntries(
      layers.map(([, module]) => [
        `${module}/probe-up.ts`,
        "export { healthRoutes } from '../health/routes';\n",
      ]),
    ),
    'addresses/probe-pair.ts': "export { PAIR } from '../household/probe-pair';\n",
    'household/probe-pair.ts':
      "import { createAddress } from '../addresses/service';\nexport const PAIR = createAddress;\n",
    'newroom/service.ts': "export type { Tx } from '../../db/client';\n",
  });

  test.each(layers)(
    'refuse a module of the layer "%s" importing a layer above it',
    async (layer, module) => {
      const report = await probes.about(`${module}/probe-up.ts`);
      expect(report).toContain(`module-layers-point-down: ${layer}`);
    },
    60_000,
  );

  test('refuse two modules of one layer importing each other', async () => {
    const report = await probes.about('addresses/probe-pair.ts');
    expect(report).toContain('no-two-modules-import-each-other');
    expect(report).not.toContain('module-layers-point-down');
  }, 60_000);

  test('refuse a module that is in no layer', async () => {
    expect(await probes.about('newroom/service.ts')).toContain('every-module-in-a-layer');
  }, 60_000);
});

/**
 * The customer site's floors (docs/architecture.md, "The front end's floors", docs/decisions/0055):
 * each rule refuses a file written to break it, in a copy of src/web and src/shared as above.
 */
describe("the customer site's floors", () => {
  const floors = [['components'], ['lib'], ['styles']];
  const probes = probesIn(['src/web', 'src/shared'], 'src/web', {
    'features/orders/probe-other-feature.ts':
      "export { CheckoutPage } from '../checkout/checkout-page';\n",
    'features/orders/probe-below.ts':
      "export { OrderHistoryPage } from './order-history';\n" +
      "export { FormField } from '../../components/form-fields';\n" +
      "export { useSession } from '../../lib/session';\n" +
      "import '../../styles/account-screens.css';\n",
    'features/orders/probe-up.ts': "export { SiteLayout } from '../../shell/site-layout';\n",
    ...Object.fromEntries(
      floors.map(([floor]) => [
        `${floor}/probe-feature.ts`,
        "export { BasketPage } from '../features/basket/basket-page';\n",
      ]),
    ),
  });

  test('refuse a feature importing another feature', async () => {
    const report = await probes.about('features/orders/probe-other-feature.ts');
    expect(report).toContain('a-feature-stands-alone');
  }, 60_000);

  test('let a feature import its own files, components/, lib/ and styles/', async () => {
    // The report names the file it was asked about only in a violation.
    expect(await probes.about('features/orders/probe-below.ts')).toBe('');
  }, 60_000);

  test('refuse a feature importing a route module or the shell', async () => {
    expect(await probes.about('features/orders/probe-up.ts')).toContain('features-below-the-pages');
  }, 60_000);

  test.each(floors)(
    'refuse %s/ importing a feature',
    async (floor) => {
      const report = await probes.about(`${floor}/probe-feature.ts`);
      expect(report).toContain('components-and-lib-below-the-features');
    },
    60_000,
  );
});
