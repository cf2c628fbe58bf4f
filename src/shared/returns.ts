// A return to the retailer (docs/decisions/0039): before its parcel sails, the customer
// may have it sent back to the retailer from the depot, with the retailer's return label (a PDF or
// an image they upload) or with a label the depot buys for them at the catalogue's price (extra
// `return-to-sender`, invoiced). Staff print or attach the label, send the parcel and mark it
// returned with the carrier's tracking number; what the booking's checkout took for the order
// (the crossing and its extras, none used) is then refunded once under the refund rules
// (src/shared/refunds.ts). Invoices paid on the order (excess carriage, storage, the label) are
// for work the depot did and are not refunded.

import type { OrderStatus } from './order-status';
import type { Rule } from './validation/form';
import { refundablePence, type RefundSource } from './refunds';

/** The statuses whose parcel is at the depot and has not sailed: a return may be asked. */
const RETURNABLE_STATUSES: readonly OrderStatus[] = ['Received at Depot', 'Paid'];

/** Whether a return to the retailer may be asked for an order in this status. */
export const canAskReturn = (status: OrderStatus) => RETURNABLE_STATUSES.includes(status);

/** The catalogue's extra whose price is the charge for a label the depot buys. */
export const RETURN_LABEL_EXTRA = 'return-to-sender';

export const RETURN_LIMITS = {
  /** Bytes of the label file, decoded (the depot's photo limit). */
  labelBytes: 2 * 1024 * 1024,
  reason: 500,
  fileName: 120,
  carrier: 60,
  trackingNumber: 60,
} as const;

/** Where a return stands: waiting for its label (bought by the depot), ready to send, sent. */
export const RETURN_STATES = ['awaiting-label', 'label-ready', 'returned'] as const;
export type ReturnState = (typeof RETURN_STATES)[number];

export const returnStateOf = (r: { hasLabel: boolean; returned: boolean }): ReturnState =>
  r.returned ? 'returned' : r.hasLabel ? 'label-ready' : 'awaiting-label';

/**
 * Whether the customer may still withdraw their return: until staff act on it, that is until the
 * parcel is sent back, or, for a label we buy, until staff attach the label they bought.
 */
export const canWithdrawReturn = (r: { bought: boolean; hasLabel: boolean; returned: boolean }) =>
  !r.returned && !(r.bought && r.hasLabel);

export const RETURN_MESSAGES = {
  notReturnable: (status: string) =>
    status === 'Shipped' || status === 'Delivered'
      ? 'This parcel has already sailed: it can no longer be returned to the retailer from our depot.'
      : status === 'Return Requested' || status === 'Returned to Retailer'
        ? 'A return to the retailer has already been asked for this order.'
        : 'A return to the retailer can be asked only while the parcel is at our depot and has not sailed.',
  inConsolidation: (consignment: string) =>
    `This booking is to go in consolidation ${consignment}: cancel the consolidation, or leave this booking out of it, before asking for it to go back to the retailer.`,
  labelOrBuy: 'Upload the retailer’s return label, or ask us for one (not both).',
  labelType: 'is not a PDF, JPEG, PNG or WebP file',
  labelTooLarge: `is larger than ${RETURN_LIMITS.labelBytes / 1024 / 1024} MB`,
  labelDamaged: 'is damaged: it cannot be read as a PDF',
  labelActive: 'contains scripts, attachments or actions: please upload the plain label',
  labelUnreadable: 'is damaged: it cannot be read as an image',
  labelPixels: 'has more than 12.5 megapixels',
  notBase64: 'must be a base64 file',
  noSuchReturn: 'No return to the retailer was asked for this order.',
  labelMissing: 'The return has no label yet: attach the label first.',
  labelUnpaid: (reference: string) =>
    `The return label’s invoice ${reference} is not paid yet: the parcel waits until it is.`,
  alreadyReturned: 'This parcel has already been returned to the retailer.',
  labelNotBought: 'The customer uploaded their own label: it cannot be replaced here.',
  chooseWay: 'Choose how the parcel goes back.',
  chooseLabel: 'Choose the label file.',
  cannotWithdraw:
    'We have already acted on this return (bought its label or sent the parcel back), so it can no longer be withdrawn. Please contact us.',
} as const;

/**
 * The ask form's rules, checked before it is sent: how the parcel goes back (`upload` the
 * retailer's label, or `buy` one), and with `upload` a label file within the size the contract
 * (api/returns.ts) takes. The contract has the label or BuyLabel instead of the way.
 */
export const RETURN_WAY_RULES: readonly Rule[] = [
  (value) => value === 'upload' || value === 'buy' || RETURN_MESSAGES.chooseWay,
];

/** The label file (a File, or empty), asked for only when the retailer's label is uploaded. */
export const returnLabelRules = (way: unknown): readonly Rule[] =>
  way === 'upload' ? [labelFile] : [];

const labelFile: Rule = (value) => {
  const size = value instanceof Blob ? value.size : 0;
  if (size === 0) return RETURN_MESSAGES.chooseLabel;
  return size <= RETURN_LIMITS.labelBytes || RETURN_MESSAGES.labelTooLarge;
};

