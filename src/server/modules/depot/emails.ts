import { GST_ESTIMATE_ONLY } from '../../../shared/gst';
import { formatMoney } from '../../../shared/money';
import type { MailAttachment, MailMessage } from '../../lib/mail';
import {
  customerMessage,
  orderMessage,
  orderPageUrl,
  payInvoiceUrl,
  type TrackedOrder,
} from '../auth/emails';
import type { Site } from '../../config';

/**
 * What the depot tells a customer (decision 0020): their parcel arrived (with its photo, inline),
 * it is held for excess carriage (pay at /dashboard/pay/{invoiceId}) or for the office to quote, it
 * arrived without a booking (please book it), and it left on a sailing (with the tracking link).
 */

type To = { email: string; firstName: string };

export interface EmailPhoto {
  contentType: string;
  data: Buffer;
}

const PHOTO_CID = 'parcel-photo@ferrybox';
const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

type Content = Parameters<typeof customerMessage>[3];

/**
 * A customer message with the parcel's first photo shown in it (attached, referred to by its
 * Content-ID), when there is one.
 */
function withPhoto(
  site: Site,
  to: To,
  kind: string,
  content: Content,
  photo: EmailPhoto | undefined,
  name: string,
  order?: TrackedOrder,
): MailMessage {
  const message = (c: Content) =>
    order ? orderMessage(site, to, order, kind, c) : customerMessage(site, to, kind, c);
  if (!photo) return message(content);
  const attachment: MailAttachment = {
    filename: `${name}.${EXTENSIONS[photo.contentType] ?? 'img'}`,
    contentType: photo.contentType,
    content: photo.data.toString('base64'),
    cid: PHOTO_CID,
  };
  const image = { cid: PHOTO_CID, alt: 'Your parcel at our depot' };
  return { ...message({ ...content, image }), attachments: [attachment] };
}

export function parcelArrivedEmail(
  site: Site,
  to: To,
  order: TrackedOrder,
  photo?: EmailPhoto,
): MailMessage {
  return withPhoto(
    site,
    to,
    'parcel-arrived',
    {
      subject: `Your parcel for ${order.reference} has arrived at our depot`,
      paragraphs: [
        `Good news: your parcel for ${order.reference} has arrived at our depot in Portsmouth. It is measured, photographed and waiting for the next sailing to the island.`,
      ],
      button: { label: 'See your order', url: orderPageUrl(site, order.id) },
      after: ['We will email you again with the tracking link when it leaves for the island.'],
    },
    photo,
    `parcel-${order.reference}`,
    order,
  );
}

export function parcelHeldEmail(
  site: Site,
  to: To,
  order: TrackedOrder,
  excess: { invoiceId: number; invoiceReference: string; bandName: string; amountPence: number },
  photo?: EmailPhoto,
): MailMessage {
  return withPhoto(
    site,
    to,
    'parcel-held',
    {
      subject: `Your parcel for ${order.reference} has arrived: ${formatMoney(excess.amountPence)} to pay before it can sail`,
      paragraphs: [
        `Your parcel for ${order.reference} has arrived at our depot in Portsmouth, but it is larger or heavier than the price band you booked.`,
        `It fits our ${excess.bandName} band, so ${formatMoney(excess.amountPence)} of carriage is still to pay (invoice ${excess.invoiceReference}). We are keeping your parcel safe at the depot, and it will leave on the next sailing once this is paid.`,
      ],
      button: { label: 'Pay the difference', url: payInvoiceUrl(site, excess.invoiceId) },
      after: [`You can also see the order at ${orderPageUrl(site, order.id)}`],
    },
    photo,
    `parcel-${order.reference}`,
    order,
  );
}

export function parcelNeedsQuoteEmail(
  site: Site,
  to: To,
  order: TrackedOrder,
  photo?: EmailPhoto,
): MailMessage {
  return withPhoto(
    site,
    to,
    'parcel-needs-quote',
    {
      subject: `Your parcel for ${order.reference} has arrived: we will send you a price`,
      paragraphs: [
        `Your parcel for ${order.reference} has arrived at our depot in Portsmouth, but it is larger or heavier than the delivery you booked, and larger than our price bands.`,
        'Our office will work out the price of its carriage and email you. We are keeping your parcel safe at the depot until then.',
      ],
      button: { label: 'See your order', url: orderPageUrl(site, order.id) },
    },
    photo,
    `parcel-${order.reference}`,
    order,
  );
}

