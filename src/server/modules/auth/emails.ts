import type { Site } from '../../config';
import { renderEmail, type EmailContent } from '../../lib/email-layout';
import type { MailMessage } from '../../lib/mail';

/** The messages of the account lifecycle, each with an HTML and a plain-text part. */

const validateEmailUrl = (site: Site, token: string) => `${site.publicUrl}/validate-email/${token}`;
const resetPasswordUrl = (site: Site, token: string) => `${site.publicUrl}/reset-password/${token}`;

/** The customer's page of an order, and the page to pay an invoice, as the e-mails link them. */
export const orderPageUrl = (site: Site, orderId: number) =>
  `${site.publicUrl}/dashboard/orders/${orderId}`;
/** The button of an e-mail about an order: to its page in My Account. */
export const seeOrder = (site: Site, order: { id: number }) => ({
  label: 'See your order',
  url: orderPageUrl(site, order.id),
});
export const payInvoiceUrl = (site: Site, invoiceId: number) =>
  `${site.publicUrl}/dashboard/pay/${invoiceId}`;

/** A branded message of the given kind to one customer, greeted by first name. */
export function customerMessage(
  site: Site,
  to: { email: string; firstName: string },
  kind: string,
  content: Omit<EmailContent, 'brand' | 'siteUrl' | 'greeting'>,
): MailMessage {
  return {
    to: to.email,
    kind,
    // every message of the account lifecycle is one the customer is waiting for
    priority: 'account',
    ...renderEmail({
      brand: site.brand,
      siteUrl: site.publicUrl,
      greeting: `Hello ${to.firstName},`,
      ...content,
    }),
  };
}

/** An order as a message about it needs it: with its private tracking link (decision 0036). */
export interface TrackedOrder {
  id: number;
  reference: string;
  /** The full address of /track/{code} (tracking/service.ts `withTrackUrl`). */
  trackUrl: string;
}

/** A customer message about one order: every one carries the order's tracking link. */
export function orderMessage(
  site: Site,
  to: { email: string; firstName: string },
  order: TrackedOrder,
  kind: string,
  content: Omit<EmailContent, 'brand' | 'siteUrl' | 'greeting' | 'tracking'>,
): MailMessage {
  return customerMessage(site, to, kind, {
    ...content,
    tracking: [{ reference: order.reference, url: order.trackUrl }],
  });
}

const confirmButton = (site: Site, validationToken: string) => ({
  label: 'Confirm my email address',
  url: validateEmailUrl(site, validationToken),
});

export function welcomeEmail(
  site: Site,
  to: { email: string; firstName: string; reference: string },
  validationToken: string,
): MailMessage {
  return customerMessage(site, to, 'welcome', {
    subject: `Welcome to ${site.brand}: please confirm your email address`,
    paragraphs: [
      `Thank you for registering with ${site.brand}. Your customer reference is ${to.reference}: it is part of your UK delivery address, which you will find in your account.`,
      'Shop at any UK retailer, send your parcels to our depot in Portsmouth, then book and pay for your delivery with us.',
      'Please confirm your email address so that we can keep you informed about your deliveries.',
    ],
    button: confirmButton(site, validationToken),
    after: ['This link works for 48 hours.'],
  });
}

export function validateEmail(
  site: Site,
  to: { email: string; firstName: string },
  validationToken: string,
): MailMessage {
  return customerMessage(site, to, 'validate-email', {
    subject: `Please confirm your email address for ${site.brand}`,
    paragraphs: [`Please confirm that this is the email address of your ${site.brand} account.`],
    button: confirmButton(site, validationToken),
    after: [
      'This link works for 48 hours.',
      'If you did not ask for this, you can ignore this email.',
    ],
  });
}

export function passwordResetEmail(
  site: Site,
  to: { email: string; firstName: string },
  resetToken: string,
): MailMessage {
  return customerMessage(site, to, 'password-reset', {
    subject: `Reset your ${site.brand} password`,
    paragraphs: [
      `We received a request to reset the password of your ${site.brand} account. Choose a new password with the button below.`,
    ],
    button: { label: 'Choose a new password', url: resetPasswordUrl(site, resetToken) },
    after: [
      'This link works for one hour and only once. Choosing a new password logs you out everywhere.',
      'If you did not ask for this, you can ignore this email: your password stays as it is.',
    ],
  });
}

export function emailChangedEmail(
  site: Site,
  to: { oldEmail: string; newEmail: string; firstName: string },
): MailMessage {
  return customerMessage(site, { email: to.oldEmail, firstName: to.firstName }, 'email-changed', {
    subject: `Your ${site.brand} email address was changed`,
    paragraphs: [
      `The email address of your ${site.brand} account was changed from ${to.oldEmail} to ${to.newEmail}. We will write to the new address from now on.`,
      `If you did not make this change, please contact our customer care team straight away.`,
    ],
    button: { label: `Go to ${site.brand}`, url: `${site.publicUrl}/` },
  });
}
