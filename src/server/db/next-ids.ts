import { sql } from 'drizzle-orm';
import type { Db } from './client';

/**
 * `count` new ids of a table's serial column, taken before the insert so that a reference
 * (`ORD-000042`, `PAY-…`, `INV-…`, `CASE-…`) can be written with its row. Ascending.
 */
export async function nextIds(
  tx: Pick<Db, 'select'>,
  table: 'orders' | 'payments' | 'invoices' | 'order_cases',
  count = 1,
): Promise<number[]> {
  const rows = await tx
    .select({ id: sql<number>`nextval(pg_get_serial_sequence(${table}, 'id'))::int` })
    .from(sql`generate_series(1, ${count})`);
  return rows.map((r) => r.id).sort((a, b) => a - b);
}
