import { getTableColumns, sql, type SQL, type SQLChunk, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn, PgDialect, PgSession, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from './client';

/** What drizzle keeps on a handle: its dialect (shared with its transactions) and session. */
interface Handle {
  dialect: PgDialect;
  session: PgSession & { client: unknown };
}

/**
 * A query drizzle builds once instead of on every call: its values are `sql.placeholder`s given
 * to `execute`. The profiles of docs/decisions/0053 found drizzle turning a query's builder into
 * SQL text to cost a fifth of a hot answer's CPU. Prepare the query with the name `''`:
 * PostgreSQL then gets an unnamed statement, the same messages as an unprepared query sends, so
 * nothing is kept on a connection (a pooler in transaction mode, or a migration under a running
 * node, sees no difference). Values a column maps (a date) are passed through the column's
 * `mapToDriverValue`, as drizzle does for a value written in the query.
 *
 * It is kept per database (by its dialect, which the database's transactions share) and runs on
 * the connection of the handle it is given: the database's pool, or an open transaction's own
 * connection. Drizzle's prepared query sends its text and values through the `client` its session
 * gave it, and keeps nothing else of the session, so for a transaction it is the same query with
 * the transaction's client in place of the pool.
 */
export function builtOnce<Q extends object, H extends Pick<Tx, 'select'> = Tx>(
  build: (db: H) => Q,
): (db: H) => Q {
  const built = new WeakMap<PgDialect, Q>();
  return (db) => {
    const { dialect, session } = db as unknown as Handle;
    let query = built.get(dialect);
    if (!query) built.set(dialect, (query = build(db)));
    if ((query as { client?: unknown }).client === session.client) return query;
    return Object.create(query, { client: { value: session.client } }) as Q;
  };
}

/**
 * `column = any($n)`: the column is one of the array given to `execute` as `name`, so a query
 * built once serves a list of any length (an `in (…)` list is a statement of its own for each
 * length; PostgreSQL reads `in (…)` as `= any` of the list in any case).
 */
export const isAnyOf = (column: SQLWrapper, name: string) =>
  sql`${column} = any(${sql.placeholder(name)})`;

/** SQL written with `sql`, prepared (unnamed) as a query builder's `.prepare('')` is. */
function preparedSql(db: Tx, query: SQL) {
  const { dialect, session } = db as unknown as Handle;
  return session.prepareQuery(dialect.sqlToQuery(query), undefined, '', false);
}

/** A column's type for a cast: a serial column holds an integer. */
const castType = (type: string) =>
  ({ serial: 'integer', bigserial: 'bigint', smallserial: 'smallint' })[type] ?? type;

/** An insert of these columns of a table, built once (one per table and set of columns). */
function insertOf(table: PgTable, keys: readonly string[]) {
  const all = getTableColumns(table);
  const columns = keys.map((key) => all[key]);
  const list = (each: (column: PgColumn, i: number) => SQLChunk) =>
    sql.join(columns.map(each), sql`, `);
  const name = (_: PgColumn, i: number) => sql.identifier(`c${i}`);
  const into = list((column) => sql.identifier(column.name));
  const cast = list(
    (column, i) => sql`${name(column, i)}::${sql.raw(castType(column.getSQLType()))}`,
  );
  const arrays = list((_, i) => sql`${sql.placeholder(String(i))}::text[]`);
  const query = builtOnce((db) =>
    preparedSql(
      db,
      sql`insert into ${table} (${into}) select ${cast} from unnest(${arrays}) with ordinality as r(${list(name)}, n) order by n`,
    ),
  );
  return { columns, query };
}

const inserts = new WeakMap<PgTable, Map<string, ReturnType<typeof insertOf>>>();

/**
 * Inserts any number of rows in one statement that is the same whatever their number, built once:
 * each column's values are one array, `insert into t (a, b) select c0::integer, c1::text from
 * unnest($1::text[], $2::text[]) with ordinality …`, in the rows' order. Drizzle's
 * `insert(t).values([…])` writes a statement of its own for each number of rows, and builds it
 * anew each time. The columns are the first row's keys (the same in every row); a value left
 * undefined is null, not the column's default, and a column not given takes its default. Values
 * go through each column's `mapToDriverValue`, as drizzle sends them.
 */
export async function insertRows<T extends PgTable>(
  tx: Tx,
  table: T,
  rows: readonly T['$inferInsert'][],
): Promise<void> {
  if (rows.length === 0) return;
  const keys = Object.keys(rows[0]);
  let ofTable = inserts.get(table);
  if (!ofTable) inserts.set(table, (ofTable = new Map()));
  const shape = keys.join();
  let insert = ofTable.get(shape);
  if (!insert) ofTable.set(shape, (insert = insertOf(table, keys)));
  const values: Record<string, unknown[]> = {};
  insert.columns.forEach((column, i) => {
    values[i] = rows.map((row) => {
      const value = (row as Record<string, unknown>)[keys[i]];
      return value === null || value === undefined ? null : column.mapToDriverValue(value);
    });
  });
  await insert.query(tx).execute(values);
}
