import { hash, verify } from '@node-rs/argon2';
import { passwordWorkOf, type PasswordWorkLimits } from '../config';
import { HttpError } from './errors';
import { passwordHashes, passwordWorkRefused, passwordWorkWait } from './metrics';
import { newToken } from './tokens';

/**
 * Passwords (docs/decisions/0053): argon2id at OWASP's first recommended setting, 19 MiB of
 * memory, 2 passes, 1 lane (about 15 ms of one core here), and never more of them at once than the
 * machine can give while it answers everything else.
 */
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Answered when the queue of passwords to check is full: the caller may try again at once. */
export const PASSWORDS_BUSY_MESSAGE =
  'Too many people are signing in at this moment. Please try again in a few seconds.';

/**
 * A bounded line for CPU-heavy work off the event loop: `atOnce` run, up to `queue` wait in
 * arrival order, and the next is refused at once rather than left to wait without end.
 */
export class WorkLine {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private limits: PasswordWorkLimits) {}

  setLimits(limits: PasswordWorkLimits) {
    this.limits = limits;
  }

  /** Work running and waiting now (the health figures and the tests read it). */
  get load() {
    return { running: this.running, waiting: this.waiting.length };
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    const asked = performance.now();
    if (this.running < this.limits.atOnce) this.running++;
    else if (this.waiting.length >= this.limits.queue) {
      passwordWorkRefused.inc();
      throw new HttpError(503, PASSWORDS_BUSY_MESSAGE, undefined, 1);
    }
    // Woken by the work before it, which hands its place over (the count stays as it is).
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    passwordWorkWait.observe((performance.now() - asked) / 1000);
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}

const line = new WorkLine(passwordWorkOf());

/** The server's limits, from its configuration (buildApp). */
export function limitPasswordWork(limits: PasswordWorkLimits) {
  line.setLimits(limits);
}

/** An argon2id PHC string (`$argon2id$v=19$m=19456,t=2,p=1$...`): the library's default algorithm. */
export function hashPassword(password: string): Promise<string> {
  return line.run(async () => {
    passwordHashes.inc({ kind: 'hash' });
    return hash(password, ARGON2_OPTIONS);
  });
}

let dummyHash: Promise<string> | undefined;

/**
 * Whether the password matches the stored hash. With no hash (unknown e-mail, deleted account) a
 * dummy hash is checked all the same, so every failure takes about as long as a wrong password.
 */
export async function checkPassword(
  storedHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  dummyHash ??= hash(newToken(), ARGON2_OPTIONS);
  const target = storedHash ?? (await dummyHash);
  const matches = await line.run(async () => {
    passwordHashes.inc({ kind: 'verify' });
    return verify(target, password).catch(() => false);
  });
  return matches && Boolean(storedHash);
}
