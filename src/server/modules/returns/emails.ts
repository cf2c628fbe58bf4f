import { formatMoney } from '../../../shared/money';
import type { MailMessage } from '../../lib/mail';
import { orderMessage, type TrackedOrder, orderPageUrl, payInvoiceUrl } from '../auth/emails';
import type { Site } from '../../config';

/** What a return to the retailer tells the customer (decision 0039). */

type To = { email: string; firstName: string };

/** The return is asked: with their label, or with ours to pay for first. */
export function returnAskedEmail(
  site: Site,
  to: To,
  order: TrackedOrder,
  invoice: { id: number; reference: string; amountPence: number } | null,
): MailMessage {
  return orderMessage(site, to, order, 'return-asked', {
    subject: `We will return the parcel for ${order.reference} to the retailer`,
    paragraphs: [
      `You asked us to send the parcel for ${order.reference} back to the retailer instead of to the island. It stays at our depot and will not sail.`,
      invoice
        ? `We will buy the return label for you: ${formatMoney(invoice.amountPence)} (invoice ${invoice.reference}). We send the parcel back once it is paid.`
        : 'We have your return label and will send the parcel back with it.',
      'Once it is on its way back, we refund what you paid for the crossing.',
    ],
    button: invoice
      ? { label: 'Pay for the label', url: payInvoiceUrl(site, invoice.id) }
      : { label: 'See your order', url: orderPageUrl(site, order.id) },
  });
}

/** The parcel is on its way back: the carrier, its tracking number and the refund. */
export function returnedEmail(
  site: Site,
  to: To,
  order: TrackedOrder,
  sent: { carrier: string; trackingNumber: string; refundPence: number },
): MailMessage {
  return orderMessage(site, to, order, 'returned-to-retailer', {
    subject: `The parcel for ${order.reference} is on its way back to the retailer`,
    paragraphs: [
      `We have sent the parcel for ${order.reference} back to the retailer with ${sent.carrier}, tracking number ${sent.trackingNumber}.`,
      sent.refundPence > 0
        ? `We are refunding ${formatMoney(sent.refundPence)} for the unused crossing to the card you paid with. Banks usually show it within 5 to 10 working days.`
        : 'Nothing paid for the crossing was left to refund.',
    ],
    button: { label: 'See your order', url: orderPageUrl(site, order.id) },
  });
}

/** The customer withdrew their return: the parcel goes on to the island as booked. */
export function returnWithdrawnEmail(
  site: Site,
  to: To,
  order: TrackedOrder,
  label: { reference: string; refundPence: number; voided: boolean } | null,
): MailMessage {
  return orderMessage(site, to, order, 'return-withdrawn', {
    subject: `You withdrew the return of the parcel for ${order.reference}`,
    paragraphs: [
      `You withdrew your request to send the parcel for ${order.reference} back to the retailer. It stays booked to the island and leaves on a coming sailing as usual.`,
      ...(label === null
        ? []
        : label.refundPence > 0
          ? [
              `We had not bought the return label yet, so we are refunding the ${formatMoney(label.refundPence)} you paid for it (invoice ${label.reference}) to the card you paid with.`,
            ]
          : label.voided
            ? [
                `We had not bought the return label, so its invoice ${label.reference} is cancelled.`,
              ]
            : []),
    ],
    button: { label: 'See your order', url: orderPageUrl(site, order.id) },
  });
}
