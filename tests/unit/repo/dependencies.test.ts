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
 * nothing else that reads the tree meanwhile (knip, the type checker) ever sees them: `probe`
 * writes a file under `under` and gives its path for `cruise(probe.copy(), [path])`.
 */
function probesIn(folders: string[], under: string) {
  let copy = '';
  beforeAll(() => {
    copy = fs.mkdtempSync(path.join(os.tmpdir(), 'ferrybox-probes-'));
    for (const folder of folders) fs.cpSync(folder, path.join(copy, folder), { recursive: true });
    for (const file of ['.dependency-cruiser.cjs', 'tsconfig.json', 'package.json'])
      fs.copyFileSync(file, path.join(copy, file));
    fs.symlinkSync(path.resolve('node_modules'), path.join(copy, 'node_modules'), 'dir');
  });
  afterAll(() => fs.rmSync(copy, { recursive: true, force: true }));
  const probe = (file: string, text: string) => {
    const at = path.join(copy, under, file);
    fs.mkdirSync(path.dirname(at), { recursive: true });
    fs.writeFileSync(at, text);
    return path.join(under, file);
  };
  return Object.assign(probe, { copy: () => copy });
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
  const probe = probesIn(['src/server', 'src/shared'], 'src/server/modules');

  // One probe per layer's rule: a module of that layer importing health (among the tools, on top).
  test.each([
    ['base', 'auth'],
    ['the order', 'orders'],
    ['processes', 'invoices'],
    ['read models', 'audit'],
  ])(
    'refuse a module of the layer "%s" importing a layer above it',
    async (layer, module) => {
      const file = probe(
        `${module}/probe-up.ts`,
        "export { healthRoutes } from '../health/routes';\n",
      );
      const report = await cruise(probe.copy(), [file]);
      expect(report).toContain(`module-layers-point-down: ${layer}`);
      expect(report).toContain(file);
    },
    60_000,
  );

  test('refuse two modules of one layer importing each other', async () => {
    const one = probe(
      'addresses/probe-pair.ts',
      "export { PAIR } from '../household/probe-pair';\n",
    );
    probe(
      'household/probe-pair.ts',
      "import { createAddress } from '../addresses/service';\nexport const PAIR = createAddress;\n",
    );
    const report = await cruise(probe.copy(), [one]);
    expect(report).toContain('no-two-modules-import-each-other');
    expect(report).not.toContain('module-layers-point-down');
  }, 60_000);

  test('refuse a module that is in no layer', async () => {
    const file = probe('newroom/service.ts', "export type { Tx } from '../../db/client';\n");
    expect(await cruise(probe.copy(), [file])).toContain('every-module-in-a-layer');
  }, 60_000);
});

/**
 * The customer site's floors (docs/architecture.md, "The front end's floors", docs/decisions/0055):
 * each rule refuses a file written to break it, in a copy of src/web and src/shared as above.
 */
describe("the customer site's floors", () => {
  const probe = probesIn(['src/web', 'src/shared'], 'src/web');

  test('refuse a feature importing another feature', async () => {
    const file = probe(
      'features/orders/probe-other-feature.ts',
      "export { CheckoutPage } from '../checkout/checkout-page';\n",
    );
    const report = await cruise(probe.copy(), [file]);
    expect(report).toContain('a-feature-stands-alone');
    expect(report).toContain(file);
  }, 60_000);

  test('let a feature import its own files, components/, lib/ and styles/', async () => {
    const file = probe(
      'features/orders/probe-below.ts',
      "export { OrderHistoryPage } from './order-history';\n" +
        "export { FormField } from '../../components/form-fields';\n" +
        "export { useSession } from '../../lib/session';\n" +
        "import '../../styles/account-screens.css';\n",
    );
    expect(await cruise(probe.copy(), [file])).toMatch(/no dependency violations found/);
  }, 60_000);

  test('refuse a feature importing a route module or the shell', async () => {
    const file = probe(
      'features/orders/probe-up.ts',
      "export { SiteLayout } from '../../shell/site-layout';\n",
    );
    expect(await cruise(probe.copy(), [file])).toContain('features-below-the-pages');
  }, 60_000);

  test.each([['components'], ['lib'], ['styles']])(
    'refuse %s/ importing a feature',
    async (floor) => {
      const file = probe(
        `${floor}/probe-feature.ts`,
        "export { BasketPage } from '../features/basket/basket-page';\n",
      );
      const report = await cruise(probe.copy(), [file]);
      expect(report).toContain('components-and-lib-below-the-features');
      expect(report).toContain(file);
    },
    60_000,
  );
});
