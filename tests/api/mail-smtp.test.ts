import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestContext } from '../support/app';
import { bearer, registerCustomer } from '../support/accounts';
import { SmtpCapture } from '../support/smtp';
import { waitFor } from '../support/wait';
import { readOutbox } from '../../src/server/lib/mail';

const smtp = new SmtpCapture();
let ctx: TestContext;
beforeAll(async () => {
  await smtp.start(0);
  ctx = await createTestApp(
    {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Ferrybox <hello@ferrybox.test>',
      PUBLIC_URL: 'https://ferrybox.test',
    },
    // retry a failed message after about a second instead of a minute
    { mailQueue: { retryDelay: 1 } },
  );
});
afterAll(async () => {
  await ctx.close();
  await smtp.stop();
});

/** The newest message of the mail outbox, with its attempts and whether it was sent. */
async function lastMail() {
  const { rows } = await ctx.database.executeSql(
    `select id, attempts, sent_at is not null as sent, claimed_until is null as idle
     from mail_outbox order by id desc limit 1`,
  );
  return rows[0] as { id: number; attempts: number; sent: boolean; idle: boolean } | undefined;
}

describe('e-mail over SMTP (SMTP_URL)', () => {
  test('the welcome message reaches the mail server through the queue', async () => {
    const { email } = await registerCustomer(ctx, { FirstName: 'Ada' });
    const mail = await smtp.waitFor(email);
    const { parsed, raw } = mail;
    expect(parsed.subject).toBe('Welcome to Ferrybox: please confirm your email address');
    expect(parsed.from).toMatchObject({ address: 'hello@ferrybox.test', name: 'Ferrybox' });
    expect(parsed.to?.map((t) => t.address)).toEqual([email]);
    expect(raw).toMatch(/Content-Type: multipart\/alternative/i);
    expect(raw).toMatch(/Content-Type: text\/plain/i);
    expect(raw).toMatch(/Content-Type: text\/html/i);

    const link = /https:\/\/ferrybox\.test\/validate-email\/[\w-]{43}/.exec(parsed.text ?? '')?.[0];
    expect(link).toBeDefined();
    expect(parsed.text).toMatch(/^Hello Ada,/);
    expect(parsed.html).toContain(`href="${link}"`);
    expect(parsed.html).toContain('#00796b'); // the brand's teal
    expect(parsed.html).toContain('Ferrybox');
    // SMTP configured: nothing is written to the outbox
    expect(await readOutbox(ctx.config.outboxDir)).toEqual([]);

    // and the link works
    const token = link!.split('/validate-email/')[1];
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/public/auth/validated-email',
      payload: { token },
    });
    expect(res.statusCode).toBe(200);
  });

  test('a mail server that is down delays the message; none is lost', async () => {
    const { token, email } = await registerCustomer(ctx);
    await smtp.waitFor(email); // the welcome message

    await smtp.stop();
    const before = smtp.messages.length;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/public/auth/request-validate-email',
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);

    // the first attempt fails and the message waits for a retry
    const failed = await waitFor(
      async () => {
        const mail = await lastMail();
        return mail && !mail.sent && mail.idle && mail.attempts >= 1 ? mail : undefined;
      },
      { what: 'the message to fail and wait for a retry' },
    );
    expect(smtp.messages.length).toBe(before);

    await smtp.start(); // back on the same port
    const mail = await waitFor(
      () =>
        smtp.messages.find(
          (m) => m.envelopeTo.includes(email) && m.parsed.subject?.startsWith('Please confirm'),
        ),
      { timeoutMs: 20_000, what: 'the delayed e-mail' },
    );
    expect(mail.parsed.text).toMatch(/\/validate-email\/[\w-]{43}/);
    const done = await waitFor(async () => {
      const mail = await lastMail();
      return mail?.id === failed.id && mail.sent ? mail : undefined;
    });
    expect(done.attempts).toBeGreaterThanOrEqual(2);
  });
});
