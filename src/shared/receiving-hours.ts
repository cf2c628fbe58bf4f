// The depot's receiving hours as the site settings hold them (Depot/ReceivingHours), and how they
// are written for people: `7am to 4pm, Monday to Friday`.

import { escapeHtml } from './html';

export interface ReceivingHours {
  days: string;
  /** `HH:mm`, 24-hour. */
  opens: string;
  closes: string;
  note?: string;
}

/** `HH:mm`, 24-hour: `07:00`, `16:30`. */
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

export function isReceivingHours(value: unknown): value is ReceivingHours {
  if (typeof value !== 'object' || value === null) return false;
  const { days, opens, closes, note } = value as Record<string, unknown>;
  const time = (t: unknown) => typeof t === 'string' && TIME_PATTERN.test(t);
  return (
    typeof days === 'string' &&
    time(opens) &&
    time(closes) &&
    (note === undefined || typeof note === 'string')
  );
}

/** `07:00` as `7am`, `16:30` as `4:30pm`, `12:00` as `12pm`, `00:00` as `12am`. */
export function formatTime(hhmm: string): string {
  const [h, m] = hhmm.split(':').map(Number);
  const hour = h % 12 === 0 ? 12 : h % 12;
  const suffix = h >= 12 ? 'pm' : 'am';
  return m ? `${hour}:${String(m).padStart(2, '0')}${suffix}` : `${hour}${suffix}`;
}

/** `7am to 4pm, Monday to Friday`. */
export function formatReceivingHours(hours: ReceivingHours): string {
  return `${formatTime(hours.opens)} to ${formatTime(hours.closes)}, ${hours.days}`;
}

/** docs/requirements.md §1: the UK depot receives 7am to 4pm, Monday to Friday, closed at weekends. */
const DEFAULT_RECEIVING_HOURS: ReceivingHours = {
  days: 'Monday to Friday',
  opens: '07:00',
  closes: '16:00',
  note: 'Closed at weekends',
};

/** When the depot stops receiving (`HH:mm`): the settings' hours, or the required ones. */
export function depotClosingTime(setting: unknown): string {
  return (isReceivingHours(setting) ? setting : DEFAULT_RECEIVING_HOURS).closes;
}

/**
 * The hours as the footer and /contact-us/ show them: the settings' hours, or the required ones
 * while the settings hold none that can be read. The server writes them into every page it serves
 * (src/server/lib/web.ts), the browser the same markup once it has read the settings itself.
 */
export function receivingHoursHtml(setting: unknown): string {
  const hours = isReceivingHours(setting) ? setting : DEFAULT_RECEIVING_HOURS;
  const note = hours.note?.trim();
  return escapeHtml(formatReceivingHours(hours)) + (note ? `<br>${escapeHtml(note)}` : '');
}

/** The hours' empty place in a built page (drawn by site-footer.tsx), which the server fills. */
export const RECEIVING_HOURS_SLOT = '<p class="receiving-hours" data-testid="receiving-hours"></p>';

/** A built page with the hours in each of their places. */
export function withReceivingHours(html: string, setting: unknown): string {
  const filled = RECEIVING_HOURS_SLOT.replace('></p>', `>${receivingHoursHtml(setting)}</p>`);
  return html.replaceAll(RECEIVING_HOURS_SLOT, () => filled);
}