export function unbookedParcelEmail(
  site: Site,
  to: To,
  parcel: { id: number; inboundTrackingNumber: string },
  photo?: EmailPhoto,
): MailMessage {
  const tracking = parcel.inboundTrackingNumber;
  return withPhoto(
    site,
    to,
    'parcel-unbooked',
    {
      subject: 'A parcel for you has arrived at our depot: please book its delivery',
      paragraphs: [
        `A parcel addressed to you has arrived at our depot in Portsmouth${tracking ? ` (courier tracking number ${tracking})` : ''}, but we have no delivery booked for it.`,
        `Please book its delivery to the island${tracking ? ', giving this tracking number when you book,' : ''} so that we can send it on. We are keeping it safe at the depot until then.`,
      ],
      button: { label: 'Book its delivery', url: `${site.publicUrl}/order/` },
    },
    photo,
    `parcel-${parcel.id}`,
  );
}

export function parcelDispatchedEmail(
  site: Site,
  to: To,
  order: TrackedOrder & { island: string },
  sailing: {
    carrierName: string;
    trackingNumber: string;
    trackingUrl: string | null;
    date: string;
    /** Its parcels on this sailing, valued together, cross the island's GST threshold. */
    gstWarning: string | null;
  },
): MailMessage {
  return orderMessage(site, to, order, 'parcel-dispatched', {
    subject: `Your parcel for ${order.reference} is on its way to ${order.island}`,
    paragraphs: [
      `Your parcel for ${order.reference} left our depot on the sailing of ${sailing.date} with ${sailing.carrierName}, tracking number ${sailing.trackingNumber}.`,
      ...(sailing.trackingUrl ? [`Follow it here: ${sailing.trackingUrl}`] : []),
      'Its export certificate, your proof that the goods left the UK, can now be downloaded from your order.',
      ...(sailing.gstWarning ? [`${sailing.gstWarning} ${GST_ESTIMATE_ONLY}`] : []),
    ],
    button: { label: 'See your order', url: orderPageUrl(site, order.id) },
  });
}

// --- the storage clock (decision 0037)
// -----------------------------------------------------------------

const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/London',
  });

/** A booked parcel held at the depot for an unpaid invoice: its order. */
/** The booking a parcel waits in (null: unbooked), and what it waits for (src/shared/storage.ts). */
type HeldOrder = { id: number; reference: string; wait: 'invoice' | 'consolidation' } | null;

const WAIT_WORDS = {
  unbooked: {
    waiting: 'without a delivery booked',
    until: 'until you book its delivery',
    act: 'Book its delivery',
  },
  invoice: {
    waiting: 'for its invoice to be paid',
    until: 'until its invoice is paid',
    act: 'Pay its invoice',
  },
  consolidation: {
    waiting: 'for your other parcels to arrive, to be shipped together with them',
    until: 'until your other parcels have arrived (or you send it on its own)',
    act: 'Send it on its own or cancel the request',
  },
} as const;
const wordsOf = (held: HeldOrder) => WAIT_WORDS[held?.wait ?? 'unbooked'];

const waitingWords = (tracking: string, held: HeldOrder) =>
  `Your parcel${tracking ? ` (courier tracking number ${tracking})` : ''}${held ? ` for ${held.reference}` : ''} is still waiting at our depot ${wordsOf(held).waiting}.`;
const action = (site: Site, held: HeldOrder) =>
  !held
    ? { label: 'Book its delivery', url: `${site.publicUrl}/order/` }
    : held.wait === 'invoice'
      ? { label: 'Pay the invoice', url: orderPageUrl(site, held.id) }
      : { label: 'See your request', url: `${site.publicUrl}/dashboard/consolidation/` };

/**
 * Days before a parcel's storage charges start (or, caught up after the job missed its days,
 * since they started): what they are, and how to stop them.
 */
