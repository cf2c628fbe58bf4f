import { describe, expect, test } from 'vitest';
import { isDatabaseUnavailable } from '../../../src/server/db/client';

/** An error as node-postgres (or PGlite) gives it, wrapped as drizzle wraps it. */
const pgError = (code: string) => {
  const driver = Object.assign(new Error(`database error ${code}`), { code });
  return new Error('Failed query: insert into ...', { cause: driver });
};

describe('isDatabaseUnavailable: the SQLSTATE classes that answer 503 (decision 0046)', () => {
  test.each([
    ['08006', 'connection_failure'],
    ['08001', 'sqlclient_unable_to_establish_sqlconnection'],
    ['08P01', 'protocol_violation (a pooler that lost its server)'],
    ['53300', 'too_many_connections'],
    ['53100', 'disk_full'],
    ['53200', 'out_of_memory'],
    ['57P01', 'admin_shutdown'],
    ['57P03', 'cannot_connect_now'],
    ['57P04', 'database_dropped'],
    ['57014', 'query_canceled (statement timeout)'],
    ['55000', 'object_not_in_prerequisite_state (a server not accepting the session)'],
    ['25006', 'read_only_sql_transaction (a primary turned standby)'],
    ['40001', 'serialization_failure, once its retries are spent'],
    ['40P01', 'deadlock_detected, once its retries are spent'],
  ])('%s (%s) is unavailable', (code) => {
    expect(isDatabaseUnavailable(pgError(code))).toBe(true);
  });

  test.each([
    ['23505', 'unique_violation'],
    ['23503', 'foreign_key_violation'],
    ['42P01', 'undefined_table'],
    ['22P02', 'invalid_text_representation'],
    ['55P03', 'lock_not_available (not the whole class 55)'],
    ['25P02', 'in_failed_sql_transaction (not the whole class 25)'],
  ])('%s (%s) is a fault of ours: 500', (code) => {
    expect(isDatabaseUnavailable(pgError(code))).toBe(false);
  });
});
