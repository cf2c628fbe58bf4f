import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { asc, eq } from 'drizzle-orm';
import { settingsResponse } from '../../../shared/api/settings';
import { settings } from '../../db/schema';

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  /** SPEC section 7: the public site settings as { Category, Name, Value } items. */
  app.get('/settings', { schema: { response: { 200: settingsResponse } } }, async () => ({
    items: await app.cache.get('settings', () =>
      app.database.db
        .select({ Category: settings.category, Name: settings.name, Value: settings.value })
        .from(settings)
        .where(eq(settings.public, true))
        .orderBy(asc(settings.category), asc(settings.name)),
    ),
  }));
};
