import bwipjs from 'bwip-js/node';

/**
 * Barcodes for the PDFs (one library, bwip-js, for the certificate's QR code and the depot's
 * Code 128 labels), rendered as PNG for pdfkit's image().
 */

/** A QR code of the text (bwip-js's default error correction, M), sharp enough to print. */
export function qrCodePng(text: string): Promise<Buffer> {
  return bwipjs.toBuffer({ bcid: 'qrcode', text, scale: 4 });
}

/** A Code 128 barcode, drawn large enough for a handheld scanner at arm's length. */
export function code128Png(text: string): Promise<Buffer> {
  return bwipjs.toBuffer({ bcid: 'code128', text, scale: 3, height: 18, includetext: false });
}
