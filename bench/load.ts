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

/** Headers of every request, and a fresh Idempotency-Key for each when `uniqueKey` is set. */
export interface MeasureOptions {
  headers?: Record<string, string>;
  uniqueKey?: boolean;
  /** Seconds, instead of the run's (BENCH_SECONDS). */
  seconds?: number;
}

export async function measure(
  url: string,
  method: 'GET' | 'POST',
  body?: string,
  { headers = {}, uniqueKey = false, seconds = DURATION }: MeasureOptions = {},
) {
  const result = await autocannon({
    url,
    method,
    body,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
    connections: CONNECTIONS,
    duration: seconds,
    ...(uniqueKey
      ? {
          requests: [
            {
              setupRequest: (req) => ({
                ...req,
                headers: { ...req.headers, 'idempotency-key': randomUUID() },
              }),
            },
          ],
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
