import { sql } from 'drizzle-orm';
import type { Tx } from './client';
import { builtOnce } from './prepared';

const taken = builtOnce((db) =>
  db
    .select({
      id: sql<number>`nextval(pg_get_serial_sequence(${sql.placeholder('table')}, 'id'))::int`,
    })
    .from(sql`generate_series(1, ${sql.placeholder('count')})`)
    .prepare(''),
);

/**
 * `count` new ids of a table's serial column, taken before the insert so that a reference
 * (`ORD-000042`, `PAY-…`, `INV-…`, `CASE-…`) can be written with its row. Ascending.
 */
export async function nextIds(
  tx: Tx,
  table: 'orders' | 'payments' | 'invoices' | 'order_cases',
  count = 1,
): Promise<number[]> {
  const rows = await taken(tx).execute({ table, count });
  return rows.map((r) => r.id).sort((a, b) => a - b);
}
