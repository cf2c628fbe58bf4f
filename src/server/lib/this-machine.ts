import type { FastifyRequest } from 'fastify';
import { HttpError } from './errors';

/*
 * Calls only this machine may make (routes declared with access('this-machine'): the development
 * outbox and clock, the operators' figures): anyone else is told the call does not exist.
 */

/** Whether a connection comes from this machine (IPv4, IPv6 or IPv4-mapped loopback). */
function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return address === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/**
 * The headers a proxy names its client in (standard, de facto and the big CDNs'). A request
 * carrying any of them came through a proxy, even one on this machine's loopback (decision
 * 0046): a proxy that sends only X-Real-IP must not make the world "this machine".
 */
export const FORWARDING_HEADERS = [
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-forwarded-port',
  'x-forwarded-server',
  'x-real-ip',
  'x-client-ip',
  'x-cluster-client-ip',
  'x-original-forwarded-for',
  'true-client-ip',
  'cf-connecting-ip',
  'fastly-client-ip',
  'via',
] as const;

/** Whether the caller is on this machine: a loopback address, not come through a proxy. */
export const fromThisMachine = (request: FastifyRequest) =>
  isLoopback(request.raw.socket.remoteAddress) &&
  FORWARDING_HEADERS.every((header) => request.headers[header] === undefined);

/** The 404 of a call that does not exist, for a caller a route does not answer. */
export const noSuchCall = (request: FastifyRequest) =>
  new HttpError(404, `No such call: ${request.method} ${request.url.split('?')[0]}`);

/** An onRequest hook for the /dev calls: a caller not on this machine gets a 404. */
export async function onlyFromThisMachine(request: FastifyRequest): Promise<void> {
  if (!fromThisMachine(request)) throw noSuchCall(request);
}