export function storageChargesSoonEmail(
  site: Site,
  to: To,
  parcel: { id: number; inboundTrackingNumber: string },
  clock: { ChargesFrom: string; ChargePerDay: number; AbandonableFrom: string; Phase: string },
  held: HeldOrder = null,
): MailMessage {
  const started = clock.Phase !== 'free';
  const perDay = `${formatMoney(Math.round(clock.ChargePerDay * 100))} a day`;
  const until = wordsOf(held).until;
  return customerMessage(site, to, 'storage-charges-soon', {
    subject: started
      ? 'Storage charges have started for your parcel at our depot'
      : 'Storage charges start soon for your parcel at our depot',
    paragraphs: [
      `${waitingWords(parcel.inboundTrackingNumber, held)} We hold parcels free of charge for a while after they arrive; for this one that ${started ? 'ended' : 'ends'} on ${longDate(clock.ChargesFrom)}.`,
      `${started ? 'Since then' : 'From then on'} storage costs ${perDay} ${until}, and it must be paid before the parcel leaves. If it is still waiting on ${longDate(clock.AbandonableFrom)}, we may treat it as abandoned.`,
    ],
    button: action(site, held),
  });
}

/** Days before a parcel may be treated as abandoned (or, caught up, since it may be). */
export function storageAbandonSoonEmail(
  site: Site,
  to: To,
  parcel: { id: number; inboundTrackingNumber: string },
  clock: { AbandonableFrom: string; Phase: string },
  held: HeldOrder = null,
): MailMessage {
  const past = clock.Phase === 'abandonable';
  const act = wordsOf(held).act;
  return customerMessage(site, to, 'storage-abandon-soon', {
    subject: 'Your parcel at our depot may soon be treated as abandoned',
    paragraphs: [
      waitingWords(parcel.inboundTrackingNumber, held),
      past
        ? `Since ${longDate(clock.AbandonableFrom)} we may treat it as abandoned and return it to the sender or dispose of it (terms and conditions, section 10.3). ${act} now to keep it.`
        : `If it is still waiting on ${longDate(clock.AbandonableFrom)}, we may treat it as abandoned and return it to the sender or dispose of it (terms and conditions, section 10.3). ${act} now to keep it.`,
    ],
    button: action(site, held),
  });
}

/**
 * A member of staff confirmed that the parcel is treated as abandoned; a booked one's booking is
 * cancelled with it (decision 0037: its crossing is not refunded, its unpaid invoices cancelled).
 */
export function parcelAbandonedEmail(
  site: Site,
  to: To,
  parcel: { id: number; inboundTrackingNumber: string },
  held: HeldOrder = null,
): MailMessage {
  const tracking = parcel.inboundTrackingNumber;
  return customerMessage(site, to, 'parcel-abandoned', {
    subject: 'Your parcel at our depot has been treated as abandoned',
    paragraphs: [
      `Your parcel${tracking ? ` (courier tracking number ${tracking})` : ''}${held ? ` for ${held.reference}` : ''} waited at our depot ${wordsOf(held).waiting} for longer than our terms allow, and we have now treated it as abandoned (terms and conditions, section 10.3).`,
      ...(held
        ? [
            `Its booking ${held.reference} is cancelled. What was paid for its crossing is not refunded: it goes towards the storage and our costs. Any of its invoices still unpaid are cancelled, so nothing more is asked of you for it.`,
          ]
        : []),
      'We may return it to the sender or dispose of it. If you think this is a mistake, please contact us straight away.',
    ],
    button: { label: 'Contact us', url: `${site.publicUrl}/contact-us/` },
  });
}

// --- evidence in time (decision 0040) ------------------------------------------------------------

/**
 * Two weeks (the Customs setting) before the last day the goods may leave the UK for the retailer
 * to zero-rate the sale, while the parcel still waits at our depot: what holds it, and why the
 * date matters (HMRC Notice 703, paras 2.13 and 11.5).
 */
export function evidenceDeadlineSoonEmail(
  site: Site,
  to: To,
  order: TrackedOrder & { retailerName: string; held: boolean },
  deadline: string,
  months: number,
): MailMessage {
  const day = longDate(`${deadline}T12:00:00Z`);
  return orderMessage(site, to, order, 'evidence-deadline-soon', {
    subject: `Your parcel ${order.reference} must leave the UK by ${day}`,
    paragraphs: [
      `Your parcel ${order.reference}${order.retailerName ? ` from ${order.retailerName}` : ''} is still at our depot.`,
      `For ${order.retailerName || 'the retailer'} to keep the VAT off your purchase, the goods must leave the UK within ${months} months of your order with them: by ${day}. After that the retailer may ask you for the VAT, and our export certificate can no longer help.`,
      order.held
        ? 'It is waiting for a payment on your order. Pay it now so it can leave on the next sailing.'
        : 'It is ready to leave; if anything is missing from your booking, please contact us so it can leave in time.',
    ],
    button: { label: 'See your order', url: orderPageUrl(site, order.id) },
  });
}
