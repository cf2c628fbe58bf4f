import { escapeHtml } from './html';

/**
 * Customer care's address, phone and e-mail (docs/requirements.md §1), from the settings
 * (`Contact`). The server writes them into every page it serves, in the footer's slot, and the
 * browser writes the same function's markup once the settings arrive (as the notice banner,
 * decision 0010), so the details are in the HTML and nothing moves.
 */
export interface ContactDetails {
  Address?: unknown;
  Phone?: unknown;
  Email?: unknown;
}

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

export function contactLinesHtml(contact: ContactDetails | undefined): string {
  if (!contact) return '';
  const lines = Array.isArray(contact.Address)
    ? contact.Address.map(text).filter((l): l is string => l !== null)
    : [];
  const phone = text(contact.Phone);
  const email = text(contact.Email);
  const parts: string[] = [];
  if (lines.length) parts.push(`<p>${lines.map((l) => `${escapeHtml(l)}<br>`).join('')}</p>`);
  if (phone) {
    const tel = escapeHtml(phone.replace(/\s+/g, ''));
    parts.push(`<p>Phone: <a href="tel:${tel}">${escapeHtml(phone)}</a></p>`);
  }
  if (email) {
    parts.push(`<p>E-mail: <a href="mailto:${escapeHtml(email)}">${escapeHtml(email)}</a></p>`);
  }
  return parts.join('');
}

/** The details' empty place in a built page, which the server fills (src/server/lib/web.ts). */
export const CONTACT_SLOT = '<div class="contact-slot"></div>';

/** A built page with the contact details in each of their places. */
export function withContactLines(html: string, contact: ContactDetails | undefined): string {
  const inner = contactLinesHtml(contact);
  if (!inner) return html;
  return html.replaceAll(CONTACT_SLOT, () => `<div class="contact-slot">${inner}</div>`);
}
