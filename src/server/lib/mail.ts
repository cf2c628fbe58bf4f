import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { EventEmitter } from 'node:events';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import { isDatabaseUnavailable, type Db } from '../db/client';
import { mailOutbox } from '../db/schema';
import { emails } from './metrics';
import { MAIL_PRIORITY, type MailMessage } from './mail-message';

/**
 * E-mail, through a transactional outbox (the `mail_outbox` table):
 * - a use case calls `queueMail(tx, message)` inside its transaction, so the message is queued
 *   exactly when the change it reports is committed, and a failure leaves neither behind;
 * - on nodes that run workers (WORKERS), the sender claims due rows, highest priority first
 *   (account e-mails before bulk ones), sends up to MAIL_CONCURRENCY at once and at most
 *   MAIL_PER_MINUTE, and marks each row sent; a failed message is retried with backoff for about
 *   three days, so a mail server that is down loses nothing;
 * - a row marked sent is never sent again, and a node killed mid-send leaves only a lease that
 *   another node takes over once it expires: each message goes out once (save a kill in the
 *   instant between the mail server's acceptance and the row being marked), with a Message-ID
 *   derived from the row so that a mail server can recognise a repeat.
 * nodemailer sends by SMTP (SMTP_URL) or, by default, writes the outbox folder (an .eml file and a
 * .json summary per message) for development, demos and tests.
 */

export { type MailAttachment, type MailMessage } from './mail-message';

/** The summary written beside each outbox .eml file. */
export interface OutboxEntry {
  id: string;
  date: string;
  from: string;
  to: string;
  subject: string;
  kind: string;
  /** Every http(s) link of the plain-text part, in order. */
  links: string[];
  text: string;
  html: string;
  eml: string;
}

/** How a failed message is retried, and how long a node may hold one it is sending. */
export interface MailQueueOptions {
  /** Attempts after the first failure. */
  retryLimit: number;
  /** Seconds before the first retry; doubled (with jitter) for each further one. */
  retryDelay: number;
  /** A node's claim on a message it is sending; after this another node may send it. */
  expireInSeconds: number;
}

/** 12 retries from one minute, doubling: the last is about 68 hours after the first failure. */
export const MAIL_QUEUE_OPTIONS: MailQueueOptions = {
  retryLimit: 12,
  retryDelay: 60,
  expireInSeconds: 5 * 60,
};

