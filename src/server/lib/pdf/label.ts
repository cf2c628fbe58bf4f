import { code128Png } from './barcodes';
import PDFDocument from 'pdfkit';
import { writeText, type TextStyle } from './text';

/**
 * The depot's shelf label for a received parcel, for a 4 × 6 inch (102 × 152 mm) label printer:
 * a Code 128 barcode of the order reference (what the dispatch screen scans), the customer's
 * name and reference, the island, the shelf, the weight and size, and when it was received. A
 * parcel not matched to a booking yet carries its parcel number (`PCL-000042`) instead.
 */

export interface LabelFacts {
  brand: string;
  /** The barcode's text: the order reference, or the parcel's number when it has no order. */
  code: string;
  /** A heading above the barcode: the order reference, or what kind of parcel it is. */
  title: string;
  customerName: string | null;
  customerReference: string | null;
  island: string | null;
  shelf: string;
  weightGrams: number | null;
  sizeMm: { length: number; width: number; height: number } | null;
  inboundTrackingNumber: string;
  received: Date;
}

const WIDTH = 288; // 4 in
const HEIGHT = 432; // 6 in
const MARGIN = 14;
const INNER = WIDTH - 2 * MARGIN;

const kg = (grams: number) => `${(grams / 1000).toFixed(grams % 1000 === 0 ? 0 : 2)} kg`;
const cm = (mm: number) => `${Number((mm / 10).toFixed(1))}`;
const when = (date: Date) =>
  date.toLocaleString('en-GB', {
    timeZone: 'Europe/London',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });

export async function renderLabel(facts: LabelFacts): Promise<Buffer> {
  const doc = new PDFDocument({
    size: [WIDTH, HEIGHT],
    margin: MARGIN,
    info: { Title: `Depot label ${facts.code}`, Author: facts.brand },
  });
  const done = collect(doc);
  await drawLabel(doc, facts);
  doc.end();
  return done;
}

/** The document's bytes once it ends. */
export function collect(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

/** The label page's size and margin, for a document that prints it with other pages. */
export const LABEL_PAGE = { size: [WIDTH, HEIGHT] as [number, number], margin: MARGIN };

/** Draws the label on the document's current page (4 × 6 inches). */
export async function drawLabel(doc: PDFKit.PDFDocument, facts: LabelFacts): Promise<void> {
  const line = (y: number) =>
    doc
      .moveTo(MARGIN, y)
      .lineTo(WIDTH - MARGIN, y)
      .lineWidth(0.8)
      .strokeColor('#000000')
      .stroke();
  const label = (text: string, x: number, y: number, width = INNER) =>
    writeText(doc, text.toUpperCase(), x, y - 1, { size: 7, width, maxLines: 1 });
  /** A value on one line, cut short with an ellipsis when it is longer. */
  const value = (text: string, x: number, y: number, style: Omit<TextStyle, 'maxLines'>) =>
    writeText(doc, text, x, y, { weight: 'bold', maxLines: 1, ...style });

  value(facts.brand, MARGIN, MARGIN - 2, { size: 11, width: INNER / 2 });
  writeText(doc, `Received ${when(facts.received)}`, MARGIN + INNER / 2, MARGIN, {
    size: 8,
    width: INNER / 2,
    align: 'right',
  });
  line(MARGIN + 18);

  value(facts.title, MARGIN, MARGIN + 22, { size: 22, width: INNER });
  const barcode = await code128Png(facts.code);
  doc.image(barcode, MARGIN, MARGIN + 56, { fit: [INNER, 70], align: 'center' });
  doc
    .font('Courier-Bold')
    .fontSize(12)
    .text(facts.code, MARGIN, MARGIN + 130, { width: INNER, align: 'center' });
  line(MARGIN + 148);

  let y = MARGIN + 156;
  label('Customer', MARGIN, y);
  value(facts.customerName || 'Unknown', MARGIN, y + 8, { size: 14, width: INNER });
  doc
    .font('Courier-Bold')
    .fontSize(18)
    .text(facts.customerReference ?? '—', MARGIN, y + 28, { width: INNER });
  y += 54;
  line(y);

  const half = INNER / 2;
  label('Island', MARGIN, y + 8, half);
  label('Shelf', MARGIN + half + 6, y + 8, half - 6);
  value(facts.island ?? '—', MARGIN, y + 14, { size: 24, width: half });
  doc
    .rect(MARGIN + half + 4, y + 4, half - 4, 46)
    .lineWidth(1.5)
    .stroke();
  value(facts.shelf || '—', MARGIN + half + 8, y + 14, { size: 24, width: half - 12 });
  y += 56;
  line(y);

  label('Weight', MARGIN, y + 8, half);
  label('Size (cm)', MARGIN + half + 6, y + 8, half - 6);
  value(facts.weightGrams ? kg(facts.weightGrams) : '—', MARGIN, y + 16, { size: 14, width: half });
  const size = facts.sizeMm
    ? `${cm(facts.sizeMm.length)} × ${cm(facts.sizeMm.width)} × ${cm(facts.sizeMm.height)}`
    : '—';
  value(size, MARGIN + half + 6, y + 16, { size: 14, width: half - 6 });
  y += 40;
  line(y);

  if (facts.inboundTrackingNumber) {
    label('Courier tracking', MARGIN, y + 8);
    writeText(doc, facts.inboundTrackingNumber, MARGIN, y + 17, {
      size: 10,
      width: INNER,
      maxLines: 1,
    });
  }
}
