import { randomUUID } from 'node:crypto';
import type { CheckoutResult } from '../../src/shared/api/checkout';
import type { OfficeOrderDetail } from '../../src/shared/api/office';
import { jerseyDelivery } from '../support/addresses';
import { booking, sandboxCardForm } from '../support/checkout';

/**
 * The drill's load (docs/decisions/0046): customers who check out and pay on the sandbox's page,
 * and an office member who gives £1.00 back on each paid order, through two nodes behind a
 * round-robin proxy, while the database fails over. Every answer is counted by status; a 503 is
 * tried again after its Retry-After, as the site's pages and the back office do; any other 5xx,
 * or no answer at all, is a failure of the drill. What each side was told is kept, to be
 * compared with what the database holds afterwards (ledger.ts).
 */

export const REFUND_PENCE = 100;
const PASSWORD = 'Drill-Failover-77';
/** A 503's Retry-After is a promise about seconds; the drill tries again sooner to time the switch. */
const RETRY_CAP_MS = 200;

export interface Tally {
  /** Answers by status; 0 counts requests that got no answer. */
  byStatus: Record<number, number>;
  /** Answers that fail the drill: a 5xx other than 503, a 503 without Retry-After, no answer. */
  failures: string[];
}

export class Driver {
  readonly tally: Tally = { byStatus: {}, failures: [] };
  /** Every payment the customers were told was taken (the sandbox's 303 to the success page). */
  readonly paid = new Set<string>();
  /** Orders whose £1.00 refund the office was told was made, or found made after a 503. */
  readonly refunded = new Set<number>();
  /**
   * Refunds answered 502 "pending, do not refund again": the provider was not reached (the
   * sandbox keeps its records in our database), so the follow-up makes them.
   */
  readonly refundsLeftPending = new Set<number>();
  /** Checkouts answered 201, one per idempotency key. */
  readonly checkouts = new Set<string>();
  private readonly toRefund: number[] = [];
  running = true;

  constructor(
    private readonly base: string,
    private readonly admin: { email: string; password: string },
  ) {}

