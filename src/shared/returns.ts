// A return to the retailer (issue 28, docs/decisions/0039): before its parcel sails, the customer
// may have it sent back to the retailer from the depot, with the retailer's return label (a PDF or
// an image they upload) or with a label the depot buys for them at the catalogue's price (extra
// `return-to-sender`, invoiced). Staff print or attach the label, send the parcel and mark it
// returned with the carrier's tracking number; what the booking's checkout took for the order
// (the crossing and its extras, none used) is then refunded once under the refund rules
// (src/shared/refunds.ts). Invoices paid on the order (excess carriage, storage, the label) are
// for work the depot did and are not refunded.

import type { OrderStatus } from './order-status';
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
  cannotWithdraw:
    'We have already acted on this return (bought its label or sent the parcel back), so it can no longer be withdrawn. Please contact us.',
} as const;

/** The bytes of a PDF begin with this (within the first 1024 bytes, as readers allow). */
const PDF_MAGIC = '%PDF-';
/** Names that make a PDF do something when opened or carry other files: a label needs none. */
const ACTIVE_PDF_NAMES = [
  '/JavaScript',
  '/JS',
  '/Launch',
  '/EmbeddedFile',
  '/EmbeddedFiles',
  '/RichMedia',
  '/SubmitForm',
  '/ImportData',
  '/XFA',
];

/** Whether the bytes say they are a PDF (its header within the first 1024 bytes). */
export function looksLikePdf(bytes: Uint8Array): boolean {
  return latin1(bytes.subarray(0, 1024)).includes(PDF_MAGIC);
}

const latin1 = (bytes: Uint8Array) => {
  let s = '';
  for (let i = 0; i < bytes.length; i += 8192) {
    s += String.fromCharCode(...bytes.subarray(i, i + 8192));
  }
  return s;
};

/**
 * What is wrong with a PDF label (the field's message), or null: larger than the limit, not
 * ending as a PDF ends (`%%EOF` in its last 1024 bytes: cut short), or active (scripts, launch
 * actions, embedded files, forms that submit). Names written with `#xx` escapes are read as the
 * name they spell.
 */
export function pdfLabelProblem(bytes: Uint8Array): string | null {
  if (bytes.length > RETURN_LIMITS.labelBytes) return RETURN_MESSAGES.labelTooLarge;
  if (!looksLikePdf(bytes)) return RETURN_MESSAGES.labelType;
  if (!latin1(bytes.subarray(Math.max(0, bytes.length - 1024))).includes('%%EOF')) {
    return RETURN_MESSAGES.labelDamaged;
  }
  const body = latin1(bytes).replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) =>
    String.fromCharCode(parseInt(hex, 16)),
  );
  const active = ACTIVE_PDF_NAMES.some((name) =>
    new RegExp(`${name.replace('/', '\\/')}(?![A-Za-z])`).test(body),
  );
  return active ? RETURN_MESSAGES.labelActive : null;
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
