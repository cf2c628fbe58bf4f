// The rules of a return to the retailer (decision 0039): when it may be asked (never
// after sailing), what a label file must be (a whole PDF without active content), the refund it
// gives (the checkout's share, never more than is left), and the FAQ and the terms stating the
// label's price and size limit.
import fs from 'node:fs';
import { deflateSync, inflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';
import { describe, expect, test } from 'vitest';
import { formatMoney } from '../../../src/shared/money';
import { ORDER_STATUSES, canTransition } from '../../../src/shared/order-status';
import {
  RETURN_LABEL_EXTRA,
  RETURN_LIMITS,
  RETURN_MESSAGES,
  RETURN_WAY_RULES,
  canAskReturn,
  looksLikePdf,
  pdfLabelProblem,
  returnRefundPence,
  returnLabelRules,
  returnStateOf,
} from '../../../src/shared/returns';
import { seedExtras } from '../../../src/server/db/seed-data';
import { validateField } from '../../../src/shared/validation/form';

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
    expect(pdfLabelProblem(pdf, inflate)).toBeNull();
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

  test('actions that open a link or another file are refused too', () => {
    for (const words of [
      '/A << /S /URI /URI (https://example.com/x) >>',
      '/A << /S /GoToR /F (other.pdf) >>',
      '/A << /S /Launch /F (label.exe) >>',
      '/A << /S /GoToE /T << /R /C >> >>',
    ]) {
      expect(pdfLabelProblem(withInside(words), inflate), words).toBe(RETURN_MESSAGES.labelActive);
    }
  });

  test('HTML, SVG or a program holding %PDF- near its start is not a PDF', () => {
    for (const text of [
      '<html><!-- %PDF-1.4 --><script>alert(1)</script></html>',
      '<svg xmlns="http://www.w3.org/2000/svg"><!--%PDF-1.7--><script>alert(1)</script></svg>',
      'MZ\x90\x00 %PDF-1.4 this program cannot be run in DOS mode',
    ]) {
      const bytes = Buffer.concat([Buffer.from(text, 'latin1'), pdf]);
      expect(looksLikePdf(bytes), text).toBe(false);
      expect(pdfLabelProblem(bytes, inflate), text).toBe(RETURN_MESSAGES.labelType);
    }
  });

  test('a header and an end are not enough: it must hold objects and a cross-reference', () => {
    expect(pdfLabelProblem(Buffer.from('%PDF-1.4\nhello\n%%EOF\n'), inflate)).toBe(
      RETURN_MESSAGES.labelDamaged,
    );
  });

  test('a script inside a compressed object stream is found; one that will not open is refused', () => {
    expect(
      pdfLabelProblem(objectStreamPdf('4 0 << /S /JavaScript /JS (app.alert(1)) >>'), inflate),
    ).toBe(RETURN_MESSAGES.labelActive);
    expect(
      pdfLabelProblem(objectStreamPdf('4 0 << /S /URI /URI (https://x.test) >>'), inflate),
    ).toBe(RETURN_MESSAGES.labelActive);
    expect(pdfLabelProblem(objectStreamPdf('4 0 << /Type /Font >>'), inflate)).toBeNull();
    expect(
      pdfLabelProblem(objectStreamPdf('4 0 << /Type /Font >>', { broken: true }), inflate),
    ).toBe(RETURN_MESSAGES.labelDamaged);
  });
});

/** A PDF 1.5 whose objects sit in a Flate-compressed object stream, as `objects` says. */
function objectStreamPdf(objects: string, { broken = false } = {}) {
  const packed = broken ? Buffer.from('not deflated at all') : deflateSync(Buffer.from(objects));
  return Buffer.concat([
    Buffer.from(
      '%PDF-1.5\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n' +
        '2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n' +
        `3 0 obj\n<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${packed.length} >>\nstream\n`,
      'latin1',
    ),
    packed,
    Buffer.from('\nendstream\nendobj\nstartxref\n9\n%%EOF\n', 'latin1'),
  ]);
}

const inflate = (data: Uint8Array) => {
  try {
    return inflateSync(data);
  } catch {
    return null;
  }
};

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

describe('the ask form, before it is sent', () => {
  test('a way is chosen: the retailer’s label uploaded, or one we buy', () => {
    expect(validateField('', RETURN_WAY_RULES)).toBe('Choose how the parcel goes back.');
    expect(validateField('upload', RETURN_WAY_RULES)).toBeUndefined();
    expect(validateField('buy', RETURN_WAY_RULES)).toBeUndefined();
  });

  test('uploading, a label file is chosen, of at most 2 MB; buying, none is asked for', () => {
    const file = (bytes: number) => new File([new Uint8Array(bytes)], 'label.pdf');
    const upload = returnLabelRules('upload');
    expect(validateField('', upload)).toBe('Choose the label file.');
    expect(validateField(file(0), upload)).toBe('Choose the label file.');
    expect(validateField(file(RETURN_LIMITS.labelBytes), upload)).toBeUndefined();
    expect(validateField(file(RETURN_LIMITS.labelBytes + 1), upload)).toBe(
      RETURN_MESSAGES.labelTooLarge,
    );
    expect(validateField('', returnLabelRules('buy'))).toBeUndefined();
  });
});
