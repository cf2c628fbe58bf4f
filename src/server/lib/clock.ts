/**
 * The time the server's date rules go by (a discount code's first and last day, and so a
 * promotion page's offer). It is the machine's time, unless a development or test run sets it
 * with PUT /dev/clock (never registered in production) to see those rules on other days
 * (docs/decisions/0033). The time set moves on with the real one.
 */
export class Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  /** Makes it `at` now (and moving on from there); null goes back to the machine's time. */
  set(at: Date | null): void {
    this.offsetMs = at ? at.getTime() - Date.now() : 0;
  }
}
