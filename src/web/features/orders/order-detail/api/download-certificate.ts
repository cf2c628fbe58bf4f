import { certificateFileName } from '../../../../../shared/certificates';
import { apiDownload } from '../../../../lib/api-client';
import { saveFile } from '../../../../lib/save-file';

/**
 * GET /public/orders/exportcert/{Id}: the order's export certificate as a PDF, fetched with the
 * stored token and saved as Export-Certificate-{Reference}.pdf.
 */
export async function saveCertificate(orderId: number, reference: string) {
  const pdf = await apiDownload(`/public/orders/exportcert/${orderId}`, 'application/pdf');
  saveFile(pdf, certificateFileName(reference));
}
