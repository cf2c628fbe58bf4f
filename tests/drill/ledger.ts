import type { Database } from '../../src/server/db/client';
import type { SmtpCapture } from '../support/smtp';
import { moneyAgrees, moneyTotals } from '../support/money-races';
import { waitFor } from '../support/wait';
import { REFUND_PENCE, type Driver } from './load';

/**
 * After the drill's load (docs/decisions/0046): what the customers and the office were told,
 * what the sandbox provider holds and what we hold, and the e-mails: the outbox counted against
 * what should have been sent, and what the mail server received counted against the outbox.
 */

type Rows = Record<string, unknown>[];

/**
 * Waits (up to `timeoutMs`) until the background work is done: every payment the provider took
 * booked, no refund left pending (the follow-up asks again after a minute), every e-mail sent and
 * received by the mail server. Answers what is still outstanding when time runs out.
 */
export async function settle(database: Database, smtp: SmtpCapture, timeoutMs: number) {
  const outstanding = async () => {
    const [row] = (
      await database.executeSql(`select
        (select count(*)::int from sandbox_sessions s join payments p on p.reference = s.client_reference
          where s.status = 'complete' and p.status <> 'paid') as "unbooked",
        (select count(*)::int from refunds where status = 'pending') as "pendingRefunds",
        (select count(*)::int from mail_outbox where sent_at is null) as "unsentMail",
        (select count(*)::int from mail_outbox) as "outbox"`)
    ).rows as { unbooked: number; pendingRefunds: number; unsentMail: number; outbox: number }[];
    const { outbox, ...rest } = row;
    return { ...rest, notReceived: outbox - smtp.messages.length };
  };
  try {
    await waitFor(
      async () => Object.values(await outstanding()).every((n) => n === 0) || undefined,
      { what: 'the payments, refunds and e-mails to settle', timeoutMs, intervalMs: 500 },
    );
  } catch {
    // reported with the figures
  }
  return outstanding();
}

/** Money and e-mails compared; `problems` is empty when nothing was lost or doubled. */
export async function compare(database: Database, smtp: SmtpCapture, driver: Driver) {
  const rows = async (text: string) => (await database.executeSql(text)).rows as Rows;
  const problems: string[] = await moneyAgrees({ database });
  const totals = await moneyTotals({ database });

  // Every payment a customer was told was taken is paid with us (and, above, at the provider).
  const payments = (await rows(`select reference, status, kind from payments`)) as {
    reference: string;
    status: string;
    kind: string;
  }[];
  const paidHere = new Set(payments.filter((p) => p.status === 'paid').map((p) => p.reference));
  for (const reference of driver.paid) {
    if (!paidHere.has(reference))
      problems.push(`${reference}: the customer paid, we hold no payment`);
  }
  const checkoutPayments = payments.filter((p) => p.kind === 'checkout').length;
  if (checkoutPayments !== driver.checkouts.size) {
    problems.push(`${driver.checkouts.size} checkouts answered, ${checkoutPayments} payments made`);
  }

  // Each order the office refunded holds one refund of £1.00, made.
  const refunds = (await rows(
    `select order_id as "orderId", amount_pence as "pence", status from refunds`,
  )) as { orderId: number; pence: number; status: string }[];
  for (const id of driver.refunded) {
    const mine = refunds.filter((r) => r.orderId === id && r.status !== 'failed');
    if (mine.length !== 1 || mine[0].pence !== REFUND_PENCE || mine[0].status !== 'succeeded') {
      problems.push(
        `order ${id}: refunds ${JSON.stringify(mine)}, one of ${REFUND_PENCE} made wanted`,
      );
    }
  }
  const madeRefunds = refunds.filter((r) => r.status === 'succeeded').length;
  if (madeRefunds !== driver.refunded.size) {
    problems.push(`${driver.refunded.size} refunds asked, ${madeRefunds} made`);
  }

  // The e-mails that should have been queued: a receipt for each payment taken, a refund e-mail
  // for each refund made, each once.
  const outbox = (await rows(
    `select id, kind, message->>'subject' as subject, sent_at is not null as sent from mail_outbox`,
  )) as { id: number; kind: string; subject: string; sent: boolean }[];
  const ofKind = (kind: string) => outbox.filter((m) => m.kind === kind);
  const twice = (kind: string) => {
    const subjects = ofKind(kind).map((m) => m.subject);
    return subjects.filter((s, i) => subjects.indexOf(s) !== i);
  };
  const expected = { receipt: paidHere.size, refund: madeRefunds };
  for (const [kind, count] of Object.entries(expected)) {
    if (ofKind(kind).length !== count) {
      problems.push(`${count} e-mails of kind ${kind} wanted, ${ofKind(kind).length} queued`);
    }
    for (const subject of twice(kind)) problems.push(`e-mail queued twice: ${subject}`);
  }

  // Every queued e-mail reached the mail server once: its Message-ID names its outbox row.
  const received = smtp.messages.map((m) => Number(/-(\d+)@/.exec(m.parsed.messageId ?? '')?.[1]));
  const receivedTwice = received.filter((id, i) => received.indexOf(id) !== i);
  const notReceived = outbox.filter((m) => !received.includes(m.id));
  for (const id of new Set(receivedTwice)) problems.push(`e-mail ${id} received twice`);
  for (const m of notReceived) problems.push(`e-mail ${m.id} (${m.kind}) never received`);

  return {
    problems,
    money: {
      paymentsTold: driver.paid.size,
      paymentsPaid: paidHere.size,
      takenAtProviderPence: totals.takenAtProvider,
      paidPence: totals.paid,
      refundsAsked: driver.refunded.size,
      refundsMade: madeRefunds,
      givenAtProviderPence: totals.givenAtProvider,
      refundedPence: totals.refunded,
    },
    emails: {
      receiptsWanted: expected.receipt,
      receiptsQueued: ofKind('receipt').length,
      refundEmailsWanted: expected.refund,
      refundEmailsQueued: ofKind('refund').length,
      outbox: outbox.length,
      received: received.length,
      receivedTwice: receivedTwice.length,
      notReceived: notReceived.length,
    },
  };
}
