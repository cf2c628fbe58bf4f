import { differenceText } from '../../../shared/consolidation';
import { GST_ESTIMATE_ONLY } from '../../../shared/gst';
import { formatMoney } from '../../../shared/money';
import type { MailMessage } from '../../lib/mail';
import { customerMessage } from '../auth/emails';
import type { Site } from '../../config';

/**
 * What a customer is told about a consolidation (decision 0041), at every step: asked for, all
 * parcels in, a parcel late (go without it?), repacking started, dispatched as one (with the
 * difference refunded or invoiced), cancelled, and the office's reversal. Every message carries the
 * private tracking link of each booking in it.
 */

type To = { email: string; firstName: string };
export interface MailedConsignment {
  reference: string;
  orders: { reference: string; trackUrl: string }[];
}

const consolidationPageUrl = (site: Site) => `${site.publicUrl}/dashboard/consolidation`;

function message(
  site: Site,
  to: To,
  consignment: MailedConsignment,
  kind: string,
  subject: string,
  paragraphs: string[],
  after: string[] = [],
): MailMessage {
  return customerMessage(site, to, kind, {
    subject,
    paragraphs,
    button: { label: 'See your consolidation', url: consolidationPageUrl(site) },
    after,
    tracking: consignment.orders.map((o) => ({ reference: o.reference, url: o.trackUrl })),
  });
}

const list = (c: MailedConsignment) => c.orders.map((o) => o.reference).join(', ');

export const consolidationRequestedEmail = (
  site: Site,
  to: To,
  c: MailedConsignment,
  estimate: { bandName: string; differencePence: number },
  allIn: boolean,
) =>
  message(
    site,
    to,
    c,
    'consolidation-requested',
    `We will ship ${list(c)} together (${c.reference})`,
    [
      `You asked us to ship ${list(c)} together in one box, for the price of one crossing in our ${estimate.bandName} band: ${differenceText(estimate.differencePence)} on our estimate.`,
      allIn
        ? 'All the parcels are at our depot: we will repack them for the next sailing.'
        : 'We will repack them as soon as every parcel has reached our depot. You can cancel until we start repacking.',
    ],
    [
      'We weigh and measure the repacked box: the difference is worked out on it, refunded to your card or invoiced.',
    ],
  );

export const consolidationReadyEmail = (site: Site, to: To, c: MailedConsignment) =>
  message(
    site,
    to,
    c,
    'consolidation-ready',
    `All your parcels for ${c.reference} are at our depot`,
    [
      `Every parcel of ${list(c)} has arrived: we will repack them into one box for the next sailing.`,
    ],
  );

export const consolidationLateEmail = (
  site: Site,
  to: To,
  c: MailedConsignment,
  late: string[],
  days: number,
) =>
  message(
    site,
    to,
    c,
    'consolidation-late',
    `A parcel for ${c.reference} has not arrived: shall the rest go without it?`,
    [
      `The parcel for ${late.join(', ')} has not reached our depot ${days} days after you asked to ship your bookings together.`,
      'You can let the others go on without it (it will then travel on its own when it arrives), or keep waiting: choose on your consolidation page.',
    ],
  );

export const consolidationLeftOutEmail = (
  site: Site,
  to: To,
  c: MailedConsignment,
  leftOut: string,
  cancelled: boolean,
) =>
  message(
    site,
    to,
    c,
    'consolidation-left-out',
    cancelled
      ? `${c.reference} is cancelled: ${leftOut} goes on its own`
      : `${c.reference} goes on without ${leftOut}`,
    [
      `${leftOut} will travel on its own when its parcel arrives, as you booked it.`,
      cancelled
        ? 'Fewer than two bookings were left to ship together, so the consolidation is cancelled: each goes on its own as booked.'
        : `The rest (${list(c)}) will be repacked together as soon as they are all here.`,
    ],
  );

export const consolidationRepackingEmail = (site: Site, to: To, c: MailedConsignment) =>
  message(
    site,
    to,
    c,
    'consolidation-repacking',
    `We are repacking your parcels for ${c.reference}`,
    [
      `We have started repacking ${list(c)} into one box. We will email you the tracking number when it leaves on its sailing.`,
    ],
  );

export const consolidationDispatchedEmail = (
  site: Site,
  to: To,
  c: MailedConsignment,
  facts: {
    carrierName: string;
    trackingNumber: string;
    trackingUrl: string | null;
    date: string;
    bandName: string;
    differencePence: number;
    invoice: { id: number; reference: string } | null;
    /** The box, with their other parcels on the sailing, crosses the island's GST threshold. */
    gstWarning: string | null;
  },
) =>
  message(
    site,
    to,
    c,
    'consolidation-dispatched',
    `${c.reference} is on its way: ${list(c)} in one box`,
    [
      `Your parcels ${list(c)} left our depot together on the sailing of ${facts.date}, with ${facts.carrierName}: tracking number ${facts.trackingNumber}.`,
      facts.differencePence < 0
        ? `The box went as one crossing in our ${facts.bandName} band, so ${formatMoney(-facts.differencePence)} is being refunded to the card you paid with.`
        : facts.differencePence > 0
          ? `The repacked box fits our ${facts.bandName} band, which comes to ${formatMoney(facts.differencePence)} more than you paid: invoice ${facts.invoice?.reference}, to pay at ${site.publicUrl}/dashboard/pay/${facts.invoice?.id}.`
          : `The box went as one crossing in our ${facts.bandName} band, for exactly what you paid.`,
      ...(facts.gstWarning ? [`${facts.gstWarning} ${GST_ESTIMATE_ONLY}`] : []),
    ],
    facts.trackingUrl ? [`Follow it at ${facts.trackingUrl}`] : [],
  );

export const consolidationCancelledEmail = (site: Site, to: To, c: MailedConsignment) =>
  message(site, to, c, 'consolidation-cancelled', `${c.reference} is cancelled`, [
    `We will no longer ship ${list(c)} together: each goes on its own as you booked it. Nothing was charged for the consolidation.`,
  ]);

export const consolidationReversedEmail = (
  site: Site,
  to: To,
  c: MailedConsignment,
  what: string,
) => message(site, to, c, 'consolidation-reversed', `A correction to ${c.reference}`, [what]);
