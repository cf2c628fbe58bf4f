import { escapeHtml } from '../../shared/html';

/**
 * The branded layout of every e-mail (teal header, one button, a footer), in an HTML part and a
 * plain-text part that say the same; lib/mail.ts queues and sends what it renders.
 */

export const BRAND_TEAL = '#00796b';

export interface EmailContent {
  brand: string;
  /** The site's address, for the footer link. */
  siteUrl: string;
  subject: string;
  greeting: string;
  /** Paragraphs of plain text, escaped in the HTML part. */
  paragraphs: string[];
  /** A two-column table after the paragraphs (a receipt's lines): label, amount, bold or not. */
  table?: { label: string; value: string; strong?: boolean }[];
  button?: { label: string; url: string };
  /** A picture after the paragraphs (a parcel's photo), by the Content-ID of an attachment. */
  image?: { cid: string; alt: string };
  /** Paragraphs after the button (expiry, "did not ask for this"). */
  after?: string[];
  /**
   * The private tracking link of each order the message is about (decision 0036): shown after the
   * button, as a link that works on a phone without logging in.
   */
  tracking?: { reference: string; url: string }[];
}

/** The words that carry an order's tracking link, in both parts of a message. */
const trackingWords = (reference: string) =>
  `Follow ${reference} from any phone, without logging in:`;

/** The HTML and plain-text parts of a branded message: teal header, one button, a footer. */
export function renderEmail(c: EmailContent): { subject: string; html: string; text: string } {
  const p = (t: string) =>
    `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:#263238">${escapeHtml(t)}</p>`;
  const button = c.button
    ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 24px"><tr>
<td style="border-radius:6px;background:${BRAND_TEAL}"><a href="${escapeHtml(c.button.url)}"
style="display:inline-block;padding:12px 24px;font-size:16px;font-weight:bold;color:#ffffff;text-decoration:none">${escapeHtml(c.button.label)}</a></td>
</tr></table>
<p style="margin:0 0 16px;font-size:13px;line-height:20px;color:#546e7a">If the button does not work, copy this address into your browser:<br>
<a href="${escapeHtml(c.button.url)}" style="color:${BRAND_TEAL};word-break:break-all">${escapeHtml(c.button.url)}</a></p>`
    : '';
  const cell = (t: string, strong: boolean | undefined, align: string) =>
    `<td style="padding:6px 0;font-size:15px;line-height:22px;color:#263238;text-align:${align};border-bottom:1px solid #eceff1${strong ? ';font-weight:bold' : ''}">${escapeHtml(t)}</td>`;
  const table = c.table?.length
    ? `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 24px">
${c.table.map((r) => `<tr>${cell(r.label, r.strong, 'left')}${cell(r.value, r.strong, 'right')}</tr>`).join('\n')}
</table>`
    : '';
  const tracking = (c.tracking ?? [])
    .map(
      (t) =>
        `<p style="margin:0 0 16px;font-size:15px;line-height:22px;color:#263238">${escapeHtml(trackingWords(t.reference))}<br>
<a href="${escapeHtml(t.url)}" style="color:${BRAND_TEAL};word-break:break-all">${escapeHtml(t.url)}</a></p>`,
    )
    .join('\n');
  const image = c.image
    ? `<p style="margin:0 0 24px"><img src="cid:${escapeHtml(c.image.cid)}" alt="${escapeHtml(c.image.alt)}" width="536" style="display:block;width:100%;max-width:536px;height:auto;border-radius:6px"></p>`
    : '';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escapeHtml(c.subject)}</title></head>
<body style="margin:0;padding:0;background:#eceff1;font-family:Arial,Helvetica,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#eceff1;padding:24px 0"><tr><td align="center">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#ffffff;border-radius:8px;overflow:hidden">
<tr><td style="background:${BRAND_TEAL};padding:20px 32px;color:#ffffff;font-size:24px;font-weight:bold">${escapeHtml(c.brand)}
<div style="font-size:13px;font-weight:normal;opacity:.9">You Shop, We Deliver</div></td></tr>
<tr><td style="padding:32px">
${p(c.greeting)}
${c.paragraphs.map(p).join('\n')}
${image}
${table}
${button}
${tracking}
${(c.after ?? []).map(p).join('\n')}
</td></tr>
<tr><td style="padding:16px 32px;background:#f5f7f8;font-size:12px;line-height:18px;color:#78909c">
${escapeHtml(c.brand)}, parcel forwarding from the UK to the Channel Islands.
<a href="${escapeHtml(c.siteUrl)}/" style="color:${BRAND_TEAL}">${escapeHtml(c.siteUrl.replace(/^https?:\/\//, ''))}</a>
</td></tr></table></td></tr></table></body></html>`;
  const text = [
    c.greeting,
    ...c.paragraphs,
    ...(c.table?.length ? [c.table.map((r) => `${r.label}: ${r.value}`).join('\n')] : []),
    ...(c.button ? [`${c.button.label}: ${c.button.url}`] : []),
    ...(c.tracking ?? []).map((t) => `${trackingWords(t.reference)}\n${t.url}`),
    ...(c.after ?? []),
    `--\n${c.brand}, You Shop, We Deliver\n${c.siteUrl}/`,
  ].join('\n\n');
  return { subject: c.subject, html, text: `${text}\n` };
}
