import { formatMoney } from '../../../shared/money';
import type { MailMessage } from '../../lib/mail';
import {
  orderMessage,
  type TrackedOrder,
  orderPageUrl,
  payInvoiceUrl,
  seeOrder,
} from '../auth/emails';
import type { Site } from '../../config';
import { refundWords } from '../payments/emails';

/**
 * What the office tells a customer (decision 0018): an order cancelled (and refunded), money given
 * back, an invoice raised, a reminder, an invoice cancelled, a reply on a missing-items case and
 * its resolution. Each links to the order's page, where the same change shows.
 */

type To = { email: string; firstName: string };
type Order = TrackedOrder;
type InvoiceFacts = { id: number; reference: string; reason: string; amountPence: number };

export function orderCancelledEmail(
  site: Site,
  to: To,
  order: Order,
  { reason, refundedPence }: { reason: string; refundedPence: number },
): MailMessage {
  return orderMessage(site, to, order, 'order-cancelled', {
    subject: `Your ${site.brand} order ${order.reference} is cancelled`,
    paragraphs: [
      `We have cancelled your order ${order.reference}.`,
      reason,
      ...(refundedPence > 0 ? [refundWords(refundedPence)] : []),
    ],
    button: seeOrder(site, order),
  });
}

export function invoiceEmail(
  site: Site,
  to: To,
  order: Order,
  invoice: InvoiceFacts,
  reminder: boolean,
): MailMessage {
  return orderMessage(site, to, order, reminder ? 'invoice-reminder' : 'invoice', {
    subject: reminder
      ? `Reminder: invoice ${invoice.reference} for your order ${order.reference} is unpaid`
      : `Invoice ${invoice.reference} for your order ${order.reference}`,
    paragraphs: [
      reminder
        ? `This is a reminder that invoice ${invoice.reference} on your order ${order.reference} has not been paid yet.`
        : `We have raised invoice ${invoice.reference} on your order ${order.reference}.`,
    ],
    table: [
      { label: 'For', value: invoice.reason },
      { label: 'Amount', value: formatMoney(invoice.amountPence), strong: true },
    ],
    button: { label: 'Pay the invoice', url: payInvoiceUrl(site, invoice.id) },
    after: [`You can also see the order at ${orderPageUrl(site, order.id)}`],
  });
}

export function invoiceVoidedEmail(
  site: Site,
  to: To,
  order: Order,
  invoice: InvoiceFacts,
): MailMessage {
  return orderMessage(site, to, order, 'invoice-void', {
    subject: `Invoice ${invoice.reference} is cancelled: nothing to pay`,
    paragraphs: [
      `We have cancelled invoice ${invoice.reference} (${formatMoney(invoice.amountPence)}) on your order ${order.reference}. There is nothing to pay for it.`,
    ],
    button: seeOrder(site, order),
  });
}

export function caseEmail(
  site: Site,
  to: To,
  order: Order,
  {
    caseReference,
    message,
    resolved,
    refundPence,
  }: {
    caseReference: string;
    message: string;
    resolved: boolean;
    refundPence: number;
  },
): MailMessage {
  return orderMessage(site, to, order, resolved ? 'case-resolved' : 'case-reply', {
    subject: resolved
      ? `${caseReference}: your missing-items case is resolved`
      : `${caseReference}: our reply about ${order.reference}`,
    paragraphs: [message, ...(refundPence > 0 ? [refundWords(refundPence)] : [])],
    button: seeOrder(site, order),
    after: [`Please quote ${caseReference} if you contact us.`],
  });
}
