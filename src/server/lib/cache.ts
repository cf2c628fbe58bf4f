import type { FastifyReply } from 'fastify';
import type { ZodType } from 'zod';

/**
 * A small read-through cache for data that is read on every page view and changed rarely by
 * staff (settings, the catalogue). Entries live `ttlMs`; a write on this node calls `clear()`,
 * and other nodes see the change within `ttlMs`. Concurrent misses share one load.
 */
export class ReadThroughCache {
  private entries = new Map<string, { expires: number; value: Promise<unknown> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 500,
    private readonly now: () => number = Date.now,
  ) {}

  get<T>(key: string, load: () => PromiseLike<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && hit.expires > this.now()) return hit.value as Promise<T>;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    // A real promise of the result: a query builder is a thenable that runs its query again each
    // time it is awaited, so caching the builder itself would query on every hit.
    const value = (async () => load())();
    this.entries.set(key, { expires: this.now() + this.ttlMs, value });
    // A failed load is not kept: the next caller tries again.
    value.catch(() => this.entries.delete(key));
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}

/**
 * Answers with a cached JSON text: the value is checked against the route's response schema and
 * serialised once per cache fill instead of on every request (a string sent as JSON skips the
 * route's serializer).
 */
export async function sendCachedJson<T>(
  cache: ReadThroughCache,
  reply: FastifyReply,
  key: string,
  schema: ZodType<T>,
  load: () => PromiseLike<T>,
) {
  const json = await cache.get(`json:${key}`, async () =>
    JSON.stringify(schema.parse(await load())),
  );
  return reply.type('application/json; charset=utf-8').send(json);
}
