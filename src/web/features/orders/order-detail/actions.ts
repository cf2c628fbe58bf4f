import type { FieldError } from '../../../../shared/api/errors';
import { CERTIFICATE_MESSAGES } from '../../../../shared/certificates';
import { CASE_MESSAGES } from '../../../../shared/missing-items';
import { ApiError } from '../../../lib/api-client';
import { saveCertificate } from './api/download-certificate';
import { reportMissingItems } from './api/report-missing-items';
import { disputeInvoice } from './api/dispute-invoice';
import { DISPUTE_MESSAGES } from '../../../../shared/disputes';
import { TRACKING_MESSAGES } from '../../../../shared/tracking';
import { replaceTrackingLink } from './api/replace-tracking-link';
import { askReturn, withdrawReturn } from './api/ask-return';
import { RETURN_LIMITS } from '../../../../shared/returns';

const REPORT_FAILED = 'Your report could not be sent just now. Please try again.';
const DISPUTE_FAILED = 'Your dispute could not be sent just now. Please try again.';
const ASK_FAILED = 'Your return could not be asked just now. Please try again.';
const WITHDRAW_FAILED = 'Your return could not be withdrawn just now. Please try again.';
const RETURN_ASKED =
  'Your return is asked for: the parcel stays at our depot and goes back to the retailer.';
const RETURN_WITHDRAWN = 'Your return is withdrawn: the parcel goes to the island as booked.';

/**
 * A dialog's send refused: the server's errors of the form's fields (each shown under its field
 * by the form's useForm, decision 0061), or else a message for the whole form.
 */
interface Refusal {
  errors?: readonly FieldError[];
  message?: string;
}

/** What the order page's action answers, by the form's `intent`. */
export type OrderActionResult =
  | { intent: 'report'; notice: string }
  | ({ intent: 'report' } & Refusal)
  | { intent: 'dispute'; notice: string }
  | ({ intent: 'dispute' } & Refusal)
  | { intent: 'return'; notice: string }
  | ({ intent: 'return' } & Refusal)
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
 * The refusal of a dialog's send: the server's errors of the form's `fields` (a nested one, such
 * as `Label.Data`, under the field it is in), or else the message of `error` or `fallback`.
 */
function refusal(error: unknown, fields: readonly string[], fallback: string): Refusal {
  const errors = (error instanceof ApiError ? (error.body?.errors ?? []) : [])
    .map((e) => ({ field: e.field.split('.')[0]!, error: e.error }))
    .filter((e) => fields.includes(e.field));
  return errors.length > 0 ? { errors } : { message: messageOf(error, fallback) };
}

/**
 * The order page's writes (routes/dashboard-order.tsx), each form checked by its shared rules
 * before it is sent here (and again by the server): `report` sends what is missing to the case
 * open on the order (`openCase`) or a new one; `dispute` disputes an invoice; `certificate` saves the export certificate (`reference` names the file); `tracking`
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
  try {
    const reported = await reportMissingItems(orderId, {
      Description: String(form.get('Description')),
    });
    const added = String(reported.Id) === form.get('openCase');
    return {
      intent: 'report',
      notice: added
        ? CASE_MESSAGES.added(reported.Reference)
        : CASE_MESSAGES.opened(reported.Reference),
    };
  } catch (error) {
    return { intent: 'report', ...refusal(error, ['Description'], REPORT_FAILED) };
  }
}

/** `dispute`: the customer disputes an excess-carriage invoice (`invoice`) with a message. */
async function dispute(form: FormData): Promise<OrderActionResult> {
  try {
    const opened = await disputeInvoice(Number(form.get('invoice')), {
      Message: String(form.get('Message')),
    });
    return { intent: 'dispute', notice: DISPUTE_MESSAGES.opened(opened.Reference) };
  } catch (error) {
    return { intent: 'dispute', ...refusal(error, ['Message'], DISPUTE_FAILED) };
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
 * `return`: with the retailer's label (`Label`, a file, its choice and size checked by the form)
 * or one we buy (`how` is `buy`), and the customer's reason (`Reason`).
 */
async function askForReturn(orderId: number, form: FormData): Promise<OrderActionResult> {
  const Reason = String(form.get('Reason') ?? '');
  const label = form.get('Label');
  const file = form.get('how') === 'upload' && label instanceof File ? label : null;
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
    return { intent: 'return', ...refusal(error, ['Label', 'Reason'], ASK_FAILED) };
  }
}
