import type { SettingsResponse } from '../../../shared/api/settings';
import { apiRequest } from '../api-client';
import { createResource } from '../remote-resource';

/** GET /public/settings (docs/requirements.md §7: loaded at start). */
const getSettings = () => apiRequest<SettingsResponse>('GET', '/public/settings');

/** The settings, fetched once per page load and shared (see lib/remote-resource.ts). */
export const settingsResource = createResource(getSettings);
