import type { MailMessage } from '../../lib/mail';
import { customerMessage } from '../auth/emails';
import type { Site } from '../../config';

const invitationUrl = (site: Site, token: string) => `${site.publicUrl}/admin/invitation/${token}`;

/** The link that lets an invited staff member set a password and start. */
export function invitationEmail(
  site: Site,
  to: { email: string; firstName: string },
  token: string,
): MailMessage {
  return customerMessage(site, to, 'staff-invitation', {
    subject: `You have been invited to the ${site.brand} back office`,
    paragraphs: [
      `You have been given a staff account on the ${site.brand} back office.`,
      'Choose your password to start. Staff sessions last a working day.',
    ],
    button: { label: 'Set my password', url: invitationUrl(site, token) },
    after: ['This link works for 7 days. If you did not expect it, you can ignore this email.'],
  });
}
