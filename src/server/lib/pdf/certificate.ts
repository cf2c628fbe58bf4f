import PDFDocument from 'pdfkit';
import { formatVerificationCode, type CertificateFacts } from '../../../shared/api/certificates';
import { storedToDisplayDate } from '../../../shared/dates';
import { formatMoney } from '../../../shared/money';
import { BRAND_TEAL } from '../email-layout';
import { qrCodePng } from './barcodes';
import { writeText } from './text';

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
  writeText(doc, 'Scan to verify', left + width - qrSize, MARGIN + qrSize + 4, {
    size: 7.5,
    width: qrSize,
    color: GREY,
    align: 'center',
  });
  const titleWidth = width - qrSize - 16;
  writeText(doc, brand, left, MARGIN, {
    size: 18,
    width: titleWidth,
    weight: 'bold',
    color: BRAND_TEAL,
  });
  writeText(doc, 'You Shop, We Deliver', left, doc.y, { size: 9, width: titleWidth, color: GREY });
  writeText(doc, 'Certificate of Export', left, doc.y + 14, {
    size: 22,
    width: titleWidth,
    weight: 'bold',
    color: INK,
  });
  writeText(doc, 'Proof that the goods below left the United Kingdom', left, doc.y, {
    size: 10.5,
    width: titleWidth,
    color: GREY,
  });
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
    writeText(doc, label.toUpperCase(), x, bandTop + 7, {
      size: 7.5,
      width: cell - 16,
      color: GREY,
      characterSpacing: 0.4,
    });
    writeText(doc, value, x, bandTop + 20, {
      size: 11,
      width: cell - 16,
      weight: 'bold',
      color: INK,
      maxLines: 1,
    });
  });
  doc.y = bandTop + 44 + 18;

  // --- sections ------------------------------------------------------------------------------
  const heading = (title: string, x: number, w: number, y: number) => {
    writeText(doc, title, x, y, { size: 10, width: w, weight: 'bold', color: BRAND_TEAL });
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
    writeText(doc, label, x, doc.y, { size: 7.5, width: w, color: GREY });
    writeText(doc, Array.isArray(value) ? value.join('\n') : value, x, doc.y + 1, {
      size: 10,
      width: w,
      color: INK,
    });
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
      writeText(doc, label, left, y + 1, { size: 9, width: labelWidth, color: GREY });
      writeText(doc, value, left + labelWidth, y, {
        size: 10,
        width: width - labelWidth,
        color: INK,
      });
      doc.y += 4;
    }
    doc.x = left;
    doc.y += 8;
  };

  /** The goods line by line (decision 0040): description, quantity, value each, total, origin, code. */
  function itemLines(lines: NonNullable<CertificateFacts['ItemLines']>, title = 'Items') {
    heading(title, left, width, doc.y);
    const cols = [
      { title: 'Description', w: 0.38 },
      { title: 'Qty', w: 0.07, right: true },
      { title: 'Value each', w: 0.13, right: true },
      { title: 'Total', w: 0.13, right: true },
      { title: 'Origin', w: 0.12 },
      { title: 'Commodity code', w: 0.17 },
    ];
    const row = (cells: string[], bold = false) => {
      const y = doc.y;
      let x = left;
      let bottom = y;
      cells.forEach((cell, i) => {
        const w = cols[i].w * width;
        writeText(doc, cell, x, y, {
          size: 9,
          width: w - 6,
          weight: bold ? 'bold' : 'regular',
          color: bold ? GREY : INK,
          align: cols[i].right ? 'right' : 'left',
        });
        bottom = Math.max(bottom, doc.y);
        doc.y = y;
        x += w;
      });
      doc.y = bottom + 3;
    };
    row(
      cols.map((c) => c.title),
      true,
    );
    for (const line of lines) {
      row([
        line.Description,
        String(line.Quantity),
        formatMoney(line.ValueEachPence),
        formatMoney(line.Quantity * line.ValueEachPence),
        line.Origin,
        line.CommodityCode || '—',
      ]);
    }
    doc.x = left;
    doc.y += 8;
  }

  columns([
    [
      'Supplier (retailer)',
      [
        ['Name', orNone(facts.Supplier.Name)],
        ['Website', orNone(facts.Supplier.Website)],
        ['Retailer order number', orNone(facts.Supplier.OrderNumber)],
        [
          'Retailer order date',
          facts.Supplier.OrderDate ? day(facts.Supplier.OrderDate) : 'Not given',
        ],
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
  if (facts.ItemLines?.length) itemLines(facts.ItemLines);
  if (facts.Consignment) {
    const box = facts.Consignment;
    itemLines(
      box.ItemLines,
      `Shipped together as ${box.Reference} (${box.Orders.join(', ')}): every item in the box`,
    );
  }
  table('Export', [
    ['Destination', `${facts.Island}, Channel Islands`],
    ['Mode of transport', facts.TransportMode],
    ['Route', facts.Route],
    ['Date of export', day(facts.ExportDate)],
    ...(facts.Sailing ? ([['Sailing', facts.Sailing]] as [string, string][]) : []),
    ['Carrier', facts.Carrier],
    ['Consignment number', orNone(facts.TrackingNumber)],
  ]);

  // --- statement and verification ------------------------------------------------------------
  heading('Statement', left, width, doc.y);
  writeText(
    doc,
    `${brand} received the goods described above at its depot in Portsmouth and exported them ` +
      `from the United Kingdom to ${facts.Island}, Channel Islands, on ${day(facts.ExportDate)}, ` +
      `as order ${facts.OrderReference}. The Channel Islands are outside the UK for VAT, so the ` +
      'supplier may keep this certificate as evidence of export (HMRC VAT Notice 703).',
    left,
    doc.y,
    { size: 9.5, width, color: INK, lineGap: 2 },
  );
  writeText(doc, 'Verification code', left, doc.y + 10, { size: 9, width, color: GREY });
  doc
    .font('Courier-Bold')
    .fontSize(13)
    .fillColor(INK)
    .text(formatVerificationCode(input.code), left, doc.y + 1);
  writeText(doc, 'Check this certificate at', left, doc.y + 3, { size: 9, width, color: GREY });
  writeText(doc, input.verifyUrl, left, doc.y, {
    size: 9,
    width,
    color: BRAND_TEAL,
    link: input.verifyUrl,
  });

  doc.end();
  return done;
}
