import type { MailMessage } from '../../lib/mail';
import { orderMessage } from '../auth/emails';
import type { Site } from '../../config';

/** The order's page in My Account, where the customer follows the case. */
const orderPageUrl = (site: Site, orderId: number) =>
  `${site.publicUrl}/dashboard/orders/${orderId}/`;

/**
 * The acknowledgement of a missing-items report: the case reference, what the customer said,
 * and a link to the order's page, where the case and the office's replies show.
 */
export function missingItemsEmail(
  site: Site,
  to: { email: string; firstName: string },
  report: {
    caseReference: string;
    orderId: number;
    orderReference: string;
    /** The order's private tracking page. */
    trackUrl: string;
    description: string;
    opened: boolean;
  },
): MailMessage {
  const { caseReference, orderReference } = report;
  return orderMessage(
    site,
    to,
    { id: report.orderId, reference: orderReference, trackUrl: report.trackUrl },
    'missing-items',
    {
      subject: `${caseReference}: we have your report about ${orderReference}`,
      paragraphs: [
        report.opened
          ? `We are sorry that something is missing from your delivery ${orderReference}. We have opened case ${caseReference} and will look into it.`
          : `We have added your message to case ${caseReference} about your delivery ${orderReference}.`,
        'What you told us:',
        report.description,
      ],
      button: { label: 'See your order', url: orderPageUrl(site, report.orderId) },
      after: [
        `Our customer care team will reply by email, usually within two working days. Please quote ${caseReference} if you contact us.`,
      ],
    },
  );
}

type To = { email: string; firstName: string };
type Tracked = { id: number; reference: string; trackUrl: string };

/** A message about a dispute: its paragraphs, the order's page, and the case to quote. */
const disputeMessage = (
  site: Site,
  to: To,
  order: Tracked,
  kind: string,
  caseReference: string,
  subject: string,
  paragraphs: string[],
): MailMessage =>
  orderMessage(site, to, order, kind, {
    subject: `${caseReference}: ${subject}`,
    paragraphs,
    button: { label: 'See your order', url: orderPageUrl(site, order.id) },
    after: [`Please quote ${caseReference} if you contact us.`],
  });

/** The acknowledgement of a disputed invoice (decision 0038): the case, the hold, the window. */
export function disputeOpenedEmail(
  site: Site,
  to: To,
  order: Tracked,
  facts: { caseReference: string; invoiceReference: string; message: string },
): MailMessage {
  return disputeMessage(
    site,
    to,
    order,
    'dispute-opened',
    facts.caseReference,
    `we have your dispute of ${facts.invoiceReference}`,
    [
      `We have opened case ${facts.caseReference} about invoice ${facts.invoiceReference} on your order ${order.reference}. We will look at the arrival photos and measure your parcel again.`,
      'While we do, we will not remind you to pay the invoice, and your parcel stays at our depot.',
      'What you told us:',
      facts.message,
    ],
  );
}

/** The staff's re-measure of a disputed parcel. */
export function disputeRemeasuredEmail(
  site: Site,
  to: To,
  order: Tracked,
  facts: { caseReference: string; measured: string },
): MailMessage {
  return disputeMessage(
    site,
    to,
    order,
    'dispute-remeasured',
    facts.caseReference,
    `we measured your parcel again`,
    [
      `We measured your parcel for order ${order.reference} again: ${facts.measured}. The new photos are on your order's page.`,
      'We will tell you what we decide about the invoice.',
    ],
  );
}

/** The decision on a dispute: upheld, reduced or cancelled, with any refund. */
export function disputeDecidedEmail(
  site: Site,
  to: To,
  order: Tracked,
  facts: { caseReference: string; invoiceReference: string; outcome: string; message: string },
): MailMessage {
  return disputeMessage(
    site,
    to,
    order,
    'dispute-decided',
    facts.caseReference,
    `our decision on invoice ${facts.invoiceReference}`,
    [facts.outcome, ...(facts.message ? [facts.message] : [])],
  );
}

/** A dispute staff have not decided in the days they have: an apology, the parcel safe. */
export function disputeOverdueEmail(
  site: Site,
  to: To,
  order: Tracked,
  facts: { caseReference: string; invoiceReference: string; message: string },
): MailMessage {
  return disputeMessage(
    site,
    to,
    order,
    'dispute-overdue',
    facts.caseReference,
    `we are late deciding your dispute of ${facts.invoiceReference}`,
    [facts.message],
  );
}
