// A storm over a backlog. 10,000 parcels ready at the depot (2,500 customers, four each) are
// planned on the next sailing to Jersey; the office cancels it through its HTTP call (the
// exception, its audit entry, every parcel planned again by the shared rule first come first
// served over the sailings after it, the plans stored and the customers to tell noted, in one
// transaction), timed from the request to its answer; then the job that renders and queues one
// e-mail per customer after the commit is timed to its end; then the office restores the
// sailing (all moved back, one more e-mail each). Each REPEATS times, 10,000 parcels on the
// sailing each time; so is the promise alone (the plans read, the loads counted, the shared rule
// over all of them). The target is under 1 s to the answer (docs/decisions/0049, 0054).
import type { Database } from '../src/server/db/client';
import os from 'node:os';
import { eq } from 'drizzle-orm';
import type { Sailing } from '../src/shared/sailings/timetable';
import { parcelPlans } from '../src/server/db/schema';
import { parcelStateOfPlan } from '../src/server/modules/sailings/moves';
import { compiledAround, loadsOf, planInTurn } from '../src/server/modules/sailings/plans';
import { staffHeaders, type startApi } from './fixtures';

type Running = Awaited<ReturnType<typeof startApi>>['running'];

export const STORM_PARCELS = 10_000;
const CUSTOMERS = 2_500;
const REPEATS = 3;

/** Puts every parcel of the backlog on the sailing (before each storm: 10,000 on it each time). */
async function backOnIt(database: Database, s: Sailing) {
  await database.executeSql(`
    update parcel_plans set route = 'Jersey', sailing_date = '${s.date}',
      cut_off_at = '${new Date(s.cutOffAt).toISOString()}',
      departs_at = '${new Date(s.departsAt).toISOString()}', earliest = '${s.date}',
      latest = '${s.date}', reason = '', moved_by = null, moved_from = null, exception_id = null
    where order_id in (select id from orders where reference like 'STM-%')`);
}

/** Seeds the backlog on Jersey's next sailing; answers that sailing. */
async function seed(database: Database, now: Date): Promise<Sailing> {
  const run = (text: string) => database.executeSql(text);
  const next = (await compiledAround(database.db, now)).sailings
    .get('Jersey')!
    .find((s) => s.cutOffAt > now.getTime() && s.status === 'scheduled')!;
  await run(`
    insert into users (reference, email, first_name, last_name)
    select 'BS' || lpad(g::text, 6, '0'), 'bench.storm.' || g || '@example.je', 'Storm', 'Bound'
    from generate_series(1, ${CUSTOMERS}) g`);
  await run(`
    insert into orders (reference, customer_id, status, description, item_value_pence, island,
      retailer_name, total_pence, lines)
    select 'STM-' || lpad(g::text, 6, '0'), u.id, 'Received at Depot', 'Parcel ' || g, 2500,
      'Jersey', 'John Lewis', 695, '[{"name":"Band A","pence":695}]'::jsonb
    from generate_series(1, ${STORM_PARCELS}) g
    join (select id, row_number() over (order by id) as n from users
          where email like 'bench.storm.%') u on u.n = 1 + g % ${CUSTOMERS}`);
  await run(`
    insert into parcels (order_id, customer_id, weight_grams, length_mm, width_mm, height_mm)
    select id, customer_id, 2000, 300, 200, 100 from orders where reference like 'STM-%'`);
  await run(`
    insert into parcel_plans (order_id, customer_id, island, state, ready_at, promised_latest)
    select id, customer_id, 'Jersey', 'at-depot',
      now() - (${STORM_PARCELS} - id) * interval '1 second', '${next.date}'
    from orders where reference like 'STM-%'`);
  // every paid order has had e-mails, so its tracking link exists
  await run(`
    insert into order_tracking_codes (order_id, code)
    select id, 'STORM' || lpad(id::text, 10, '0') from orders where reference like 'STM-%'`);
  await backOnIt(database, next);
  for (const table of ['users', 'orders', 'parcels', 'parcel_plans', 'order_tracking_codes']) {
    await run(`vacuum analyze ${table}`);
  }
  return next;
}

const round = (ms: number) => Math.round(ms * 10) / 10;

/** Waits until every change's customers have been told (their e-mails queued, after the answer). */
async function allTold(database: Database) {
  for (;;) {
    const { rows } = await database.executeSql(
      'select count(*)::int as n from sailing_notices where told_at is null',
    );
    if ((rows as { n: number }[])[0].n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

export async function stormRows(running: Running) {
  const { app, database } = running;
  const now = new Date();
  const started = Date.now();
  const sailing = await seed(database, now);
  const date = sailing.date;
  console.log(`Seeded ${STORM_PARCELS} parcels on Jersey ${date} in ${Date.now() - started} ms`);
  const headers = await staffHeaders(running, 'office');
  const cancel = [];
  const restore = [];
  const told = [];
  const promise = [];
  for (let i = 0; i < REPEATS; i += 1) {
    await backOnIt(database, sailing);
    // the staff's request to its answer: the exception, its audit, every parcel planned again
    // and stored, the customers to tell noted (their e-mails are queued after the commit)
    let t = performance.now();
    const made = await app.inject({
      method: 'POST',
      url: '/api/admin/sailings/exceptions',
      headers,
      payload: { Island: 'Jersey', Date: date, Kind: 'cancelled', Reason: 'Gale warning' },
    });
    cancel.push(performance.now() - t);
    if (made.statusCode !== 201) throw new Error(`cancel: ${made.body}`);
    t = performance.now();
    await allTold(database);
    told.push(performance.now() - t);
    t = performance.now();
    const gone = await app.inject({
      method: 'DELETE',
      url: `/api/admin/sailings/exceptions/${(made.json() as { Id: number }).Id}`,
      headers,
    });
    restore.push(performance.now() - t);
    if (gone.statusCode !== 204) throw new Error(`restore: ${gone.body}`);
    await allTold(database);
    // the promise alone: the plans read, the loads counted, the shared rule over all of them
    t = performance.now();
    const rows = await database.db
      .select()
      .from(parcelPlans)
      .where(eq(parcelPlans.island, 'Jersey'));
    const [compiled, loads] = await Promise.all([
      compiledAround(database.db, now),
      loadsOf(database.db, now, []),
    ]);
    planInTurn(
      compiled,
      rows.map((r) => ({ island: 'Jersey' as const, state: parcelStateOfPlan(r) })),
      now,
      new Map(loads),
    );
    promise.push(performance.now() - t);
  }
  const [{ n: mails }] = (
    await database.executeSql(
      "select count(*)::int as n from mail_outbox where kind like 'sailing-%'",
    )
  ).rows as { n: number }[];
  const row = (step: string, times: number[]) => {
    times.sort((a, b) => a - b);
    return {
      step,
      database: process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite',
      // the machine is shared: its load when measured says how far to trust the times
      loadAverage: Math.round(os.loadavg()[0] * 10) / 10,
      parcels: STORM_PARCELS,
      customersTold: CUSTOMERS,
      medianMs: round(times[Math.floor(times.length / 2)]),
      slowestMs: round(times[times.length - 1]),
    };
  };
  console.log(`${mails} e-mails queued over ${REPEATS} cancellations and restorations`);
  return [
    row('the promise alone: plans read, loads counted, the rule over every parcel', promise),
    row('sailing cancelled: the staff’s request to its answer, every parcel re-planned', cancel),
    row('after the answer: one e-mail per customer rendered and queued (a job)', told),
    row('sailing restored: the staff’s request to its answer, every parcel moved back', restore),
  ];
}
