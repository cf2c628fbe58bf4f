import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The time the server's date rules go by (a discount code's first and last day, and so a
 * promotion page's offer). It is the machine's time, unless a development or test run sets it
 * with PUT /dev/clock (never registered in production) to see those rules on other days
 * (docs/decisions/0033). The time set moves on with the real one.
 *
 * Each request (parts/clock.ts) and each job (lib/jobs.ts) of the app runs in its clock, so a
 * rule called where no clock is passed reads it with `appNow()` (docs/decisions/0054).
 */
export class Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  /** Runs `work` where `appNow()` reads this clock. */
  run<T>(work: () => T): T {
    return running.run(this, work);
  }

  /** Makes it `at` now (and moving on from there); null goes back to the machine's time. */
  set(at: Date | null): void {
    this.offsetMs = at ? at.getTime() - Date.now() : 0;
  }
}

const running = new AsyncLocalStorage<Clock>();

/**
 * The app's time for a rule that is given no clock (an order's status change plans its parcel on
 * the sailings, orders/lifecycle.ts): the clock of the request or job it runs in, else the
 * machine's.
 */
export function appNow(): Date {
  return running.getStore()?.now() ?? new Date();
}
