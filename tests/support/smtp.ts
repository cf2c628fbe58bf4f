import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import PostalMime from 'postal-mime';
import { waitFor } from './wait';

type ParsedMail = Awaited<ReturnType<typeof PostalMime.parse>>;

export interface CapturedMail {
  raw: string;
  envelopeTo: string[];
  parsed: ParsedMail;
}

/**
 * A real SMTP server on 127.0.0.1 that keeps every message it receives (smtp-server, as a mail
 * provider would run it, minus TLS and authentication). Stop and start it again on the same port
 * to play a mail server that is down for a while.
 */
export class SmtpCapture {
  readonly messages: CapturedMail[] = [];
  port = 0;
  private server?: SMTPServer;

  async start(port = this.port): Promise<this> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks);
          PostalMime.parse(raw).then(
            (parsed) => {
              this.messages.push({
                raw: raw.toString('utf8'),
                envelopeTo: session.envelope.rcptTo.map((r) => r.address),
                parsed,
              });
              callback();
            },
            (err: Error) => callback(err),
          );
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    this.server = server;
    this.port = (server.server.address() as AddressInfo).port;
    return this;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** Waits for a message to this address (bounded, polling; no fixed sleep). */
  waitFor(to: string, timeoutMs = 15_000): Promise<CapturedMail> {
    return waitFor(() => this.messages.find((m) => m.envelopeTo.includes(to)), {
      timeoutMs,
      what: `an e-mail to ${to} over SMTP`,
    });
  }
}
