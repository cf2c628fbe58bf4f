// The rules of a return to the retailer (issue 28, decision 0039): when it may be asked (never
// after sailing), what a label file must be (a whole PDF without active content), the refund it
// gives (the checkout's share, never more than is left), and the FAQ and the terms stating the
// label's price and size limit.
import fs from 'node:fs';
import PDFDocument from 'pdfkit';
import { describe, expect, test } from 'vitest';
import { formatMoney } from '../../../src/shared/money';
import { ORDER_STATUSES, canTransition } from '../../../src/shared/order-status';
import {
  RETURN_LABEL_EXTRA,
  RETURN_LIMITS,
  RETURN_MESSAGES,
  canAskReturn,
  looksLikePdf,
  pdfLabelProblem,
  returnRefundPence,
  returnStateOf,
} from '../../../src/shared/returns';
import { seedExtras } from '../../../src/server/db/seed-data';

const pdf = await new Promise<Buffer>((resolve) => {
  const doc = new PDFDocument({ size: 'A6' });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  doc.on('end', () => resolve(Buffer.concat(chunks)));
  doc.text('RETURNS, FREEPOST');
  doc.end();
});
const withInside = (words: string) =>
  Buffer.concat([pdf.subarray(0, 15), Buffer.from(`\n${words}\n`), pdf.subarray(15)]);

describe('when a return may be asked', () => {
  test('only while the parcel is at the depot and has not sailed', () => {
    const allowed = ORDER_STATUSES.filter(canAskReturn);
    expect(allowed).toEqual(['Received at Depot', 'Paid']);
    for (const status of ['Shipped', 'Delivered', 'Awaiting Parcel', 'Cancelled'] as const) {
      expect(canAskReturn(status)).toBe(false);
    }
    // the lifecycle table agrees: asked from those, returned only from asked, and final
    for (const status of allowed) expect(canTransition(status, 'Return Requested')).toBe(true);
    expect(canTransition('Shipped', 'Return Requested')).toBe(false);
    expect(canTransition('Return Requested', 'Shipped')).toBe(false);
    expect(canTransition('Return Requested', 'Returned to Retailer')).toBe(true);
    expect(ORDER_STATUSES.filter((s) => canTransition('Returned to Retailer', s))).toEqual([]);
  });

  test('the refusal says why', () => {
    expect(RETURN_MESSAGES.notReturnable('Shipped')).toContain('already sailed');
    expect(RETURN_MESSAGES.notReturnable('Return Requested')).toContain('already been asked');
    expect(RETURN_MESSAGES.notReturnable('Awaiting Parcel')).toContain('at our depot');
  });

  test('where a return stands', () => {
    expect(returnStateOf({ hasLabel: false, returned: false })).toBe('awaiting-label');
    expect(returnStateOf({ hasLabel: true, returned: false })).toBe('label-ready');
    expect(returnStateOf({ hasLabel: true, returned: true })).toBe('returned');
  });
});

describe('a PDF label', () => {
  test('a plain, whole PDF passes', () => {
    expect(looksLikePdf(pdf)).toBe(true);
    expect(pdfLabelProblem(pdf)).toBeNull();
  });

  test('not a PDF, cut short, or too large is refused', () => {
    expect(looksLikePdf(Buffer.from('GIF89a...'))).toBe(false);
    expect(pdfLabelProblem(Buffer.from('hello'))).toBe(RETURN_MESSAGES.labelType);
    expect(pdfLabelProblem(pdf.subarray(0, pdf.length - 200))).toBe(RETURN_MESSAGES.labelDamaged);
    const huge = Buffer.concat([pdf, Buffer.alloc(RETURN_LIMITS.labelBytes)]);
    expect(pdfLabelProblem(huge)).toBe(RETURN_MESSAGES.labelTooLarge);
  });

  test('scripts, launch actions, attachments and forms are refused, however the name is spelt', () => {
    for (const words of [
      '/OpenAction << /S /JavaScript /JS (app.alert(1)) >>',
      '/AA << /O << /S /Launch /F (calc.exe) >> >>',
      '/Names << /EmbeddedFiles [] >>',
      '/S /SubmitForm',
      '/S /J#61vaScript',
    ]) {
      expect(pdfLabelProblem(withInside(words)), words).toBe(RETURN_MESSAGES.labelActive);
    }
    // a name that merely begins alike is not one of them
    expect(pdfLabelProblem(withInside('/JSONData 1'))).toBeNull();
  });
});

describe('the refund of the unused crossing', () => {
  const sources = [
    { paymentId: 1, paidPence: 1999, refundedPence: 0 },
    { paymentId: 2, paidPence: 995, refundedPence: 0 },
  ];
  test('is what the checkout took for the order, not the invoices', () => {
    expect(returnRefundPence(sources, 1)).toBe(1999);
  });
  test('less what was already given back, never below nothing', () => {
    expect(returnRefundPence([{ ...sources[0], refundedPence: 500 }, sources[1]], 1)).toBe(1499);
    expect(returnRefundPence([{ ...sources[0], refundedPence: 1999 }], 1)).toBe(0);
  });
  test('nothing when nothing was paid at checkout (a 100% code, or none found)', () => {
    expect(returnRefundPence(sources, null)).toBe(0);
    expect(returnRefundPence([], 1)).toBe(0);
  });
});

describe('the FAQ and the terms say the seeded values', () => {
  const faq = fs.readFileSync('content/pages/faqs.md', 'utf8');
  const terms = fs.readFileSync('content/pages/terms-and-conditions.md', 'utf8');
  const price = seedExtras.find((e) => e.code === RETURN_LABEL_EXTRA)!.pricePence;
  test('the label’s price and the file’s size limit', () => {
    for (const text of [faq, terms]) {
      expect(text).toContain(`**${formatMoney(price)}**`);
      expect(text).toContain(`**${RETURN_LIMITS.labelBytes / 1024 / 1024} MB**`);
    }
  });
});