const LINK = /https?:\/\/[^\s<>"')\]]+/g;

function linksIn(text: string): string[] {
  return text.match(LINK) ?? [];
}

/** Wakes the senders of this process when a message is queued (others find it at their poll). */
const queued = new EventEmitter().setMaxListeners(0);

/**
 * Queues an e-mail in the caller's transaction (or, given the plain database handle, on its own):
 *
 *     await db.transaction(async (tx) => {
 *       const [order] = await tx.insert(orders).values(...).returning();
 *       await queueMail(tx, receiptEmail(app.config, order));
 *     });
 *
 * Nothing is sent if the transaction rolls back. Returns the outbox row's id. Safe on PGlite's
 * single connection: it is one INSERT through the transaction itself.
 */
export async function queueMail(tx: Pick<Db, 'insert'>, message: MailMessage): Promise<number> {
  const [row] = await tx
    .insert(mailOutbox)
    .values({ kind: message.kind, priority: MAIL_PRIORITY[message.priority ?? 'normal'], message })
    .returning({ id: mailOutbox.id });
  queued.emit('queued');
  return row.id;
}

/** Queues many e-mails in the caller's transaction in one statement (a storm's notices). */
export async function queueMails(tx: Pick<Db, 'insert'>, messages: MailMessage[]): Promise<void> {
  if (messages.length === 0) return;
  await tx.insert(mailOutbox).values(
    messages.map((message) => ({
      kind: message.kind,
      priority: MAIL_PRIORITY[message.priority ?? 'normal'],
      message,
    })),
  );
  queued.emit('queued');
}

export interface MailerOptions {
  /** Send from this node (WORKERS); a node without workers only queues. */
  workers: boolean;
  /** How often an idle sender looks for due messages queued by other nodes. */
  pollMs: number;
  /** Messages sent at once (MAIL_CONCURRENCY) and at most per minute (MAIL_PER_MINUTE). */
  concurrency: number;
  perMinute: number;
  queue: MailQueueOptions;
}

type Claimed = { id: number; message: MailMessage; attempts: number; createdAt: Date };

export class Mailer {
  private readonly transport: Transporter;
  private readonly pace: Pace;
  private running: Promise<void> | undefined;
  private stopped = false;
  private wake: (() => void) | undefined;
  private readonly onQueued = () => setTimeout(() => this.wake?.(), 20).unref();

  constructor(
    private readonly config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'outboxDir'>,
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly options: MailerOptions,
  ) {
    this.transport = config.smtpUrl
      ? nodemailer.createTransport(config.smtpUrl, { from: config.mailFrom })
      : nodemailer.createTransport(
          { streamTransport: true, buffer: true, newline: 'unix' },
          { from: config.mailFrom },
        );
    this.pace = new Pace(options.perMinute);
  }

  /** On a worker node, starts sending what is due (and what gets queued from now on). */
  start(): void {
    if (!this.options.workers || this.running) return;
    queued.on('queued', this.onQueued);
    this.running = this.loop();
  }

  /** Stops claiming messages and waits for the ones being sent. */
  async stop(): Promise<void> {
    this.stopped = true;
    queued.off('queued', this.onQueued);
    this.wake?.();
    await this.running;
    this.transport.close();
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      let sent = 0;
      try {
        sent = await this.sendDue();
      } catch (err) {
        if (!this.stopped) this.log.error({ err }, 'mail sender failed to read the outbox');
      }
      if (sent === 0 && !this.stopped) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, this.options.pollMs);
          this.wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        this.wake = undefined;
      }
    }
  }

  /**
   * Claims up to MAIL_CONCURRENCY due messages (leased for expireInSeconds, so two nodes never
   * send the same one) and sends them at the configured pace. Answers how many were claimed.
   */
  async sendDue(): Promise<number> {
    const { concurrency, queue } = this.options;
    // the claim's end as this node counts it, a second early: its clock and the database's differ
    const leaseEnds = Date.now() + (queue.expireInSeconds - 1) * 1000;
    const result = await this.db.execute(sql`
      update ${mailOutbox}
      set claimed_until = now() + make_interval(secs => ${queue.expireInSeconds}),
          attempts = attempts + 1
      where id in (
        select id from ${mailOutbox}
        where sent_at is null and failed_at is null and next_attempt_at <= now()
          and (claimed_until is null or claimed_until < now())
        order by priority desc, id
        limit ${concurrency}
        for update skip locked)
      returning id, message, attempts, created_at as "createdAt"`);
    const rows = (result as unknown as { rows: Claimed[] }).rows;
    await Promise.all(rows.map((row) => this.sendClaimed(row, leaseEnds)));
    return rows.length;
  }

  private async sendClaimed(row: Claimed, leaseEnds: number): Promise<void> {
    await this.pace.next();
    let outcome: Partial<typeof mailOutbox.$inferInsert>;
    try {
      await this.deliver(row.message, outboxIdOf(row));
      outcome = { sentAt: new Date(), claimedUntil: null, lastError: null };
      emails.inc({ outcome: 'sent' });
    } catch (err) {
      const { retryLimit, retryDelay } = this.options.queue;
      const giveUp = row.attempts > retryLimit;
      const delayMs = retryDelay * 1000 * 2 ** (row.attempts - 1) * (0.75 + Math.random() / 2);
      this.log.warn(
        { err, kind: row.message.kind, outboxId: row.id, attempts: row.attempts, giveUp },
        giveUp ? 'e-mail could not be sent, giving up' : 'e-mail not sent, will retry',
      );
      emails.inc({ outcome: giveUp ? 'given_up' : 'failed' });
      outcome = {
        claimedUntil: null,
        lastError: String(err instanceof Error ? err.message : err).slice(0, 500),
        ...(giveUp ? { failedAt: new Date() } : { nextAttemptAt: new Date(Date.now() + delayMs) }),
      };
    }
    await this.record(row.id, outcome, leaseEnds);
  }

  /**
   * Writes what became of a claimed message. Only this node knows the mail server's answer:
   * while the database cannot take the write (a failover, a restart), it is tried again until it
   * can, for as long as the claim keeps other nodes off the message. A sent message not recorded
   * would be sent again once its claim lapsed; the failover drill saw it (decision 0046).
   */
  private async record(
    id: number,
    outcome: Partial<typeof mailOutbox.$inferInsert>,
    leaseEnds: number,
  ): Promise<void> {
    for (let pauseMs = 100; ; pauseMs = Math.min(pauseMs * 2, 2_000)) {
      try {
        await this.db.update(mailOutbox).set(outcome).where(eq(mailOutbox.id, id));
        return;
      } catch (err) {
        const again = isDatabaseUnavailable(err) && !this.stopped;
        if (!again || Date.now() + pauseMs >= leaseEnds) {
          this.log.error(
            { err, outboxId: id, sent: Boolean(outcome.sentAt) },
            'e-mail outcome not recorded: it is sent again once its claim lapses',
          );
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, pauseMs));
      }
    }
  }

  /**
   * Sends now; throws when the mail server refuses or is down. `id` names the message: its
   * Message-ID and outbox file, so that sending it again is recognisable as a repeat.
   */
  async deliver(message: MailMessage, id: string = randomBytes(8).toString('hex')): Promise<void> {
    const domain = /@([^>\s]+)>?$/.exec(this.config.mailFrom)?.[1] ?? 'ferrybox.je';
    const info = await this.transport.sendMail({
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      messageId: `<${id}@${domain}>`,
      headers: { 'X-Ferrybox-Kind': message.kind },
      attachments: message.attachments?.map((a) => ({ ...a, encoding: 'base64' })),
    });
    if (this.config.smtpUrl) {
      this.log.info({ kind: message.kind, messageId: info.messageId }, 'e-mail sent');
      return;
    }
    const entry = await writeOutbox(this.config.outboxDir, this.config.mailFrom, message, info, id);
    this.log.info({ kind: message.kind, outbox: entry.eml }, 'e-mail written to the outbox');
  }
}

