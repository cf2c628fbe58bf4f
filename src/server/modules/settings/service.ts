import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { SettingItem } from '../../../shared/api/settings';
import { settings } from '../../db/schema';

/** The public site settings as { Category, Name, Value } items, through the node's cache. */
export function publicSettings(app: FastifyInstance): Promise<SettingItem[]> {
  return app.cache.get('settings', () =>
    app.database.db
      .select({ Category: settings.category, Name: settings.name, Value: settings.value })
      .from(settings)
      .where(eq(settings.public, true))
      .orderBy(asc(settings.category), asc(settings.name)),
  );
}
