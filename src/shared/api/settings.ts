import { z } from 'zod';

/** One site setting (docs/requirements.md §3 "Settings"): Value is JSON text. */
const settingItemSchema = z.object({
  Category: z.string(),
  Name: z.string(),
  Value: z.string(),
});
export type SettingItem = z.infer<typeof settingItemSchema>;

export const settingsResponse = z.object({ items: z.array(settingItemSchema) });
export type SettingsResponse = z.infer<typeof settingsResponse>;
