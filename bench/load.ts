// Load for the benchmarks: autocannon against one URL, with the run's connections and seconds.
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';

export const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
// BENCH_CONNECTIONS=1 shows a call's own latency, without the queue of ten clients at once.
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

export interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  baselineRps?: number;
  ratio?: number;
}

/** A connection's own headers and body (its customer's session and basket). */
export interface ConnectionRequest {
  headers: Record<string, string>;
  body?: string;
}

/** Headers of every request, and a fresh Idempotency-Key for each when `uniqueKey` is set. */
export interface MeasureOptions {
  headers?: Record<string, string>;
  uniqueKey?: boolean;
  /**
   * One request per connection, in place of `headers` and `body`: connection i sends the i-th
   * (modulo their number) every time, so that ten connections are ten customers, not one.
   */
  perConnection?: ConnectionRequest[];
  /** Seconds, instead of the run's (BENCH_SECONDS). */
  seconds?: number;
}

export async function measure(
  url: string,
  method: 'GET' | 'POST',
  body?: string,
  { headers = {}, uniqueKey = false, perConnection, seconds = DURATION }: MeasureOptions = {},
) {
  const withKey = (req: autocannon.Request) => ({
    ...req,
    headers: { ...req.headers, 'idempotency-key': randomUUID() },
  });
  /** A request's headers: JSON's content type when it carries a body, then its own. */
  const requestHeaders = (own: Record<string, string>, sent?: string) => ({
    ...(sent ? { 'content-type': 'application/json' } : {}),
    ...own,
  });
  let connection = 0;
  const result = await autocannon({
    url,
    method,
    body,
    headers: requestHeaders(headers, body),
    connections: CONNECTIONS,
    duration: seconds,
    ...(uniqueKey ? { requests: [{ setupRequest: withKey }] } : {}),
    // Called once for each connection as it is made: its own request from then on.
    ...(perConnection
      ? {
          setupClient: (client: autocannon.Client) => {
            const own = perConnection[connection++ % perConnection.length];
            client.setRequests([
              {
                headers: requestHeaders(own.headers, own.body),
                body: own.body,
                ...(uniqueKey ? { setupRequest: withKey } : {}),
              },
            ]);
          },
        }
      : {}),
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
  };
}
