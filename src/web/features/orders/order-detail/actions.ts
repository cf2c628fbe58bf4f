import { CASE_MESSAGES, missingItemsRequest } from '../../../../shared/api/cases';
import { CERTIFICATE_MESSAGES } from '../../../../shared/certificates';
import { ApiError } from '../../../lib/api-client';
import { saveCertificate } from '../../certificates/api/download-certificate';
import { reportMissingItems } from './api/report-missing-items';
import { disputeInvoice } from './api/dispute-invoice';
import { DISPUTE_MESSAGES, disputeRequest } from '../../../../shared/disputes';
import { TRACKING_MESSAGES } from '../../../../shared/tracking';
import { replaceTrackingLink } from '../../tracking/api/replace-tracking-link';

const REPORT_FAILED = 'Your report could not be sent just now. Please try again.';
const DISPUTE_FAILED = 'Your dispute could not be sent just now. Please try again.';

/** What the order page's action answers, by the form's `intent`. */
export type OrderActionResult =
  | { intent: 'report'; notice: string }
  | { intent: 'report'; fieldError?: string; message?: string }
  | { intent: 'dispute'; notice: string }
  | { intent: 'dispute'; fieldError?: string; message?: string }
  | { intent: 'certificate'; message?: string }
  | { intent: 'tracking'; replaced?: true; message?: string };

/** A refusal the customer can act on (the server's words), else `fallback`. */
const messageOf = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.status < 500 && error.status !== 401
    ? error.message
    : fallback;

/**
 * The order page's writes (routes/dashboard-order.tsx): `report` sends what is missing, checked by
 * the shared rule first (and again by the server), to the case open on the order (`openCase`) or
 * a new one; `certificate` saves the export certificate (`reference` names the file); `tracking`
 * replaces the order's private tracking link.
 */
export async function orderAction(orderId: number, form: FormData): Promise<OrderActionResult> {
  if (form.get('intent') === 'tracking') {
    try {
      await replaceTrackingLink(orderId);
      return { intent: 'tracking', replaced: true };
    } catch (error) {
      return { intent: 'tracking', message: messageOf(error, TRACKING_MESSAGES.replaceFailed) };
    }
  }
  if (form.get('intent') === 'certificate') {
    try {
      await saveCertificate(orderId, String(form.get('reference')));
      return { intent: 'certificate' };
    } catch (error) {
      return {
        intent: 'certificate',
        message: messageOf(error, CERTIFICATE_MESSAGES.downloadFailed),
      };
    }
  }
  if (form.get('intent') === 'dispute') return dispute(form);
  const parsed = missingItemsRequest.safeParse({ Description: String(form.get('description')) });
  if (!parsed.success) {
    return { intent: 'report', fieldError: `Your description ${parsed.error.issues[0]?.message}.` };
  }
  try {
    const reported = await reportMissingItems(orderId, parsed.data);
    const added = String(reported.Id) === form.get('openCase');
    return {
      intent: 'report',
      notice: added
        ? CASE_MESSAGES.added(reported.Reference)
        : CASE_MESSAGES.opened(reported.Reference),
    };
  } catch (error) {
    const field =
      error instanceof ApiError
        ? error.body?.errors?.find((e) => e.field === 'Description')?.error
        : undefined;
    return field
      ? { intent: 'report', fieldError: `Your description ${field}.` }
      : { intent: 'report', message: messageOf(error, REPORT_FAILED) };
  }
}

/** `dispute`: the customer disputes an excess-carriage invoice (`invoice`) with a message. */
async function dispute(form: FormData): Promise<OrderActionResult> {
  const parsed = disputeRequest.safeParse({ Message: String(form.get('message')) });
  if (!parsed.success) {
    return { intent: 'dispute', fieldError: `Your message ${parsed.error.issues[0]?.message}.` };
  }
  try {
    const opened = await disputeInvoice(Number(form.get('invoice')), parsed.data);
    return { intent: 'dispute', notice: DISPUTE_MESSAGES.opened(opened.Reference) };
  } catch (error) {
    const field =
      error instanceof ApiError
        ? error.body?.errors?.find((e) => e.field === 'Message')?.error
        : undefined;
    return field
      ? { intent: 'dispute', fieldError: `Your message ${field}.` }
      : { intent: 'dispute', message: messageOf(error, DISPUTE_FAILED) };
  }
}
