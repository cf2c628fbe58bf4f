import bwipjs from 'bwip-js/node';

/**
 * Barcodes for the PDFs (one library, bwip-js, for the certificate's QR code and the depot's
 * Code 128 labels), rendered as PNG for pdfkit's image().
 */

/** A QR code of the text (bwip-js's default error correction, M), sharp enough to print. */
export function qrCodePng(text: string): Promise<Buffer> {
  return bwipjs.toBuffer({ bcid: 'qrcode', text, scale: 4 });
}
