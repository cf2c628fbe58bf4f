import { CASE_MESSAGES, missingItemsRequest } from '../../../../shared/api/cases';
import { CERTIFICATE_MESSAGES } from '../../../../shared/certificates';
import { ApiError } from '../../../lib/api-client';
import { saveCertificate } from './api/download-certificate';
import { reportMissingItems } from './api/report-missing-items';
import { disputeInvoice } from './api/dispute-invoice';
import { DISPUTE_MESSAGES, disputeRequest } from '../../../../shared/disputes';
import { TRACKING_MESSAGES } from '../../../../shared/tracking';
import { replaceTrackingLink } from './api/replace-tracking-link';
import { askReturn, withdrawReturn } from './api/ask-return';
import { RETURN_LIMITS, RETURN_MESSAGES } from '../../../../shared/returns';

const REPORT_FAILED = 'Your report could not be sent just now. Please try again.';
const DISPUTE_FAILED = 'Your dispute could not be sent just now. Please try again.';
const ASK_FAILED = 'Your return could not be asked just now. Please try again.';
const WITHDRAW_FAILED = 'Your return could not be withdrawn just now. Please try again.';
const RETURN_ASKED =
  'Your return is asked for: the parcel stays at our depot and goes back to the retailer.';
const RETURN_WITHDRAWN = 'Your return is withdrawn: the parcel goes to the island as booked.';

/** What the order page's action answers, by the form's `intent`. */
export type OrderActionResult =
  | { intent: 'report'; notice: string }
  | { intent: 'report'; fieldError?: string; message?: string }
  | { intent: 'dispute'; notice: string }
  | { intent: 'dispute'; fieldError?: string; message?: string }
  | { intent: 'return'; notice: string }
  | { intent: 'return'; how?: string; file?: string; reason?: string; message?: string }
  | { intent: 'withdraw-return'; notice: string }
  | { intent: 'withdraw-return'; message: string }
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
 * replaces the order's private tracking link; `return` asks for the parcel to go back to the
 * retailer, `withdraw-return` takes that back.
 */
export async function orderAction(orderId: number, form: FormData): Promise<OrderActionResult> {
  if (form.get('intent') === 'return') return askForReturn(orderId, form);
  if (form.get('intent') === 'withdraw-return') {
    try {
      await withdrawReturn(orderId);
      return { intent: 'withdraw-return', notice: RETURN_WITHDRAWN };
    } catch (error) {
      // A 409 says why (staff have already acted on it); anything else is ours.
      const said = error instanceof ApiError && error.status === 409 ? error.body?.message : null;
      return { intent: 'withdraw-return', message: said ?? WITHDRAW_FAILED };
    }
  }
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

/** The file as base64, without its data-URL prefix. */
const readBase64 = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

/**
 * `return`: with the retailer's label (`label`, a file) or one we buy (`how` is `buy`), and the
 * customer's reason; the server's refusal of the label or the reason is said under its field.
 */
async function askForReturn(orderId: number, form: FormData): Promise<OrderActionResult> {
  const Reason = String(form.get('reason') ?? '');
  const how = form.get('how');
  const label = form.get('label');
  // What the browser knows without asking: a way chosen, and a label file of an allowed size.
  if (how !== 'upload' && how !== 'buy') {
    return { intent: 'return', how: 'Choose how the parcel goes back.' };
  }
  const file = how === 'upload' && label instanceof File && label.size > 0 ? label : null;
  if (how === 'upload' && !file) return { intent: 'return', file: 'Choose the label file.' };
  if (file && file.size > RETURN_LIMITS.labelBytes) {
    return { intent: 'return', file: `The label ${RETURN_MESSAGES.labelTooLarge}.` };
  }
  try {
    await askReturn(
      orderId,
      file
        ? {
            Reason,
            Label: {
              FileName: file.name.slice(0, RETURN_LIMITS.fileName),
              Data: await readBase64(file),
            },
          }
        : { Reason, BuyLabel: true },
    );
    return { intent: 'return', notice: RETURN_ASKED };
  } catch (error) {
    const fields = error instanceof ApiError ? (error.body?.errors ?? []) : [];
    const file = fields.find((e) => e.field.startsWith('Label'))?.error;
    const reason = fields.find((e) => e.field === 'Reason')?.error;
    if (file || reason) {
      return {
        intent: 'return',
        file: file && `The label ${file}.`,
        reason: reason && `Your reason ${reason}.`,
      };
    }
    return { intent: 'return', message: messageOf(error, ASK_FAILED) };
  }
}
