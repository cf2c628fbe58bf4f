import PDFDocument from 'pdfkit';
import {
  declarationTotals,
  lineWeightsGrams,
  originText,
  type CustomsForm,
} from '../../../shared/customs';
import { lineTotalPence, type ItemLine } from '../../../shared/item-lines-value';
import { formatMoney, toPence } from '../../../shared/money';
import { code128Png } from './barcodes';
import { collect, drawLabel, LABEL_PAGE, type LabelFacts } from './label';
import { writeText } from './text';

/**
 * A parcel's customs declaration (docs/decisions/0040), printed with its label at
 * dispatch: a CN22 (on the label printer's 4 × 6 inch stock) for goods worth up to the limit, a
 * CN23 (A4) above it, both after the UPU's forms: sender and addressee, the category (sale of
 * goods: what a retailer sold the customer), one row per item line (description, quantity, net
 * weight, value, HS tariff number, country of origin), the totals, the consignment number as a
 * barcode, and the sender's declaration. Text in any alphabet (writeText, decision 0031).
 */

export interface DeclarationDocument {
  form: CustomsForm;
  brand: string;
  /** The order's reference, or a consolidated box's (CON-…) when `orders` names its orders. */
  orderReference: string;
  /** A consolidated box: the orders whose items it holds (the form covers them all). */
  orders?: readonly string[];
  retailerOrderNumber: string;
  island: string;
  /** The carrier's consignment (tracking) number; '' before dispatch. */
  consignment: string;
  sender: { name: string; address: readonly string[] };
  consignee: { name: string; address: readonly string[] };
  lines: readonly ItemLine[];
  weightGrams: number;
  /** What the customer paid us for carriage (CN23's postal charges), pence. */
  carriagePence: number;
  /** The day it is signed, shown dd-MM-yyyy. */
  date: string;
}

const INK = '#000000';
const GREY = '#444444';
const kg = (grams: number) => `${(grams / 1000).toFixed(3)} kg`;

const TITLES: Record<CustomsForm, string> = {
  CN22: 'CUSTOMS DECLARATION CN 22',
  CN23: 'CUSTOMS DECLARATION CN 23',
};

const STATEMENT =
  'I, the undersigned, whose name and address are given on the item, certify that the particulars given in this declaration are correct and that this item does not contain any dangerous article or articles prohibited by legislation or by postal or customs regulations.';

/** A form's page: the CN22 on the label printer's 4 × 6 inch stock, the CN23 on A4. */
const pageOf = (form: CustomsForm) =>
  form === 'CN22'
    ? { size: [288, 432] as [number, number], margin: 12 }
    : { size: 'A4' as const, margin: 40 };

const infoOf = (
  input: Pick<DeclarationDocument, 'form' | 'orderReference' | 'brand' | 'island'>,
) => ({
  Title: `${input.form} ${input.orderReference}`,
  Author: input.brand,
  Subject: `Customs declaration of ${input.orderReference} to ${input.island}`,
});

export async function renderDeclaration(input: DeclarationDocument): Promise<Buffer> {
  const doc = new PDFDocument({ ...pageOf(input.form), info: infoOf(input) });
  const done = collect(doc);
  await drawDeclaration(doc, input);
  doc.end();
  return done;
}

/**
 * The parcel's label and its customs form in one document, to print together at dispatch: the
 * label's page, then the form's (a CN23 on A4: the printer takes each page's own size).
 */
export async function renderLabelWithDeclaration(
  label: LabelFacts,
  input: DeclarationDocument,
): Promise<Buffer> {
  const doc = new PDFDocument({ autoFirstPage: false, info: infoOf(input) });
  const done = collect(doc);
  doc.addPage(LABEL_PAGE);
  await drawLabel(doc, label);
  doc.addPage(pageOf(input.form));
  await drawDeclaration(doc, input);
  doc.end();
  return done;
}

