import type { Db } from './client';

/**
 * A query drizzle builds once per database handle instead of on every call: its values are
 * `sql.placeholder`s given to `execute`. The profiles of docs/decisions/0053 found drizzle
 * turning a query's builder into SQL text to cost a fifth of a hot answer's CPU. Prepare the
 * query with the name `''`: PostgreSQL then gets an unnamed statement, the same messages as an
 * unprepared query sends, so nothing is kept on a connection (a pooler in transaction mode, or a
 * migration under a running node, sees no difference). Values a column maps (a date) are passed
 * through the column's `mapToDriverValue`, as drizzle does for a value written in the query.
 */
export function builtOnce<Q>(build: (db: Db) => Q): (db: Db) => Q {
  const built = new WeakMap<Db, Q>();
  return (db) => {
    let query = built.get(db);
    if (!query) built.set(db, (query = build(db)));
    return query;
  };
}
