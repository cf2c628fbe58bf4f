import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteSettingsResponse, updateSettingsSchema } from '../../../shared/api/settings-admin';
import { acceptEmptyJsonBodies, authOf } from '../../lib/auth';
import { siteSettings, updateSiteSettings } from './service';

/**
 * The office's site settings (decision 0024) under /api/admin, for `manage Settings`: contact
 * details, the depot's address and receiving hours, the notice banner, social links, island GST and
 * the Customs numbers. A change clears this node's read-through cache once committed, so GET
 * /public/settings and the banner and footer the server writes into every page show it at once
 * here, and within the cache's time (CACHE_TTL_MS) on other nodes.
 */
export const settingsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  acceptEmptyJsonBodies(app);
  const db = app.database.db;
  const onRequest = app.requireAuth({ can: ['manage', 'Settings'] });

  app.get(
    '/settings',
    {
      onRequest,
      schema: { summary: "The site's settings", response: { 200: siteSettingsResponse } },
    },
    () => siteSettings(db),
  );

  app.put(
    '/settings',
    {
      onRequest,
      schema: {
        summary: "Change the site's settings",
        body: updateSettingsSchema,
        response: { 200: siteSettingsResponse },
      },
    },
    async (request) => {
      const result = await updateSiteSettings(db, authOf(request).user.id, request.body);
      app.cache.clear();
      return result;
    },
  );
};
