import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, test } from 'vitest';
import type { CertificateFacts } from '../../../src/shared/api/certificates';
import { renderCertificate } from '../../../src/server/lib/pdf/certificate';
import { renderLabel } from '../../../src/server/lib/pdf/label';

/**
 * The certificate and the depot label print every alphabet a customer can register in (decision
 * 0031): each name is read back from the PDF as a reader (pdf.js, through unpdf) gets it.
 */

async function pdfText(pdf: Buffer): Promise<string> {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  const { text } = await extractText(doc, { mergePages: true });
  return text;
}

/** Left-to-right names read back as written. */
const NAMES: [string, string][] = [
  ['Polish', 'Łukasz Żółć'],
  ['Maltese', 'Ġużeppi Ħabib'],
  ['Greek', 'Γιώργος Παπαδόπουλος'],
  ['Cyrillic', 'Дмитрий Иванов'],
  ['Vietnamese', 'Nguyễn Thị Ánh'],
  ['Chinese', '王小明'],
  ['Japanese', '山田 はなこ タロウ'],
  ['Korean', '김민준'],
];

/**
 * Right-to-left names: on the page their words run from right to left, so a reader going left
 * to right meets the last word first; each word's letters come back in their own order (Arabic's
 * joined forms and the lam-alef and Allah ligatures included).
 */
const RIGHT_TO_LEFT: [string, string, string][] = [
  ['Arabic', 'محمد عبد الله', 'الله عبد محمد'],
  ['Arabic with lam-alef', 'سلام خليل', 'خليل سلام'],
  ['Hebrew', 'דוד כהן', 'כהן דוד'],
];

const facts = (name: string, description = 'Shoes'): CertificateFacts => ({
  OrderReference: 'FB-100042',
  Supplier: { Name: 'Zalando', Website: 'zalando.co.uk', OrderNumber: 'Z-1' },
  Consignor: { Name: 'Ferrybox', Address: ['Unit 4', 'Portsmouth PO1 1AA'] },
  Customer: { Name: name, Reference: 'FB4K7Q2' },
  DeliveryAddress: [name, '1 Rue des Pres', 'St Helier JE2 3AB'],
  Goods: { Description: description, Quantity: 1, ValuePence: 4999 },
  Island: 'Jersey',
  TransportMode: 'Sea',
  Route: 'Portsmouth to St Helier',
  ExportDate: '2026-05-04',
  Carrier: 'Condor',
  TrackingNumber: '',
});

const certificate = (name: string, description?: string) =>
  renderCertificate({
    brand: 'Ferrybox',
    facts: facts(name, description),
    code: '0123456789ABCDEFGHJK',
    issued: '2026-05-05',
    verifyUrl: 'http://localhost:3000/verify/0123456789ABCDEFGHJK',
  });

const label = (name: string) =>
  renderLabel({
    brand: 'Ferrybox',
    code: 'FB-100042',
    title: 'FB-100042',
    customerName: name,
    customerReference: 'FB4K7Q2',
    island: 'Jersey',
    shelf: 'A-3',
    weightGrams: 1250,
    sizeMm: { length: 300, width: 200, height: 100 },
    inboundTrackingNumber: 'TRK-1',
    received: new Date('2026-05-04T09:30:00Z'),
  });

describe('the export certificate and the depot label', () => {
  test.each(NAMES)('print a %s name as it was written', async (_, name) => {
    expect(await pdfText(await certificate(name))).toContain(name);
    expect(await pdfText(await label(name))).toContain(name);
  });

  test.each(RIGHT_TO_LEFT)('print a %s name right to left', async (_, name, visual) => {
    const [onCertificate, onLabel] = [
      await pdfText(await certificate(name)),
      await pdfText(await label(name)),
    ];
    expect(onCertificate).toContain(visual);
    expect(onLabel).toContain(visual);
  });

  test('a character no embedded font has is a visible U+FFFD, never another letter', async () => {
    const text = await pdfText(await certificate('Ana 😀 Silva', 'Tea 🍵 set'));
    expect(text).toContain('Ana \uFFFD Silva');
    expect(text).toContain('Tea \uFFFD set');
  });

  test('zero-width and direction characters are dropped, not printed', async () => {
    const name = 'Zo\u200Bë\u200D Ad\uFEFFams\u200E';
    const text = await pdfText(await label(name));
    expect(text).toContain('Zoë Adams');
    expect(text).not.toMatch(/[\u200B-\u200F\uFEFF]/);
  });

  test('numbers inside right-to-left text keep their own order', async () => {
    // "12 Herzl Street": the number reads left to right inside the Hebrew.
    const text = await pdfText(await certificate('Dana', 'רחוב הרצל 12'));
    expect(text).toContain('12 הרצל רחוב');
  });

  test('a long description in any alphabet wraps and keeps every word', async () => {
    const words = ['Łódź', 'Ħamrun', 'Αθήνα', 'Москва', '北京', 'القاهرة', 'ירושלים'];
    const description = Array.from({ length: 12 }, () => words.join(' ')).join(' ');
    const text = await pdfText(await certificate('Ann Lee', description));
    for (const word of words) expect(text.split(word).length - 1, word).toBe(12);
  });
});
