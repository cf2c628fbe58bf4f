import type { FastifyInstance } from 'fastify';

/**
 * What a use case needs of the app, named in its signature: `Uses<'database' | 'clock'>` rather
 * than the whole FastifyInstance as a service locator (docs/architecture.md). Routes and tests pass
 * the app, which has every decoration; a test may pass just the ones named.
 */
export type Uses<K extends keyof FastifyInstance> = Pick<FastifyInstance, K>;
