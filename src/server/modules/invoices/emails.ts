import { formatMoney } from '../../../shared/money';
import type { MailMessage } from '../../lib/mail';
import { customerMessage, orderPageUrl, payInvoiceUrl } from '../auth/emails';
import type { Site } from '../../config';

/** What the invoices tell a customer: storage charged by invoice (./storage-charges.ts). */

type To = { email: string; firstName: string };

/** A parcel booked after its free days: the storage it ran up is invoiced before it sails. */
export function storageInvoiceEmail(
  site: Site,
  to: To,
  order: { id: number; reference: string },
  invoice: { id: number; reference: string; amountPence: number; days: number },
): MailMessage {
  return customerMessage(site, to, 'storage-invoice', {
    subject: `${formatMoney(invoice.amountPence)} of storage to pay before ${order.reference} can sail`,
    paragraphs: [
      `Thank you for booking ${order.reference}. Its parcel waited at our depot ${invoice.days} day${invoice.days === 1 ? '' : 's'} past the free storage period, so ${formatMoney(invoice.amountPence)} of storage is to pay (invoice ${invoice.reference}, terms and conditions section 10.2).`,
      'We are keeping the parcel safe at the depot, and it will leave on the next sailing once this is paid.',
    ],
    button: { label: 'Pay the storage', url: payInvoiceUrl(site, invoice.id) },
    after: [`You can also see the order at ${orderPageUrl(site, order.id)}`],
  });
}

/**
 * The storage a booked parcel ran up while it waited for its customer (an invoice or a quote to
 * pay, the other parcels of a consolidation), invoiced when the wait ended (decision 0037). The
 * parcel is not held for it: it goes on as planned, and the invoice is paid like any other.
 */
export function storageAfterWaitInvoiceEmail(
  site: Site,
  to: To,
  order: { id: number; reference: string },
  invoice: { id: number; reference: string; amountPence: number; days: number },
): MailMessage {
  return customerMessage(site, to, 'storage-invoice', {
    subject: `${formatMoney(invoice.amountPence)} of storage for ${order.reference}`,
    paragraphs: [
      `The parcel of ${order.reference} waited at our depot ${invoice.days} more day${invoice.days === 1 ? '' : 's'} past the free storage period before it could go on, so ${formatMoney(invoice.amountPence)} of storage is to pay (invoice ${invoice.reference}, terms and conditions section 10.2).`,
      'We are not holding the parcel for this: it goes on as planned. Please pay the invoice at your convenience.',
    ],
    button: { label: 'Pay the storage', url: payInvoiceUrl(site, invoice.id) },
    after: [`You can also see the order at ${orderPageUrl(site, order.id)}`],
  });
}