  /** One request; counted. Answers the response, or null after a 503 (to be tried again). */
  async call(path: string, init: RequestInit & { json?: unknown; token?: string } = {}) {
    const { json, token, ...rest } = init;
    const res = await fetch(new URL(path, this.base), {
      ...rest,
      redirect: 'manual',
      headers: {
        ...(json === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(rest.headers as Record<string, string> | undefined),
      },
      ...(json === undefined ? {} : { body: JSON.stringify(json) }),
    }).catch(() => null);
    const status = res?.status ?? 0;
    this.tally.byStatus[status] = (this.tally.byStatus[status] ?? 0) + 1;
    const what = `${rest.method ?? 'GET'} ${path}`;
    if (!res) {
      this.tally.failures.push(`${what}: no answer`);
      return null;
    }
    if (status === 503) {
      await res.arrayBuffer();
      if (!res.headers.get('retry-after'))
        this.tally.failures.push(`${what}: 503 without Retry-After`);
      const seconds = Number(res.headers.get('retry-after') ?? 1);
      await new Promise((r) => setTimeout(r, Math.min(seconds * 1000, RETRY_CAP_MS)));
      return null;
    }
    if (status === 502 && path.endsWith('/refund')) return res;
    if (status >= 500) {
      // a failure of the drill; the request is tried again, as a person would
      this.tally.failures.push(`${what}: ${status} ${await res.text()}`);
      return null;
    }
    return res;
  }

  /** The request until it is answered other than 5xx (the same request, the same key). */
  async until(path: string, init: Parameters<Driver['call']>[1] = {}) {
    for (;;) {
      const res = await this.call(path, init);
      if (res) return res;
    }
  }

  async expect<T>(
    status: number | number[],
    path: string,
    init: Parameters<Driver['call']>[1] = {},
  ) {
    const res = await this.until(path, init);
    const text = await res.text();
    if (![status].flat().includes(res.status))
      throw new Error(`${path}: ${res.status} (expected ${status}) ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  async customer(n: number) {
    const email = `drill.${n}.${randomUUID().slice(0, 8)}@example.je`;
    const token = await this.expect<string>(200, '/public/auth/register', {
      method: 'POST',
      json: {
        FirstName: 'Dora',
        LastName: `Drill${n}`,
        Email: email,
        Password: PASSWORD,
        ConfirmPassword: PASSWORD,
        Country: 'Jersey',
        TermsAndConditions: true,
      },
    });
    const address = await this.expect<{ Id: number }>(201, '/public/addresses/create', {
      method: 'POST',
      json: jerseyDelivery(),
      token,
    });
    const { items } = await this.expect<{ items: { Id: number; Code: string }[] }>(
      200,
      '/api/products',
      { method: 'POST', json: {} },
    );
    return {
      email,
      token,
      addressId: address.Id,
      productId: items.find((p) => p.Code === 'B')!.Id,
    };
  }

  /** One checkout (its key kept over retries), its payment, and the success page's read. */
  async checkoutAndPay(who: Awaited<ReturnType<Driver['customer']>>) {
    const key = `drill-${randomUUID()}`;
    // 200: a checkout made before its answer was lost (a 503 after the commit), answered again
    const created = await this.expect<CheckoutResult>([200, 201], '/public/orders/create', {
      method: 'POST',
      token: who.token,
      headers: { 'idempotency-key': key },
      json: {
        Orders: [booking(who.productId, { RetailerOrderNumber: key.slice(0, 20) })],
        DeliveryAddressId: who.addressId,
        BillingAddressId: who.addressId,
        TermsAccepted: true,
      },
    });
    this.checkouts.add(key);
    const page = new URL(created.Payment.CheckoutUrl!, this.base).pathname;
    const paid = await this.until(page, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: sandboxCardForm('4242424242424242', 'Dora Drill'),
    });
    await paid.arrayBuffer();
    if (paid.status !== 303) throw new Error(`${page}: ${paid.status}`);
    this.paid.add(created.Payment.Reference);
    // the success page reads the payment (a read that settles one still pending)
    await this.expect(200, `/public/payment/${created.Payment.Reference}`, { token: who.token });
    this.toRefund.push(created.Orders[0]!.Id);
  }

  /** Customers loop checkouts until `running` is cleared; each finishes the one it started. */
  async shop(customers: Awaited<ReturnType<Driver['customer']>>[]) {
    await Promise.all(
      customers.map(async (who) => {
        while (this.running) {
          await this.checkoutAndPay(who).catch((err: unknown) => {
            this.tally.failures.push(String(err));
          });
        }
      }),
    );
  }

  /**
   * The office gives £1.00 back on each paid order, once: after a 503 it reads the order before
   * asking again (a refund is not a request to repeat blindly: it may have been made).
   */
  async refund() {
    const token = await this.expect<string>(200, '/api/admin/auth/login', {
      method: 'POST',
      json: this.admin,
    });
    const made = async (id: number) =>
      (
        await this.expect<OfficeOrderDetail>(200, `/api/admin/orders/${id}`, { token })
      ).Refunds.some((r) => r.Status !== 'failed');
    while (this.running || this.toRefund.length) {
      const id = this.toRefund.shift();
      if (id === undefined) {
        await new Promise((r) => setTimeout(r, 50));
        continue;
      }
      const done = await this.refundOnce(id, token, made).catch((err: unknown) => {
        this.tally.failures.push(String(err));
        return false;
      });
      if (done) this.refunded.add(id);
    }
  }

  /** One refund asked for until it is answered, or found made after a 503; whether it was. */
  private async refundOnce(id: number, token: string, made: (id: number) => Promise<boolean>) {
    for (;;) {
      const res = await this.call(`/api/admin/orders/${id}/refund`, {
        method: 'POST',
        token,
        json: { Amount: REFUND_PENCE / 100, Reason: 'Failover drill: £1.00 back' },
      });
      if (res) {
        const text = await res.text();
        if (res.status === 200) return true;
        if (res.status === 502 && text.includes('do not refund it again')) {
          this.refundsLeftPending.add(id);
          return true;
        }
        this.tally.failures.push(`refund of order ${id}: ${res.status} ${text}`);
        return false;
      }
      if (await made(id)) return true;
    }
  }
}

/**
 * The probe: a write (a customer logging in makes a session) on each node directly, every 100
 * ms, to time when each node takes writes again.
 */
export class Probe {
  readonly answers: { node: number; at: number; status: number; retryAfter: boolean }[] = [];
  private running = true;
  private done: Promise<void[]> | undefined;

  constructor(private readonly ports: number[]) {}

  start(email: string) {
    this.done = Promise.all(
      this.ports.map(async (port, node) => {
        while (this.running) {
          const res = await fetch(`http://127.0.0.1:${port}/public/auth/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email, password: PASSWORD }),
          }).catch(() => null);
          await res?.arrayBuffer();
          const retryAfter = !!res?.headers.get('retry-after');
          this.answers.push({ node, at: Date.now(), status: res?.status ?? 0, retryAfter });
          await new Promise((r) => setTimeout(r, 100));
        }
      }),
    );
  }

  async stop() {
    this.running = false;
    await this.done;
  }

  /**
   * Milliseconds from `since` until every node answered writes for good: the first of its probes
   * after which none failed, the latest of the nodes.
   */
  backAfter(since: number): number {
    return Math.max(
      ...this.ports.map((_, node) => {
        const mine = this.answers.filter((a) => a.node === node && a.at >= since);
        const lastFailure = mine.findLastIndex((a) => a.status !== 200);
        const back = mine[lastFailure + 1];
        return back ? back.at - since : Infinity;
      }),
    );
  }

  /** Answers other than a success or a 503 with Retry-After. */
  failures() {
    return this.answers
      .filter((a) => a.status !== 200 && !(a.status === 503 && a.retryAfter))
      .map(
        (a) =>
          `probe of node ${a.node}: ${a.status}${a.status === 503 ? ' without Retry-After' : ''}`,
      );
  }

  /** Answers by status, as the tally counts them. */
  byStatus() {
    const counts: Record<number, number> = {};
    for (const a of this.answers) counts[a.status] = (counts[a.status] ?? 0) + 1;
    return counts;
  }
}
