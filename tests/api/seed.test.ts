import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { seed } from '../../src/server/db/seed';
import { orderExtras, products, settings } from '../../src/server/db/schema';
import type { Database } from '../../src/server/db/client';
import { freshDatabase } from '../support/database';

let database: Database;
beforeAll(async () => {
  database = await freshDatabase(); // migrated and seeded once
});
afterAll(() => database.close());

describe('seed', () => {
  test('loads thirteen bands A to M with box codes 872 to 884, the extras and the settings', async () => {
    const bands = await database.db.select().from(products).orderBy(products.sortOrder);
    expect(bands.map((b) => b.code).join('')).toBe('ABCDEFGHIJKLM');
    expect(bands.map((b) => b.ttlmdProductCode)).toEqual(
      Array.from({ length: 13 }, (_, i) => 872 + i),
    );
    for (const [i, b] of bands.entries()) {
      if (i > 0) expect(b.pricePence).toBeGreaterThan(bands[i - 1].pricePence);
      expect(b.lengthMm).toBeGreaterThanOrEqual(b.widthMm);
    }
    const lithium = await database.db
      .select()
      .from(orderExtras)
      .where(eq(orderExtras.code, 'lithium-dg-note'));
    expect(lithium[0].pricePence).toBe(2500);
    expect(await database.db.$count(settings)).toBeGreaterThanOrEqual(8);
  });

  test('running it again changes nothing', async () => {
    const before = await database.db.select().from(products).orderBy(products.id);
    expect(await seed(database.db)).toBe(0);
    expect(await database.db.select().from(products).orderBy(products.id)).toEqual(before);
  });

  test('never overwrites or restores what staff edited or deleted', async () => {
    await database.db
      .update(products)
      .set({ pricePence: 799, name: 'Small parcel (edited)' })
      .where(eq(products.code, 'A'));
    await database.db.delete(orderExtras).where(eq(orderExtras.code, 'repacking'));
    await database.db
      .update(settings)
      .set({ value: '"01534 000 000"' })
      .where(eq(settings.name, 'Phone'));
    expect(await seed(database.db)).toBe(0);
    const [a] = await database.db.select().from(products).where(eq(products.code, 'A'));
    expect(a).toMatchObject({ pricePence: 799, name: 'Small parcel (edited)' });
    expect(await database.db.$count(orderExtras, eq(orderExtras.code, 'repacking'))).toBe(0);
    const [phone] = await database.db.select().from(settings).where(eq(settings.name, 'Phone'));
    expect(phone.value).toBe('"01534 000 000"');
  });
});
