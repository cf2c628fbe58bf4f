import { asc, desc, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ListingOptions } from '../../shared/api/listing';
import type { Db } from '../db/client';

interface PageQuery {
  where?: SQL;
  /** The column the caller sorts by; the id follows it so that pages never overlap. */
  sort: AnyPgColumn;
  id: AnyPgColumn;
  options: ListingOptions<string>;
}

/** `%text%` for ILIKE, with the caller's own % and _ taken literally. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The rows of a page: LIMIT and OFFSET. */
export const pageWindow = (q: { page: number; itemsPerPage: number }) => ({
  limit: q.itemsPerPage,
  offset: (q.page - 1) * q.itemsPerPage,
});

/** A page of a listing as the API answers it. */
export const pageOf = <T>(
  items: T[],
  total: number,
  q: { page: number; itemsPerPage: number },
) => ({
  items,
  total,
  page: q.page,
  itemsPerPage: q.itemsPerPage,
});

/**
 * One page of a listing call (docs/requirements.md §3 listing options) and the total for paging.
 */
export async function listPage<T extends PgTable, R>(
  db: Db,
  table: T,
  { where, sort, id, options }: PageQuery,
  toItem: (row: T['$inferSelect']) => R,
) {
  const dir = options.sortDesc ? desc : asc;
  const { limit, offset } = pageWindow(options);
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(table as PgTable)
      .where(where)
      .orderBy(dir(sort), dir(id))
      .limit(limit)
      .offset(offset),
    db.$count(table, where),
  ]);
  return pageOf((rows as T['$inferSelect'][]).map(toItem), total, options);
}
