import type { MailMessage } from '../../lib/mail';
import { customerMessage } from '../auth/emails';
import type { Site } from '../../config';

/**
 * What a customer is told when their parcels' sailing changes (docs/decisions/0049): one message
 * per customer per change, however many of their parcels it moves, each parcel with its new
 * arrival in words and its tracking link.
 */

type To = { email: string; firstName: string };

/** One of the customer's parcels the change moved. */
export interface MovedParcel {
  orderId: number;
  reference: string;
  trackUrl: string;
  /** Its plan in words (`planInWords`), without what moved it (the message says that once). */
  words: string;
}

/** Why the parcels moved, told once at the top. */
export type Headline =
  | { kind: 'cancelled' | 'changed'; sailing: string; island: string; reason: string }
  | { kind: 'restored'; sailing: string; island: string }
  | { kind: 'missed'; sailing: string }
  /** A change to the timetable (an extra sailing, a route's capacity or pattern, a closing day). */
  | { kind: 'timetable'; change: string };

function opening(h: Headline, one: boolean): string {
  const reason = 'reason' in h && h.reason ? ` (${h.reason.replace(/[.\s]+$/, '')})` : '';
  const yours = one ? 'your parcel' : 'your parcels';
  const are = one ? 'is' : 'are';
  switch (h.kind) {
    case 'cancelled':
      return `The sailing of ${h.sailing} to ${h.island} is cancelled${reason}. We have moved ${yours} to the next sailing with room.`;
    case 'changed':
      return `The sailing of ${h.sailing} to ${h.island} has changed${reason}. Here is when ${yours} now ${one ? 'arrives' : 'arrive'}.`;
    case 'restored':
      return `Good news: the sailing of ${h.sailing} to ${h.island} is running after all. Your ${one ? 'parcel' : 'parcels'} ${are} back on the first sailing with room.`;
    case 'timetable':
      return `${h.change} Here is when ${yours} now ${one ? 'arrives' : 'arrive'}.`;
    case 'missed':
      return `Your ${one ? 'parcel' : 'parcels'} did not leave on the sailing of ${h.sailing} as we planned. ${one ? 'It is' : 'They are'} on the next sailing with room.`;
  }
}

const SUBJECT: Record<Headline['kind'], string> = {
  cancelled: 'Your parcels’ sailing is cancelled: new arrival dates',
  changed: 'Your parcels’ sailing has changed: new arrival dates',
  restored: 'Your parcels’ sailing is running again: new arrival dates',
  missed: 'Your parcels are on the next sailing: new arrival dates',
  timetable: 'Our sailings have changed: your parcels’ new arrival dates',
};

export function sailingChangedEmail(
  site: Site,
  to: To,
  headline: Headline,
  moved: readonly MovedParcel[],
): MailMessage {
  const one = moved.length === 1;
  return customerMessage(site, to, `sailing-${headline.kind}`, {
    subject: one ? SUBJECT[headline.kind].replace('parcels’', 'parcel’s') : SUBJECT[headline.kind],
    paragraphs: [opening(headline, one), ...moved.map((m) => `${m.reference}: ${m.words}`)],
    button: { label: 'See your orders', url: `${site.publicUrl}/dashboard/orders/` },
    after: ['You need do nothing: we will e-mail you the tracking link when it leaves.'],
    tracking: moved.map((m) => ({ reference: m.reference, url: m.trackUrl })),
  });
}
