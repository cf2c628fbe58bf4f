import type { FastifyReply } from 'fastify';
import type { ZodType } from 'zod';

/**
 * A small read-through cache for data that is read on every page view and changed rarely by
 * staff (settings, the catalogue). Entries live `ttlMs`; a write on this node calls `clear()`,
 * and other nodes see the change within `ttlMs`. Concurrent misses share one load.
 */
export class ReadThroughCache {
  private entries = new Map<
    string,
    { expires: number; value: Promise<unknown>; loaded?: { value: unknown } }
  >();

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
    const entry: { expires: number; value: Promise<unknown>; loaded?: { value: unknown } } = {
      expires: this.now() + this.ttlMs,
      value,
    };
    this.entries.set(key, entry);
    value.then(
      (loaded) => (entry.loaded = { value: loaded }),
      // A failed load is not kept: the next caller tries again.
      () => this.entries.get(key) === entry && this.entries.delete(key),
    );
    return value;
  }

  /** The value under `key` when it is loaded and fresh, at once; undefined when it is not. */
  peek<T>(key: string): T | undefined {
    const hit = this.entries.get(key);
    return hit?.loaded && hit.expires > this.now() ? (hit.loaded.value as T) : undefined;
  }

  clear(): void {
    this.entries.clear();
  }
}

/**
 * Answers with a cached JSON text: the value is checked against the route's response schema,
 * serialised and encoded as UTF-8 once per cache fill instead of on every request (bytes sent as
 * JSON skip the route's serializer, and Node neither measures nor encodes them again: for a
 * string with one character outside ASCII, such as the catalogue's ’, that was a fifth of a
 * cached call's instructions).
 */
export function sendCachedJson<T>(
  cache: ReadThroughCache,
  reply: FastifyReply,
  key: string,
  schema: ZodType<T>,
  load: () => PromiseLike<T>,
): Promise<void> | undefined {
  const send = (json: Buffer) => reply.type('application/json; charset=utf-8').send(json);
  // A fresh hit is sent at once (no promise, no microtask): the routes' handlers are not async.
  const hit = cache.peek<Buffer>(`json:${key}`);
  if (hit !== undefined) {
    send(hit);
    return undefined;
  }
  // A reply is thenable: this settles once the answer is sent, as Fastify wants of a handler
  // that sends its answer itself.
  return cache
    .get(`json:${key}`, async () => Buffer.from(JSON.stringify(schema.parse(await load()))))
    .then(async (json) => send(json));
}
