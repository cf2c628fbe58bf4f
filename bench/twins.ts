// A bare twin for each hot answer (docs/decisions/0053): the same SQL statements, on the same
// PostgreSQL database, from plain Fastify and `pg`, with no validation and nothing of ours. The
// statements are not written out by hand: our own answer is asked once while every statement it
// sends is recorded (text, values, and what came back), and the twin sends them again, in order on
// one connection, for each request it gets. Ours over the twin is then how close our answer is to
// the cost of its own SQL. PostgreSQL only: the embedded database opens in one process.
//
// What changes between two requests is carried over, so the twin does the same work each time:
// - a value the recorded request carried (a body field, a header such as Idempotency-Key) is
//   replaced by the current request's;
// - an id a recorded statement returned (a column `id` or `…_id`, or a sequence's next value) and
//   a later one used is replaced by the id the twin's own statement returned, and so is a
//   reference made of it (PAY-000002);
// - a random-looking string (a token, a key, a uuid) an INSERT wrote is made new each time, as
//   ours makes it, so that unique keys hold.
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes, randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';

interface Statement {
  text: string;
  values: unknown[];
  rowMode?: 'array';
  /** What came back, as rows of values, with the columns' names. */
  rows?: unknown[][];
  fields?: string[];
}

export interface TwinRequest {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: string;
}

export interface Recording {
  request: TwinRequest;
  statements: Statement[];
}

const recording = new AsyncLocalStorage<Statement[]>();
let patched = false;

type QueryConfig = { text: string; values?: unknown[]; rowMode?: 'array' };

/**
 * Records every statement sent from inside `recordStatements`, whatever sends it. Called before
 * the server starts: its pool keeps each connection's own `query` from when it was opened.
 */
export function recordPg() {
  if (patched) return;
  patched = true;
  const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function patchedQuery(this: pg.Client, ...args: unknown[]) {
    const store = recording.getStore();
    const answer = original.apply(this, args);
    if (!store) return answer;
    const [first, second] = args;
    // `query(text, values)`, `query(config)` or, as drizzle sends it, `query(config, values)`.
    const config: QueryConfig =
      typeof first === 'string' ? { text: first } : (first as QueryConfig);
    const statement: Statement = {
      text: config.text,
      values: [...(config.values ?? (Array.isArray(second) ? second : []))],
      rowMode: config.rowMode,
    };
    store.push(statement);
    if (answer && typeof (answer as Promise<unknown>).then === 'function') {
      void (answer as Promise<pg.QueryResult>).then(
        (result) => {
          statement.fields = result.fields?.map((f) => f.name) ?? [];
          statement.rows = (result.rows ?? []).map((row) =>
            Array.isArray(row)
              ? row
              : statement.fields!.map((f) => (row as Record<string, unknown>)[f]),
          );
        },
        () => {},
      );
    }
    return answer;
  } as typeof pg.Client.prototype.query;
}

/** Asks our server once (through `ask`), recording every statement the answer sent. */
export async function recordStatements(
  request: TwinRequest,
  ask: (request: TwinRequest) => Promise<{ status: number; body: string }>,
): Promise<Recording> {
  if (!patched) throw new Error('recordPg() must be called before the server opens its pool');
  const statements: Statement[] = [];
  const answer = await recording.run(statements, () => ask(request));
  if (answer.status >= 300) throw new Error(`${request.url}: ${answer.status} ${answer.body}`);
  return { request, statements };
}

const RANDOM = /^(?=.*\d)(?=.*[A-Za-z])[A-Za-z0-9_-]{16,}$/;
const REFERENCE = /^([A-Z]+-)(\d+)$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const fresh = (value: string) =>
  UUID.test(value)
    ? randomUUID()
    : randomBytes(value.length).toString('base64url').slice(0, value.length);