/**
 * Names that make a PDF do something when opened, reach elsewhere or carry other files: a label
 * needs none. Actions that open a link or another file count (URI, GoToR, GoToE, Launch).
 */
const ACTIVE_PDF_NAMES = [
  '/JavaScript',
  '/JS',
  '/Launch',
  '/URI',
  '/GoToR',
  '/GoToE',
  '/EmbeddedFile',
  '/EmbeddedFiles',
  '/RichMedia',
  '/SubmitForm',
  '/ImportData',
  '/XFA',
];

/**
 * Whether the bytes are a PDF: `%PDF-` and a version at the very start. A file that merely holds
 * `%PDF-` near its start (HTML, SVG, a program) is not one, and is read as an image, or refused.
 */
export function looksLikePdf(bytes: Uint8Array): boolean {
  return /^%PDF-\d\.\d/.test(latin1(bytes.subarray(0, 16)));
}

const latin1 = (bytes: Uint8Array) => {
  let s = '';
  for (let i = 0; i < bytes.length; i += 8192) {
    s += String.fromCharCode(...bytes.subarray(i, i + 8192));
  }
  return s;
};

/** Names written with `#xx` escapes read as the name they spell. */
const unescapeNames = (text: string) =>
  text.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

const isActive = (text: string) => {
  const body = unescapeNames(text);
  return ACTIVE_PDF_NAMES.some((name) =>
    new RegExp(`${name.replace('/', '\\/')}(?![A-Za-z])`).test(body),
  );
};

/** Inflates a FlateDecode stream's bytes (the server passes zlib); null when it cannot. */
export type Inflate = (data: Uint8Array) => Uint8Array | null;

/**
 * The PDF's streams: each one's dictionary and its bytes. Streams are where a compressed object
 * stream hides its objects, and with them any action.
 */
function streamsOf(text: string) {
  const found: { dictionary: string; start: number; end: number }[] = [];
  const keyword = />>\s*stream(\r\n|\n|\r)/g;
  for (let match = keyword.exec(text); match; match = keyword.exec(text)) {
    const start = match.index + match[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) return null;
    const opened = text.lastIndexOf(' obj', match.index);
    found.push({ dictionary: text.slice(Math.max(0, opened), match.index + 2), start, end });
    keyword.lastIndex = end;
  }
  return found;
}

/**
 * What is wrong with a PDF label (the field's message), or null. A label must be a whole PDF:
 * `%PDF-` at its start, objects, a cross-reference (`startxref`) and `%%EOF` at its end; and
 * passive: no scripts, actions that open links or files, embedded files or forms that submit,
 * looked for in its text and inside its compressed object streams (where a PDF 1.5 keeps its
 * objects), which `inflate` opens. An object stream compressed in a way it cannot open is
 * refused as unreadable.
 */
export function pdfLabelProblem(bytes: Uint8Array, inflate?: Inflate): string | null {
  if (bytes.length > RETURN_LIMITS.labelBytes) return RETURN_MESSAGES.labelTooLarge;
  if (!looksLikePdf(bytes)) return RETURN_MESSAGES.labelType;
  const text = latin1(bytes);
  const tail = text.slice(Math.max(0, text.length - 1024));
  if (!/startxref\s+\d+\s+%%EOF/.test(tail) || !/\d+\s+\d+\s+obj\b[\s\S]*?endobj/.test(text)) {
    return RETURN_MESSAGES.labelDamaged;
  }
  if (isActive(text)) return RETURN_MESSAGES.labelActive;
  const streams = streamsOf(text);
  if (!streams) return RETURN_MESSAGES.labelDamaged;
  for (const stream of streams) {
    const dictionary = unescapeNames(stream.dictionary);
    // Only an object stream holds objects (and so actions); pages and fonts hold none.
    if (!/\/Type\s*\/ObjStm(?![A-Za-z])/.test(dictionary)) continue;
    const filter = /\/Filter\s*(\[[^\]]*\]|\/[A-Za-z0-9]+)/.exec(dictionary);
    const filters = filter ? (filter[1].match(/\/[A-Za-z0-9]+/g) ?? []) : [];
    if (filters.length === 0) continue; // uncompressed: read with the rest of the text
    if (filters.length !== 1 || filters[0] !== '/FlateDecode' || !inflate) {
      return RETURN_MESSAGES.labelDamaged;
    }
    const inflated = inflate(bytes.subarray(stream.start, stream.end));
    if (!inflated) return RETURN_MESSAGES.labelDamaged;
    if (isActive(latin1(inflated))) return RETURN_MESSAGES.labelActive;
  }
  return null;
}

/**
 * The refund a return gives: what the booking's checkout took for the order and has not been
 * given back yet (never more, as every refund). Invoices' payments are not part of it.
 */
export function returnRefundPence(
  sources: readonly RefundSource[],
  checkoutPaymentId: number | null,
): number {
  const checkout = sources.find((s) => s.paymentId === checkoutPaymentId);
  return checkout ? refundablePence(checkout) : 0;
}
