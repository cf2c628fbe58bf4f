import PDFDocument from 'pdfkit';
import { formatVerificationCode, type CertificateFacts } from '../../../shared/api/certificates';
import { storedToDisplayDate } from '../../../shared/dates';
import { formatMoney } from '../../../shared/money';
import { BRAND_TEAL } from '../mail';
import { qrCodePng } from './barcodes';

/**
 * The export certificate as a PDF (A4, one page): what HMRC accepts as proof that goods left the
 * UK (the supplier, the consignor, the customer and delivery address, the goods, their quantity
 * and value, the destination, the transport mode and route, the date of export, the carrier and
 * tracking number), the order reference, and how anyone can check it: the verification code and
 * a QR code of the public page /verify/{code}.
 */

export interface CertificateDocument {
  brand: string;
  facts: CertificateFacts;
  code: string;
  /** yyyy-MM-dd. */
  issued: string;
  /** The public page that confirms the certificate: the QR code's text. */
  verifyUrl: string;
}

const MARGIN = 48;
const GREY = '#5f6368';
const INK = '#1b1b1b';
const RULE = '#d0d7d5';

const day = (stored: string) => storedToDisplayDate(stored) ?? stored;
const orNone = (text: string) => text.trim() || 'Not given';

export async function renderCertificate(input: CertificateDocument): Promise<Buffer> {
  const { brand, facts } = input;
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: {
      Title: `Export certificate ${facts.OrderReference}`,
      Author: brand,
      Subject: `Proof of export of order ${facts.OrderReference} to ${facts.Island}`,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = MARGIN;
  const width = doc.page.width - 2 * MARGIN;
  const column = (width - 24) / 2;

  // --- heading: brand, title, QR code --------------------------------------------------------
  doc.rect(0, 0, doc.page.width, 8).fill(BRAND_TEAL);
  const qrSize = 92;
  doc.image(await qrCodePng(input.verifyUrl), left + width - qrSize, MARGIN, {
    width: qrSize,
    height: qrSize,
  });
  doc
    .font('Helvetica')
    .fontSize(7.5)
    .fillColor(GREY)
    .text('Scan to verify', left + width - qrSize, MARGIN + qrSize + 4, {
      width: qrSize,
      align: 'center',
    });
  doc.font('Helvetica-Bold').fontSize(18).fillColor(BRAND_TEAL).text(brand, left, MARGIN);
  doc.font('Helvetica').fontSize(9).fillColor(GREY).text('You Shop, We Deliver');
  doc.moveDown(1.2);
  doc.font('Helvetica-Bold').fontSize(22).fillColor(INK).text('Certificate of Export');
  doc
    .font('Helvetica')
    .fontSize(10.5)
    .fillColor(GREY)
    .text('Proof that the goods below left the United Kingdom', { width: width - qrSize - 16 });
  doc.y = Math.max(doc.y, MARGIN + qrSize + 16) + 12;

  // --- the key facts in one band -------------------------------------------------------------
  const keyFacts: [string, string][] = [
    ['Order reference', facts.OrderReference],
    ['Date of export', day(facts.ExportDate)],
    ['Destination', facts.Island],
    ['Certificate issued', day(input.issued)],
  ];
  const bandTop = doc.y;
  const cell = width / keyFacts.length;
  doc.rect(left, bandTop, width, 44).fill('#e7f2f0');
  keyFacts.forEach(([label, value], i) => {
    const x = left + i * cell + 10;
    doc
      .font('Helvetica')
      .fontSize(7.5)
      .fillColor(GREY)
      .text(label.toUpperCase(), x, bandTop + 9, { width: cell - 16, characterSpacing: 0.4 });
    doc
      .font('Helvetica-Bold')
      .fontSize(11)
      .fillColor(INK)
      .text(value, x, bandTop + 22, { width: cell - 16 });
  });
  doc.y = bandTop + 44 + 18;

  // --- sections ------------------------------------------------------------------------------
  const heading = (title: string, x: number, w: number, y: number) => {
    doc.font('Helvetica-Bold').fontSize(10).fillColor(BRAND_TEAL).text(title, x, y, { width: w });
    const ruleY = doc.y + 2;
    doc
      .moveTo(x, ruleY)
      .lineTo(x + w, ruleY)
      .lineWidth(0.6)
      .strokeColor(RULE)
      .stroke();
    doc.y = ruleY + 6;
  };

  /** A label above its value (the narrow columns). */
  const stacked = (x: number, w: number, label: string, value: string | string[]) => {
    doc.font('Helvetica').fontSize(7.5).fillColor(GREY).text(label, x, doc.y, { width: w });
    doc
      .font('Helvetica')
      .fontSize(10)
      .fillColor(INK)
      .text(Array.isArray(value) ? value.join('\n') : value, x, doc.y + 1, { width: w });
    doc.y += 6;
  };

  /** Two boxes side by side; the page goes on below the taller one. */
  const columns = (parts: [string, [string, string | string[]][]][]) => {
    const top = doc.y;
    let bottom = top;
    parts.forEach(([title, rows], i) => {
      const x = left + i * (column + 24);
      heading(title, x, column, top);
      for (const [label, value] of rows) stacked(x, column, label, value);
      bottom = Math.max(bottom, doc.y);
    });
    doc.x = left;
    doc.y = bottom + 8;
  };

  /** A label beside its value (the full-width sections). */
  const table = (title: string, rows: [string, string][]) => {
    heading(title, left, width, doc.y);
    const labelWidth = 130;
    for (const [label, value] of rows) {
      const y = doc.y;
      doc.font('Helvetica').fontSize(9).fillColor(GREY).text(label, left, y, { width: labelWidth });
      doc
        .font('Helvetica')
        .fontSize(10)
        .fillColor(INK)
        .text(value, left + labelWidth, y, { width: width - labelWidth });
      doc.y += 4;
    }
    doc.x = left;
    doc.y += 8;
  };

  columns([
    [
      'Supplier (retailer)',
      [
        ['Name', orNone(facts.Supplier.Name)],
        ['Website', orNone(facts.Supplier.Website)],
        ['Retailer order number', orNone(facts.Supplier.OrderNumber)],
      ],
    ],
    [
      'Consignor (exporter)',
      [['Name and address', [facts.Consignor.Name, ...facts.Consignor.Address]]],
    ],
  ]);
  columns([
    [
      'Customer (consignee)',
      [
        ['Name', orNone(facts.Customer.Name)],
        [`${brand} customer reference`, facts.Customer.Reference],
      ],
    ],
    ['Delivery address', [['Delivered to', facts.DeliveryAddress]]],
  ]);
  table('Goods', [
    ['Description', facts.Goods.Description],
    ['Quantity', `${facts.Goods.Quantity} ${facts.Goods.Quantity === 1 ? 'item' : 'items'}`],
    ['Value', formatMoney(facts.Goods.ValuePence)],
  ]);
  table('Export', [
    ['Destination', `${facts.Island}, Channel Islands`],
    ['Mode of transport', facts.TransportMode],
    ['Route', facts.Route],
    ['Date of export', day(facts.ExportDate)],
    ['Carrier', facts.Carrier],
    ['Tracking number', orNone(facts.TrackingNumber)],
  ]);

  // --- statement and verification ------------------------------------------------------------
  heading('Statement', left, width, doc.y);
  doc
    .font('Helvetica')
    .fontSize(9.5)
    .fillColor(INK)
    .text(
      `${brand} received the goods described above at its depot in Portsmouth and exported them ` +
        `from the United Kingdom to ${facts.Island}, Channel Islands, on ${day(facts.ExportDate)}, ` +
        `as order ${facts.OrderReference}. The Channel Islands are outside the UK for VAT, so the ` +
        'supplier may keep this certificate as evidence of export (HMRC VAT Notice 703).',
      left,
      doc.y,
      { width, lineGap: 2 },
    );
  doc.moveDown(0.8);
  doc.font('Helvetica').fontSize(9).fillColor(GREY).text('Verification code', left, doc.y);
  doc
    .font('Courier-Bold')
    .fontSize(13)
    .fillColor(INK)
    .text(formatVerificationCode(input.code), left, doc.y + 1);
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(GREY)
    .text('Check this certificate at ', left, doc.y + 3, { continued: true })
    .fillColor(BRAND_TEAL)
    .text(input.verifyUrl, { link: input.verifyUrl, underline: true });

  doc.end();
  return done;
}