/** Pairs the leaves of two values of the same shape that differ: recorded → current. */
function pairLeaves(recorded: unknown, current: unknown, into: Map<unknown, unknown>) {
  if (recorded && current && typeof recorded === 'object' && typeof current === 'object') {
    for (const key of Object.keys(recorded))
      pairLeaves(
        (recorded as Record<string, unknown>)[key],
        (current as Record<string, unknown>)[key],
        into,
      );
  } else if (recorded !== current && recorded !== null && recorded !== undefined) {
    into.set(recorded, current);
    into.set(String(recorded), String(current));
  }
}

const parse = (body?: string) => (body ? (JSON.parse(body) as unknown) : undefined);
const isId = (name: string) => name === 'id' || name.endsWith('_id');

/**
 * The twin: one route answering `request`'s method and path by sending the recorded SQL. With a
 * recording for each connection's customer (a checkout), a request sends the statements recorded
 * for its own session (its Authorization), as ours does for that customer.
 */
export function twinRoute(app: FastifyInstance, pool: pg.Pool, path: string, recs: Recording[]) {
  const bySession = new Map(recs.map((rec) => [rec.request.headers.authorization, rec]));
  app.route({
    method: recs[0].request.method,
    url: path,
    handler: async (request, reply) => {
      const rec = bySession.get(request.headers.authorization ?? '') ?? recs[0];
      const swap = new Map<unknown, unknown>();
      pairLeaves(rec.request.headers, request.headers, swap);
      pairLeaves(parse(rec.request.body), request.body, swap);
      const client = await pool.connect();
      const answers: unknown[][][] = [];
      try {
        for (const statement of rec.statements) {
          const inserts = /^\s*insert/i.test(statement.text);
          // An array (a column's values in an insert of many rows, or a list of ids) is carried
          // over value by value.
          const carried = (value: unknown): unknown => {
            if (Array.isArray(value)) return value.map(carried);
            if (swap.has(value)) return swap.get(value);
            if (inserts && typeof value === 'string' && (RANDOM.test(value) || UUID.test(value))) {
              const made = fresh(value);
              swap.set(value, made);
              return made;
            }
            // A reference made of an id (PAY-000002 from payment 2) follows its id.
            const reference = typeof value === 'string' ? REFERENCE.exec(value) : null;
            if (reference && swap.has(Number(reference[2]))) {
              const id = String(swap.get(Number(reference[2])));
              return `${reference[1]}${id.padStart(reference[2].length, '0')}`;
            }
            return value;
          };
          const values = statement.values.map(carried);
          const result = await client
            .query({
              text: statement.text,
              values,
              ...(statement.rowMode ? { rowMode: statement.rowMode } : {}),
            })
            .catch((error: Error) => {
              throw new Error(`${error.message} in: ${statement.text} (${JSON.stringify(values)})`);
            });
          const rows = (result.rows as unknown[]).map((row) =>
            Array.isArray(row) ? row : Object.values(row as Record<string, unknown>),
          );
          answers.push(rows);
          // Ids it returned, in place of those the recording returned.
          const sequence = /nextval/i.test(statement.text);
          statement.fields?.forEach((name, column) => {
            if (!sequence && !isId(name)) return;
            statement.rows?.forEach((recorded, i) => {
              if (rows[i] && recorded[column] !== rows[i][column])
                swap.set(recorded[column], rows[i][column]);
            });
          });
        }
      } finally {
        client.release();
      }
      return reply.type('application/json').send(JSON.stringify(answers.at(-1) ?? []));
    },
  });
}

/** A plain Fastify server with one twin per answer's recordings, on its own `pg` pool of `max`. */
export async function startTwins(databaseUrl: string, max: number, recordings: Recording[][]) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max });
  const app = Fastify();
  recordings.forEach((rec, i) => twinRoute(app, pool, `/${i}`, rec));
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    base: `http://127.0.0.1:${(app.server.address() as { port: number }).port}`,
    close: async () => {
      await app.close();
      await pool.end();
    },
  };
}
