import { access } from '../../lib/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { settingsResponse } from '../../../shared/api/settings';
import { sendCachedJson } from '../../lib/cache';
import { shownSettings } from './notice-dates';

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  /** docs/requirements.md §7: the public site settings as { Category, Name, Value } items. */
  app.get(
    '/settings',
    {
      config: access('anonymous'),
      schema: { summary: "The site's public settings", response: { 200: settingsResponse } },
    },
    (_request, reply) =>
      sendCachedJson(app.cache, reply, 'settings', settingsResponse, async () => ({
        items: await shownSettings(app),
      })),
  );
};
