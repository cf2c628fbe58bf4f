import Fastify from 'fastify';
import { expect, test } from 'vitest';
import type { Config } from '../../../src/server/config';
import { clockPart } from '../../../src/server/parts/clock';
import { configPart } from '../../../src/server/parts/config';
import { jobsPart } from '../../../src/server/parts/jobs';
import { paymentProviderPart } from '../../../src/server/parts/payment-provider';

// Each part of the app names the parts it stands on (src/server/parts, docs/decisions/0052):
// one registered without them stops the app at start, saying which is missing, before it runs.
test.each([
  ['jobs', jobsPart],
  ['payment-provider', paymentProviderPart],
])('the %s part refuses to start without the database part', async (name, part) => {
  const app = Fastify();
  await app.register(configPart, { config: {} as Config });
  await app.register(clockPart);
  await expect(app.register(part)).rejects.toThrow(
    `The dependency 'database' of plugin '${name}' is not registered`,
  );
  await app.close().catch(() => undefined);
});
