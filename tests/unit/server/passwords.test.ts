import { describe, expect, test } from 'vitest';
import { passwordWorkOf } from '../../../src/server/config';
import { HttpError } from '../../../src/server/lib/errors';
import { PASSWORDS_BUSY_MESSAGE, WorkLine } from '../../../src/server/lib/passwords';

/** Work that ends when the test says so, recording when it started. */
function held(log: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    finish: () => finish(),
    work: async () => {
      log.push(`start ${name}`);
      await done;
      log.push(`end ${name}`);
      return name;
    },
  };
}

describe('the line of password work', () => {
  test('runs at most atOnce, then the waiting in the order they came', async () => {
    const line = new WorkLine({ atOnce: 2, queue: 10 });
    const log: string[] = [];
    const jobs = ['a', 'b', 'c', 'd'].map((name) => held(log, name));
    const answers = jobs.map((job) => line.run(job.work));
    await Promise.resolve();
    expect(log).toEqual(['start a', 'start b']);
    expect(line.load).toEqual({ running: 2, waiting: 2 });
    jobs[1].finish();
    await answers[1];
    await new Promise((resolve) => setImmediate(resolve));
    expect(log).toEqual(['start a', 'start b', 'end b', 'start c']);
    expect(line.load).toEqual({ running: 2, waiting: 1 });
    for (const job of jobs) job.finish();
    expect(await Promise.all(answers)).toEqual(['a', 'b', 'c', 'd']);
    expect(line.load).toEqual({ running: 0, waiting: 0 });
  });

  test('refuses at once when the queue is full: a 503 saying to try again in a second', async () => {
    const line = new WorkLine({ atOnce: 1, queue: 1 });
    const log: string[] = [];
    const first = held(log, 'first');
    const second = held(log, 'second');
    const running = line.run(first.work);
    const waiting = line.run(second.work);
    const refused = await line.run(async () => 'third').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({
      statusCode: 503,
      message: PASSWORDS_BUSY_MESSAGE,
      retryAfterSeconds: 1,
    });
    first.finish();
    second.finish();
    expect(await Promise.all([running, waiting])).toEqual(['first', 'second']);
    // Room again once the line has moved.
    expect(await line.run(async () => 'fourth')).toBe('fourth');
  });

  test('work that fails gives its place to the next', async () => {
    const line = new WorkLine({ atOnce: 1, queue: 5 });
    const failing = line.run(async () => {
      throw new Error('argon2 said no');
    });
    const next = line.run(async () => 'next');
    await expect(failing).rejects.toThrow('argon2 said no');
    expect(await next).toBe('next');
    expect(line.load).toEqual({ running: 0, waiting: 0 });
  });
});

describe('the machine default', () => {
  test('leaves one core for the rest, and each hash waits behind at most 32 per core', () => {
    expect(passwordWorkOf(undefined, undefined, 1)).toEqual({ atOnce: 1, queue: 32 });
    expect(passwordWorkOf(undefined, undefined, 2)).toEqual({ atOnce: 1, queue: 32 });
    expect(passwordWorkOf(undefined, undefined, 8)).toEqual({ atOnce: 4, queue: 128 });
    expect(passwordWorkOf(3, undefined, 8)).toEqual({ atOnce: 3, queue: 96 });
    expect(passwordWorkOf(undefined, 0, 2)).toEqual({ atOnce: 1, queue: 0 });
  });
});
