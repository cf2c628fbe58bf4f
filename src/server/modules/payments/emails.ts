import type { CheckoutResult } from '../../../shared/api/checkout';
import { formatPounds } from '../../../shared/money';
import type { MailMessage } from '../../lib/mail';
import { customerMessage, orderMessage, seeOrder, type TrackedOrder } from '../auth/emails';
import type { Site } from '../../config';
import { formatMoney } from '../../../shared/money';

/**
 * The receipt of a payment (HTML and plain text): the references, each order's price lines, the
 * discount and the total, and, for a checkout, the depot address to give the retailer.
 */
export function receiptEmail(
  site: Site,
  to: { email: string; firstName: string },
  { Payment, Orders }: CheckoutResult,
  {
    shippingAddress,
    tracking,
  }: {
    shippingAddress: string[];
    /** Each order's private tracking link (decision 0036). */
    tracking: { reference: string; url: string }[];
  },
): MailMessage {
  const checkout = Payment.Kind === 'checkout';
  const references = Orders.map((o) => o.Reference).join(', ');
  const table = [
    ...(checkout
      ? Orders.flatMap((o) => [
          { label: `${o.Reference}: delivery to ${o.Island}`, value: '', strong: true },
          ...o.Lines.map((line) => ({ label: line.Name, value: formatPounds(line.Amount) })),
        ])
      : [{ label: `Invoice for ${references}`, value: formatPounds(Payment.Subtotal) }]),
    ...(Payment.Discount > 0
      ? [
          { label: 'Subtotal', value: formatPounds(Payment.Subtotal) },
          {
            label: `Discount${Payment.DiscountCode ? ` (${Payment.DiscountCode})` : ''}`,
            value: `-${formatPounds(Payment.Discount)}`,
          },
        ]
      : []),
    { label: 'Total paid', value: formatPounds(Payment.Amount), strong: true },
  ];
  return customerMessage(site, to, 'receipt', {
    subject: `Your ${site.brand} receipt ${Payment.Reference}`,
    paragraphs: checkout
      ? [
          `Thank you for your payment. Your ${Orders.length === 1 ? 'delivery is' : 'deliveries are'} booked: ${references}.`,
          `Payment ${Payment.Reference}, ${new Date(Payment.PaidAt ?? Payment.Created).toLocaleString('en-GB', { timeZone: 'Europe/London', dateStyle: 'long', timeStyle: 'short' })}.`,
        ]
      : [`Thank you for paying your invoice for ${references} (payment ${Payment.Reference}).`],
    table,
    button: { label: 'See your orders', url: `${site.publicUrl}/dashboard/orders/` },
    tracking,
    after: checkout
      ? [
          'What to do next: give the retailer this delivery address, exactly as it is written, so that we know the parcel is yours:',
          shippingAddress.join(', '),
          'We will email you when your parcel reaches our depot and again when it leaves for the island.',
        ]
      : ['We will email you when your parcel leaves our depot for the island.'],
  });
}

/** Money given back, in the words every refund e-mail uses. */
export const refundWords = (pence: number) =>
  `We have refunded ${formatMoney(pence)} to the card you paid with. Banks usually show it within 5 to 10 working days.`;

/** A refund made (decision 0018), sent in the transaction that records it (decision 0046). */
export function refundEmail(
  site: Site,
  to: { email: string; firstName: string },
  order: TrackedOrder,
  { reason, amountPence }: { reason: string; amountPence: number },
): MailMessage {
  return orderMessage(site, to, order, 'refund', {
    subject: `A refund of ${formatMoney(amountPence)} on your order ${order.reference}`,
    paragraphs: [refundWords(amountPence), reason],
    button: seeOrder(site, order),
  });
}