async function drawDeclaration(doc: PDFKit.PDFDocument, input: DeclarationDocument) {
  const small = input.form === 'CN22';
  const { margin } = pageOf(input.form);

  const left = margin;
  const width = doc.page.width - 2 * margin;
  const f = small ? 1 : 1.35; // type scale
  const rule = (y: number, weight = 0.8) =>
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .lineWidth(weight)
      .strokeColor(INK)
      .stroke();

  // --- heading ---------------------------------------------------------------------------------
  writeText(doc, TITLES[input.form], left, margin, { size: 11 * f, width, weight: 'bold' });
  writeText(doc, 'May be opened officially', left, doc.y, { size: 7 * f, width, color: GREY });
  writeText(
    doc,
    (input.orders
      ? `${input.brand} · Consolidation ${input.orderReference} · Orders ${input.orders.join(', ')}`
      : `${input.brand} · Order ${input.orderReference}`) +
      (input.retailerOrderNumber ? ` · Retailer order ${input.retailerOrderNumber}` : ''),
    left,
    doc.y + 2,
    { size: 7.5 * f, width, color: GREY },
  );
  rule(doc.y + 3);
  doc.y += 7;

  // --- sender and addressee --------------------------------------------------------------------
  const half = (width - 8) / 2;
  const party = (x: number, label: string, who: { name: string; address: readonly string[] }) => {
    const top = doc.y;
    writeText(doc, label.toUpperCase(), x, top, { size: 6.5 * f, width: half, color: GREY });
    writeText(doc, [who.name, ...who.address].join('\n'), x, doc.y + 1, {
      size: 8 * f,
      width: half,
      maxLines: small ? 6 : 8,
    });
    return doc.y;
  };
  const top = doc.y;
  const a = party(left, 'From (sender)', input.sender);
  doc.y = top;
  const b = party(left + half + 8, 'To (addressee)', input.consignee);
  doc.y = Math.max(a, b) + 4;
  rule(doc.y);
  doc.y += 5;

  // --- category --------------------------------------------------------------------------------
  const categories = ['Gift', 'Documents', 'Commercial sample', 'Returned goods', 'Sale of goods'];
  writeText(
    doc,
    `Category of item: ${categories.map((c) => `${c === 'Sale of goods' ? '[X]' : '[ ]'} ${c}`).join('  ')}`,
    left,
    doc.y,
    { size: 7 * f, width },
  );
  rule(doc.y + 3);
  doc.y += 7;

  // --- the items -------------------------------------------------------------------------------
  const weights = lineWeightsGrams(input.lines, input.weightGrams);
  const cols = small
    ? [
        { title: 'Description', w: 0.4 },
        { title: 'Qty', w: 0.08, right: true },
        { title: 'Net weight', w: 0.17, right: true },
        { title: 'Value', w: 0.17, right: true },
        { title: 'HS / origin', w: 0.18 },
      ]
    : [
        { title: 'Detailed description of contents', w: 0.36 },
        { title: 'Quantity', w: 0.09, right: true },
        { title: 'Net weight', w: 0.12, right: true },
        { title: 'Value (GBP)', w: 0.13, right: true },
        { title: 'HS tariff number', w: 0.14 },
        { title: 'Country of origin', w: 0.16 },
      ];
  const row = (cells: string[], bold = false) => {
    const y = doc.y;
    let x = left;
    let bottom = y;
    cells.forEach((cell, i) => {
      const w = cols[i].w * width;
      writeText(doc, cell, x + 1, y, {
        size: 7.5 * f,
        width: w - 4,
        weight: bold ? 'bold' : 'regular',
        align: cols[i].right ? 'right' : 'left',
      });
      bottom = Math.max(bottom, doc.y);
      doc.y = y;
      x += w;
    });
    doc.y = bottom + 2;
  };
  row(
    cols.map((c) => c.title),
    true,
  );
  input.lines.forEach((line, i) => {
    const value = formatMoney(lineTotalPence(line));
    const hs = line.CommodityCode || '—';
    row(
      small
        ? [line.Description, String(line.Quantity), kg(weights[i]), value, `${hs}\n${line.Origin}`]
        : [
            `${line.Description}\n${line.Quantity} × ${formatMoney(toPence(line.ValueEach))}`,
            String(line.Quantity),
            kg(weights[i]),
            value,
            hs,
            originText(line.Origin),
          ],
    );
  });
  const totals = declarationTotals(input.lines);
  rule(doc.y);
  doc.y += 3;
  row(
    small
      ? [
          'Total',
          String(totals.quantity),
          kg(input.weightGrams),
          formatMoney(totals.valuePence),
          '',
        ]
      : [
          'Total',
          String(totals.quantity),
          kg(input.weightGrams),
          formatMoney(totals.valuePence),
          '',
          '',
        ],
    true,
  );
  if (!small) {
    writeText(
      doc,
      `Postal charges / fees: ${formatMoney(input.carriagePence)}   ·   Currency: GBP   ·   Destination: ${input.island}, Channel Islands`,
      left,
      doc.y + 4,
      { size: 8 * f, width },
    );
  }
  rule(doc.y + 3);
  doc.y += 7;

  // --- consignment and declaration -------------------------------------------------------------
  if (input.consignment) {
    writeText(doc, 'CONSIGNMENT NUMBER', left, doc.y, { size: 6.5 * f, width, color: GREY });
    const barcode = await code128Png(input.consignment);
    const bh = small ? 34 : 48;
    doc.image(barcode, left, doc.y + 2, { fit: [width * (small ? 1 : 0.5), bh] });
    doc.y += bh + 4;
    doc
      .font('Courier-Bold')
      .fontSize(10 * f)
      .fillColor(INK)
      .text(input.consignment, left, doc.y, { width });
    doc.y += 2;
  }
  writeText(doc, STATEMENT, left, doc.y + 2, { size: 6.5 * f, width, color: GREY });
  writeText(
    doc,
    `Date and sender's signature: ${input.date}, ${input.sender.name}`,
    left,
    doc.y + 3,
    {
      size: 8 * f,
      width,
      weight: 'bold',
    },
  );
}
