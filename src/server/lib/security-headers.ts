import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet sets with these options, worked out once at start: helmet's middleware is
 * run against a stand-in response that records them. Our options hold no per-request values (no
 * CSP nonce or directive function), so every answer gets the same headers, and the app sets them
 * as the reply's own headers (decision 0026's profile: helmet's twelve middlewares, each calling
 * Node's validating `setHeader` on the raw response and pushing Fastify's `writeHead` onto its
 * slow path, were the largest share of a cached call's time).
 */
export function securityHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  let finished = false;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error) => {
    failure = error;
    finished = true;
  });
  if (failure || !finished) throw new Error(`helmet's headers could not be worked out: ${failure}`);
  return headers;
}
