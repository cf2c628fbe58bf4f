// The depot's consolidation list with 10,000 requests' worth of bookings (30,000 orders,
// three to a consignment, 10,000 consignments, most open), written with INSERT ... SELECT
// generate_series. Each step the depot's screen takes (a page of the open list, the next page, a
// consignment opened, the dispatched list) is timed through the use cases the routes call, as the
// median and the slowest of REPEATS runs; the target is under 100 ms a step.
import type { Database } from '../src/server/db/client';
import { staffConsignment, staffConsignments } from '../src/server/modules/consolidation/views';

export const CONSIGNMENTS = 10_000;
const REPEATS = 20;

async function seed(database: Database) {
  const run = (text: string) => database.executeSql(text);
  await run(`
    insert into users (reference, email, first_name, last_name)
    select 'BC' || lpad(g::text, 6, '0'), 'bench.consolidation.' || g || '@example.je', 'Con', 'Solidator'
    from generate_series(1, 1000) g`);
  await run(`
    insert into consignments (customer_id, island, status, created_at)
    select u.id, 'Jersey',
      (array['awaiting parcels', 'ready', 'repacking', 'dispatched', 'cancelled'])[1 + g % 5],
      now() - (${CONSIGNMENTS} - g) * interval '3 minutes'
    from generate_series(1, ${CONSIGNMENTS}) g
    join (select id, row_number() over (order by id) as n from users
          where email like 'bench.consolidation.%') u on u.n = 1 + g % 1000`);
  await run(`
    with numbered as (
      select c.id as consignment_id, c.customer_id, k,
        nextval(pg_get_serial_sequence('orders', 'id'))::int as id
      from consignments c, generate_series(1, 3) k
    )
    insert into orders (id, reference, customer_id, status, description, item_value_pence, island,
      retailer_name, total_pence, lines)
    select id, 'ORD-' || lpad(id::text, 6, '0'), customer_id, 'Awaiting Parcel',
      'Parcel ' || k, 2500, 'Jersey', 'John Lewis', 695,
      '[{"name":"Band A","pence":695}]'::jsonb
    from numbered`);
  // Three orders to each consignment, in the order they were made.
  await run(`
    insert into consignment_orders (consignment_id, order_id, paid_pence)
    select c.id, o.id, 695
    from (select id, row_number() over (order by id) as n from consignments) c
    join (select id, (row_number() over (order by id) + 2) / 3 as n from orders
          where description like 'Parcel %') o on o.n = c.n`);
  await run(`
    insert into parcels (order_id, customer_id, weight_grams, length_mm, width_mm, height_mm)
    select o.id, o.customer_id, 2000, 300, 200, 100
    from orders o where o.description like 'Parcel %' and o.id % 3 <> 0`);
  for (const table of ['users', 'orders', 'consignments', 'consignment_orders', 'parcels']) {
    await run(`vacuum analyze ${table}`);
  }
}

async function timed(step: () => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < REPEATS; i += 1) {
    const started = performance.now();
    await step();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return {
    medianMs: Math.round(times[Math.floor(times.length / 2)] * 10) / 10,
    slowestMs: Math.round(times[times.length - 1] * 10) / 10,
  };
}

export async function consolidationRows(database: Database) {
  const started = Date.now();
  await seed(database);
  console.log(`Seeded ${CONSIGNMENTS} consignments in ${Date.now() - started} ms`);
  const db = database.db;
  const now = new Date();
  const [{ id }] = (await database.executeSql('select max(id)::int as id from consignments'))
    .rows as { id: number }[];
  const steps: [string, () => Promise<unknown>][] = [
    [
      'open list, page 1 (100)',
      () => staffConsignments(db, { state: 'open', page: 1, itemsPerPage: 100 }, now),
    ],
    [
      'open list, page 2 (100)',
      () => staffConsignments(db, { state: 'open', page: 2, itemsPerPage: 100 }, now),
    ],
    [
      'dispatched list, page 1 (100)',
      () => staffConsignments(db, { state: 'dispatched', page: 1, itemsPerPage: 100 }, now),
    ],
    ['a consignment opened', () => staffConsignment(db, id, now)],
  ];
  const rows = [];
  for (const [name, step] of steps) rows.push({ step: name, ...(await timed(step)) });
  return rows;
}
