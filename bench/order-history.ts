// The order history at scale: a table of 100,000 orders, a few thousand of them one
// customer's, written in one INSERT ... SELECT generate_series (seconds, not minutes); and, on
// PostgreSQL, the plans of the queries the history and the summary make (EXPLAIN ANALYZE).
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database, Db } from '../src/server/db/client';
import * as schema from '../src/server/db/schema';
import { ReadThroughCache } from '../src/server/lib/cache';
import { orderHistory, orderSummary } from '../src/server/modules/customer-orders/history';
import { orderHistoryRequest, type OrderHistoryRequest } from '../src/shared/api/orders';

export const HISTORY_ORDERS = 100_000;
/** One order in this many is the bench customer's: 3,030 of 100,000. */
const CUSTOMER_SHARE = 33;
const OTHER_CUSTOMERS = 999;

const RETAILERS = ['John Lewis', 'Argos', 'Boots', 'Next', 'Marks & Spencer', 'Amazon', 'IKEA'];
// Mostly delivered, a few on their way, at the depot, quoted or cancelled.
const STATUSES = [
  ...Array<string>(20).fill('Delivered'),
  'Shipped',
  'Awaiting Parcel',
  'Received at Depot',
  'Quote Ready',
  'Quote Requested',
  'Cancelled',
];
const ISLANDS = ['Jersey', 'Guernsey', 'Alderney', 'Sark', 'Herm'];

const textArray = (values: readonly string[]) =>
  `array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')}]`;

/**
 * Fills the orders table: HISTORY_ORDERS orders over 1,000 customers, one in CUSTOMER_SHARE of
 * them `customerId`'s, the oldest five minutes apart, with an invoice on one in 50 of that
 * customer's orders; then VACUUM ANALYZE, as autovacuum would. Returns how many
 * orders the customer has.
 */
export async function seedOrderHistory(database: Database, customerId: number): Promise<number> {
  const run = (text: string) => database.executeSql(text);
  await run(`
    insert into users (reference, email, first_name, last_name)
    select 'BN' || lpad(g::text, 6, '0'), 'bench.other.' || g || '@example.je', 'Other', 'Customer'
    from generate_series(1, ${OTHER_CUSTOMERS}) g`);
  await run(`
    with others as (
      select array_agg(id order by id) ids from users where email like 'bench.other.%'
    ),
    numbered as (
      select g, nextval(pg_get_serial_sequence('orders', 'id'))::int as id
      from generate_series(1, ${HISTORY_ORDERS}) g
    )
    insert into orders (id, reference, customer_id, status, description, item_value_pence,
      island, retailer_name, total_pence, lines, created_at, updated_at)
    select n.id, 'ORD-' || lpad(n.id::text, 6, '0'),
      case when n.g % ${CUSTOMER_SHARE} = 0 then ${customerId}
        else o.ids[1 + n.g % ${OTHER_CUSTOMERS}] end,
      (${textArray(STATUSES)})[1 + (n.g * 7) % ${STATUSES.length}],
      'Parcel ' || n.g, 2500,
      (${textArray(ISLANDS)})[1 + n.g % ${ISLANDS.length}],
      (${textArray(RETAILERS)})[1 + (n.g / 3) % ${RETAILERS.length}],
      999 + n.g % 5000, '[]'::jsonb,
      now() - (${HISTORY_ORDERS} - n.g) * interval '5 minutes',
      now() - (${HISTORY_ORDERS} - n.g) * interval '5 minutes'
    from numbered n, others o`);
  await run(`
    insert into invoices (reference, order_id, customer_id, reason, amount_pence)
    select 'INV-B' || id, id, customer_id, 'Excess carriage', 750
    from orders where customer_id = ${customerId} and id % 50 = 0`);
  // What autovacuum does after such an insert: statistics, and the visibility map that lets a
  // count read an index alone.
  for (const table of ['users', 'orders', 'invoices']) await run(`vacuum analyze ${table}`);
  const { rows } = await database.executeSql(
    `select count(*)::int as n from orders where customer_id = $1`,
    [customerId],
  );
  return (rows[0] as { n: number }).n;
}

/** The history calls the bench measures and the plans show (a deep page: the plans only). */
export const HISTORY_CASES: { name: string; body: OrderHistoryRequest; planOnly?: true }[] = [
  { name: 'newest first, page 1', body: {} },
  { name: 'newest first, page 100', body: { options: { page: 100 } }, planOnly: true },
  { name: 'by total, page 1', body: { options: { sortBy: 'Total', sortDesc: true } } },
  { name: 'status Shipped', body: { filter: { Status: 'Shipped' } } },
  { name: 'search a retailer', body: { filter: { Search: 'marks' } } },
];

/**
 * EXPLAIN (ANALYZE, BUFFERS) of every query the history (each of HISTORY_CASES, plus a search
 * by a whole reference) and the summary make for the customer, on PostgreSQL: the queries are
 * the ones drizzle sends, caught by its logger.
 */
export async function explainOrderHistory(url: string, customerId: number) {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const caught: { sql: string; params: unknown[] }[] = [];
  const db = drizzle({
    client: pool,
    schema,
    logger: { logQuery: (sql, params) => caught.push({ sql, params }) },
  }) as unknown as Db;
  // What the history reads of the app: this database, and a cache for the catalogue it links.
  const app = { database: { db } as Database, cache: new ReadThroughCache(60_000) };
  const { rows } = await pool.query<{ reference: string }>(
    'select reference from orders where customer_id = $1 order by id limit 1 offset 1000',
    [customerId],
  );
  const cases = [
    ...HISTORY_CASES,
    { name: 'search a whole reference', body: { filter: { Search: rows[0].reference } } },
  ];
  const plans: string[] = [];
  const explain = async (title: string) => {
    for (const q of caught.splice(0)) {
      const plan = await pool.query(`explain (analyze, buffers) ${q.sql}`, q.params);
      plans.push(`-- ${title}\n${q.sql}\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}\n`);
    }
  };
  for (const c of cases) {
    await orderHistory(app, customerId, orderHistoryRequest.parse(c.body));
    await explain(`history: ${c.name}`);
  }
  await orderSummary(db, customerId);
  await explain('summary');
  await pool.end();
  return plans;
}
