import {
  createDiscountSchema,
  extraInputSchema,
  productInputSchema,
} from '../../shared/api/catalogue-admin';
import { siteSettingsOf, siteSettingsSchema } from '../../shared/api/settings-admin';
import { toPounds } from '../../shared/money';
import { discountRow } from './discount-row';
import type { Db } from './client';
import { discountCodes, orderExtras, products, seedLog, settings } from './schema';
import { seedSailings } from './seed-sailings';
import { seedDiscountCodes, seedExtras, seedProducts, seedSettings } from './seed-data';

/**
 * Loads the first catalogue, extras, settings, discount codes and timetable (seed-sailings.ts). Idempotent: each seed row is recorded in
 * seed_log the first time it is applied and never again, so re-running changes nothing and a
 * row that staff edited or deleted stays as staff left it. Returns how many rows it inserted.
 */
export async function seed(db: Db): Promise<number> {
  checkSeedData();
  return db.transaction(async (tx) => {
    let inserted = 0;
    const firstTime = async (key: string) => {
      const rows = await tx.insert(seedLog).values({ key }).onConflictDoNothing().returning();
      return rows.length === 1;
    };
    for (const [i, p] of seedProducts.entries()) {
      if (!(await firstTime(`product:${p.code}`))) continue;
      const rows = await tx
        .insert(products)
        .values({ ...p, sortOrder: (i + 1) * 10, enabled: true, public: true })
        .onConflictDoNothing()
        .returning({ id: products.id });
      inserted += rows.length;
    }
    for (const [i, e] of seedExtras.entries()) {
      if (!(await firstTime(`extra:${e.code}`))) continue;
      const rows = await tx
        .insert(orderExtras)
        .values({ ...e, sortOrder: (i + 1) * 10 })
        .onConflictDoNothing()
        .returning({ id: orderExtras.id });
      inserted += rows.length;
    }
    for (const s of seedSettings) {
      if (!(await firstTime(`setting:${s.category}/${s.name}`))) continue;
      const rows = await tx
        .insert(settings)
        .values({
          category: s.category,
          name: s.name,
          value: JSON.stringify(s.value),
          public: s.public ?? true,
        })
        .onConflictDoNothing()
        .returning({ id: settings.id });
      inserted += rows.length;
    }
    for (const d of seedDiscountCodes) {
      if (!(await firstTime(`discount:${d.Code}`))) continue;
      const rows = await tx
        .insert(discountCodes)
        .values(discountRow(createDiscountSchema.parse(d)))
        .onConflictDoNothing()
        .returning({ id: discountCodes.id });
      inserted += rows.length;
    }
    inserted += await seedSailings(tx, firstTime);
    return inserted;
  });
}

/**
 * The seed's rows pass the rules the office's edits pass (src/shared/api/catalogue-admin.ts,
 * settings-admin.ts): one set of rules for every way a row gets in. Throws on a bad row.
 */
function checkSeedData(): void {
  for (const [i, p] of seedProducts.entries()) {
    productInputSchema.parse({
      Name: p.name,
      Code: p.code,
      Description: p.description,
      Price: toPounds(p.pricePence),
      SortOrder: (i + 1) * 10,
      enabled: true,
      public: true,
      Length: p.lengthMm,
      Width: p.widthMm,
      Height: p.heightMm,
      MaxWeight: p.maxWeightGrams,
      TTLMDProductCode: p.ttlmdProductCode,
    });
  }
  for (const [i, e] of seedExtras.entries()) {
    extraInputSchema.parse({
      Name: e.name,
      Description: e.description,
      Price: toPounds(e.pricePence),
      SortOrder: (i + 1) * 10,
      Enabled: e.enabled,
    });
  }
  const map: Record<string, Record<string, unknown>> = {};
  for (const s of seedSettings) (map[s.category] ??= {})[s.name] = s.value;
  siteSettingsSchema.parse(siteSettingsOf(map));
  for (const d of seedDiscountCodes) createDiscountSchema.parse(d);
}
