import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Jobs, QueueOptions } from './jobs';
import { escapeHtml } from '../../shared/html';

/**
 * E-mail: every message goes through the `mail` job queue, then nodemailer sends it by SMTP
 * (SMTP_URL) or, by default, writes it to the outbox folder (an .eml file and a .json summary per
 * message) for development, demos and tests. A message that cannot be sent stays queued and is
 * retried with backoff for about three days, so a mail server that is down loses nothing.
 */

/** A rendered message, as queued. */
export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Which template made it (welcome, password-reset...), for logs and the outbox. */
  kind: string;
}

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

export const MAIL_QUEUE = 'mail';

/** 12 retries from one minute, doubling: the last is about 68 hours after the first failure. */
export const MAIL_QUEUE_OPTIONS: QueueOptions = {
  retryLimit: 12,
  retryDelay: 60,
  expireInSeconds: 5 * 60,
};

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

const LINK = /https?:\/\/[^\s<>"')\]]+/g;

export function linksIn(text: string): string[] {
  return text.match(LINK) ?? [];
}

export class Mailer {
  private readonly transport: Transporter;

  constructor(
    private readonly config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'outboxDir'>,
    private readonly jobs: Jobs,
    private readonly log: FastifyBaseLogger,
  ) {
    this.transport = config.smtpUrl
      ? nodemailer.createTransport(config.smtpUrl, { from: config.mailFrom })
      : nodemailer.createTransport(
          { streamTransport: true, buffer: true, newline: 'unix' },
          { from: config.mailFrom },
        );
  }

  /** Declares the mail queue and, on a worker node, starts sending from it. */
  async init(queue: Partial<QueueOptions> = {}): Promise<void> {
    await this.jobs.define<MailMessage>(MAIL_QUEUE, { ...MAIL_QUEUE_OPTIONS, ...queue }, (m) =>
      this.deliver(m),
    );
  }

  /** Queues a message; it is sent by a worker (on this node or another). Returns the job id. */
  enqueue(message: MailMessage): Promise<string> {
    return this.jobs.send(MAIL_QUEUE, message);
  }

  /** Sends now (the queue's worker calls this); throws when the mail server refuses or is down. */
  async deliver(message: MailMessage): Promise<void> {
    const info = await this.transport.sendMail({
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      headers: { 'X-Ferrybox-Kind': message.kind },
    });
    if (this.config.smtpUrl) {
      this.log.info({ kind: message.kind, messageId: info.messageId }, 'e-mail sent');
      return;
    }
    const entry = await writeOutbox(this.config.outboxDir, this.config.mailFrom, message, info);
    this.log.info({ kind: message.kind, outbox: entry.eml }, 'e-mail written to the outbox');
  }
}

async function writeOutbox(
  dir: string,
  from: string,
  message: MailMessage,
  info: { message?: unknown },
): Promise<OutboxEntry> {
  await fs.mkdir(dir, { recursive: true });
  const date = new Date();
  const id = `${date.toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}`;
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
  await fs.writeFile(path.join(dir, entry.eml), raw);
  const tmp = path.join(dir, `.${id}.json.tmp`);
  await fs.writeFile(tmp, JSON.stringify(entry, null, 2));
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

// --- the branded layout ------------------------------------------------------------------------

export const BRAND_TEAL = '#00796b';

export interface EmailContent {
  brand: string;
  /** The site's address, for the footer link. */
  siteUrl: string;
  subject: string;
  greeting: string;
  /** Paragraphs of plain text, escaped in the HTML part. */
  paragraphs: string[];
  /** A two-column table after the paragraphs (a receipt's lines): label, amount, bold or not. */
  table?: { label: string; value: string; strong?: boolean }[];
  button?: { label: string; url: string };
  /** Paragraphs after the button (expiry, "did not ask for this"). */
  after?: string[];
}

/** The HTML and plain-text parts of a branded message: teal header, one button, a footer. */
export function renderEmail(c: EmailContent): { subject: string; html: string; text: string } {
  const p = (t: string) =>
    `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:#263238">${escapeHtml(t)}</p>`;
  const button = c.button
    ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 24px"><tr>
<td style="border-radius:6px;background:${BRAND_TEAL}"><a href="${escapeHtml(c.button.url)}"
style="display:inline-block;padding:12px 24px;font-size:16px;font-weight:bold;color:#ffffff;text-decoration:none">${escapeHtml(c.button.label)}</a></td>
</tr></table>
<p style="margin:0 0 16px;font-size:13px;line-height:20px;color:#546e7a">If the button does not work, copy this address into your browser:<br>
<a href="${escapeHtml(c.button.url)}" style="color:${BRAND_TEAL};word-break:break-all">${escapeHtml(c.button.url)}</a></p>`
    : '';
  const cell = (t: string, strong: boolean | undefined, align: string) =>
    `<td style="padding:6px 0;font-size:15px;line-height:22px;color:#263238;text-align:${align};border-bottom:1px solid #eceff1${strong ? ';font-weight:bold' : ''}">${escapeHtml(t)}</td>`;
  const table = c.table?.length
    ? `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 24px">
${c.table.map((r) => `<tr>${cell(r.label, r.strong, 'left')}${cell(r.value, r.strong, 'right')}</tr>`).join('\n')}
</table>`
    : '';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escapeHtml(c.subject)}</title></head>
<body style="margin:0;padding:0;background:#eceff1;font-family:Arial,Helvetica,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#eceff1;padding:24px 0"><tr><td align="center">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#ffffff;border-radius:8px;overflow:hidden">
<tr><td style="background:${BRAND_TEAL};padding:20px 32px;color:#ffffff;font-size:24px;font-weight:bold">${escapeHtml(c.brand)}
<div style="font-size:13px;font-weight:normal;opacity:.9">You Shop, We Deliver</div></td></tr>
<tr><td style="padding:32px">
${p(c.greeting)}
${c.paragraphs.map(p).join('\n')}
${table}
${button}
${(c.after ?? []).map(p).join('\n')}
</td></tr>
<tr><td style="padding:16px 32px;background:#f5f7f8;font-size:12px;line-height:18px;color:#78909c">
${escapeHtml(c.brand)}, parcel forwarding from the UK to the Channel Islands.
<a href="${escapeHtml(c.siteUrl)}/" style="color:${BRAND_TEAL}">${escapeHtml(c.siteUrl.replace(/^https?:\/\//, ''))}</a>
</td></tr></table></td></tr></table></body></html>`;
  const text = [
    c.greeting,
    ...c.paragraphs,
    ...(c.table?.length ? [c.table.map((r) => `${r.label}: ${r.value}`).join('\n')] : []),
    ...(c.button ? [`${c.button.label}: ${c.button.url}`] : []),
    ...(c.after ?? []),
    `--\n${c.brand}, You Shop, We Deliver\n${c.siteUrl}/`,
  ].join('\n\n');
  return { subject: c.subject, html, text: `${text}\n` };
}
