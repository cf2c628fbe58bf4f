import { and, asc, eq } from 'drizzle-orm';
import type { Uses } from '../../lib/uses';
import type { SettingItem } from '../../../shared/api/settings';
import {
  settingRowsOf,
  siteSettingsOf,
  type SiteSettings,
} from '../../../shared/api/settings-admin';
import { flattenSettings } from '../../../shared/settings';
import type { Db } from '../../db/client';
import { settings } from '../../db/schema';
import { audit } from '../../lib/audit';

/** The public site settings as { Category, Name, Value } items, through the node's cache. */
export function publicSettings(app: Uses<'cache' | 'database'>): Promise<SettingItem[]> {
  return app.cache.get('settings', () =>
    app.database.db
      .select({ Category: settings.category, Name: settings.name, Value: settings.value })
      .from(settings)
      .where(eq(settings.public, true))
      .orderBy(asc(settings.category), asc(settings.name)),
  );
}

/**
 * One category's settings as `name → value` (each Value parsed as JSON, or the text itself), read
 * in `tx`: what a module's rules read (storage, customs), with their defaults where one is missing.
 */
export async function settingsOf(
  tx: Pick<Db, 'select'>,
  category: string,
): Promise<Record<string, unknown>> {
  const rows = await tx
    .select({ Category: settings.category, Name: settings.name, Value: settings.value })
    .from(settings)
    .where(eq(settings.category, category));
  return flattenSettings(rows)[category] ?? {};
}

/** The settings as the office edits them (GET /api/admin/settings). */
export async function siteSettings(db: Db): Promise<SiteSettings> {
  const rows = await db
    .select({ Category: settings.category, Name: settings.name, Value: settings.value })
    .from(settings);
  return siteSettingsOf(flattenSettings(rows));
}

/**
 * Stores the sections the office changed, one audit entry for each setting whose value changed
 * (before and after), in one transaction. The caller clears the node's cache once committed.
 */
export async function updateSiteSettings(
  db: Db,
  actorId: number,
  update: Partial<SiteSettings>,
): Promise<SiteSettings> {
  await db.transaction(async (tx) => {
    for (const { category, name, value, public: isPublic = true } of settingRowsOf(update)) {
      const text = JSON.stringify(value);
      const [old] = await tx
        .select()
        .from(settings)
        .where(and(eq(settings.category, category), eq(settings.name, name)))
        .for('update');
      if (old?.value === text) continue;
      await tx
        .insert(settings)
        .values({ category, name, value: text, public: isPublic })
        .onConflictDoUpdate({
          target: [settings.category, settings.name],
          set: { value: text, updatedAt: new Date() },
        });
      await audit(tx, {
        actorId,
        action: 'update',
        subject: 'Setting',
        subjectId: `${category}/${name}`,
        before: old ? { Category: category, Name: name, Value: parsedValue(old.value) } : null,
        after: { Category: category, Name: name, Value: value },
      });
    }
  });
  return siteSettings(db);
}

/** A stored Value as the public settings read it (JSON, or the text itself). */
const parsedValue = (value: string) =>
  flattenSettings([{ Category: 'x', Name: 'x', Value: value }]).x.x;
