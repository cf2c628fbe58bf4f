import type { Config } from '../../config';
import type { MailMessage } from '../../lib/mail';
import { renderEmail } from '../../lib/mail';

/** The messages of the account lifecycle, each with an HTML and a plain-text part. */

type Site = Pick<Config, 'brand' | 'publicUrl'>;

const greet = (firstName: string) => `Hello ${firstName},`;

export const validateEmailUrl = (site: Site, token: string) =>
  `${site.publicUrl}/validate-email/${token}`;
export const resetPasswordUrl = (site: Site, token: string) =>
  `${site.publicUrl}/reset-password/${token}`;

export function welcomeEmail(
  site: Site,
  to: { email: string; firstName: string; reference: string },
  validationToken: string,
): MailMessage {
  const url = validateEmailUrl(site, validationToken);
  return {
    to: to.email,
    kind: 'welcome',
    ...renderEmail({
      brand: site.brand,
      siteUrl: site.publicUrl,
      subject: `Welcome to ${site.brand}: please confirm your email address`,
      greeting: greet(to.firstName),
      paragraphs: [
        `Thank you for registering with ${site.brand}. Your customer reference is ${to.reference}: it is part of your UK delivery address, which you will find in your account.`,
        'Shop at any UK retailer, send your parcels to our depot in Portsmouth, then book and pay for your delivery with us.',
        'Please confirm your email address so that we can keep you informed about your deliveries.',
      ],
      button: { label: 'Confirm my email address', url },
      after: ['This link works for 48 hours.'],
    }),
  };
}

export function validateEmail(
  site: Site,
  to: { email: string; firstName: string },
  validationToken: string,
): MailMessage {
  const url = validateEmailUrl(site, validationToken);
  return {
    to: to.email,
    kind: 'validate-email',
    ...renderEmail({
      brand: site.brand,
      siteUrl: site.publicUrl,
      subject: `Please confirm your email address for ${site.brand}`,
      greeting: greet(to.firstName),
      paragraphs: [`Please confirm that this is the email address of your ${site.brand} account.`],
      button: { label: 'Confirm my email address', url },
      after: [
        'This link works for 48 hours.',
        'If you did not ask for this, you can ignore this email.',
      ],
    }),
  };
}

export function passwordResetEmail(
  site: Site,
  to: { email: string; firstName: string },
  resetToken: string,
): MailMessage {
  const url = resetPasswordUrl(site, resetToken);
  return {
    to: to.email,
    kind: 'password-reset',
    ...renderEmail({
      brand: site.brand,
      siteUrl: site.publicUrl,
      subject: `Reset your ${site.brand} password`,
      greeting: greet(to.firstName),
      paragraphs: [
        `We received a request to reset the password of your ${site.brand} account. Choose a new password with the button below.`,
      ],
      button: { label: 'Choose a new password', url },
      after: [
        'This link works for one hour and only once. Choosing a new password logs you out everywhere.',
        'If you did not ask for this, you can ignore this email: your password stays as it is.',
      ],
    }),
  };
}

export function emailChangedEmail(
  site: Site,
  to: { oldEmail: string; newEmail: string; firstName: string },
): MailMessage {
  return {
    to: to.oldEmail,
    kind: 'email-changed',
    ...renderEmail({
      brand: site.brand,
      siteUrl: site.publicUrl,
      subject: `Your ${site.brand} email address was changed`,
      greeting: greet(to.firstName),
      paragraphs: [
        `The email address of your ${site.brand} account was changed from ${to.oldEmail} to ${to.newEmail}. We will write to the new address from now on.`,
        `If you did not make this change, please contact our customer care team straight away.`,
      ],
      button: { label: `Go to ${site.brand}`, url: `${site.publicUrl}/` },
    }),
  };
}