/** The name of an outbox row's message: its queueing time (so files sort by it) and row id. */
const outboxIdOf = (row: { id: number; createdAt: Date | string }) =>
  `${new Date(row.createdAt).toISOString().replace(/[:.]/g, '-')}-${String(row.id).padStart(8, '0')}`;

/** At most `perMinute` starts a minute, evenly spaced: the sender awaits `next()` before each. */
class Pace {
  private nextAt = 0;
  constructor(private readonly perMinute: number) {}
  async next(): Promise<void> {
    const now = Date.now();
    const at = Math.max(now, this.nextAt);
    this.nextAt = at + 60_000 / this.perMinute;
    if (at > now) await new Promise((resolve) => setTimeout(resolve, at - now));
  }
}

async function writeOutbox(
  dir: string,
  from: string,
  message: MailMessage,
  info: { message?: unknown },
  id: string,
): Promise<OutboxEntry> {
  // The outbox holds live links (invitations, password resets): this user's only (decision 0046).
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  const date = new Date();
  const raw = Buffer.isBuffer(info.message) ? info.message : Buffer.from(String(info.message));
  const entry: OutboxEntry = {
    id,
    date: date.toISOString(),
    from,
    to: message.to,
    subject: message.subject,
    kind: message.kind,
    links: linksIn(message.text),
    text: message.text,
    html: message.html,
    eml: `${id}.eml`,
  };
  // The .eml first: a listed summary always has its message.
  await fs.writeFile(path.join(dir, entry.eml), raw, { mode: 0o600 });
  const tmp = path.join(dir, `.${id}.json.tmp`);
  await fs.writeFile(tmp, JSON.stringify(entry, null, 2), { mode: 0o600 });
  await fs.rename(tmp, path.join(dir, `${id}.json`));
  return entry;
}

/** The outbox's messages, newest first (the dev page and tests read them). */
export async function readOutbox(dir: string): Promise<OutboxEntry[]> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch {
    return [];
  }
  const entries = await Promise.all(
    names
      .filter((n) => n.endsWith('.json') && !n.startsWith('.'))
      .map(async (n) => JSON.parse(await fs.readFile(path.join(dir, n), 'utf8')) as OutboxEntry),
  );
  return entries.sort((a, b) => b.id.localeCompare(a.id));
}
