import { customType, timestamp } from 'drizzle-orm/pg-core';

/**
 * The column types and timestamps every table of the schema shares.
 */

/** Binary data (photos), as a Buffer in Node (PGlite hands back a Uint8Array, pg a Buffer). */
export const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const at = (name: string) => timestamp(name, { withTimezone: true });
