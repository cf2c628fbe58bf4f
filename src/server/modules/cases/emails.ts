import type { MailMessage } from '../../lib/mail';
import { orderMessage, type Site } from '../auth/emails';

/** The order's page in My Account, where the customer follows the case. */
export const orderPageUrl = (site: Site, orderId: number) =>
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
