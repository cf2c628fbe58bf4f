import { useMutation } from '@tanstack/react-query';
import { certificateFileName } from '../../../../shared/certificates';
import { apiDownload } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

/** GET /public/orders/exportcert/{Id}: the order's export certificate as a PDF. */
export const downloadCertificate = (orderId: number) =>
  apiDownload(`/public/orders/exportcert/${orderId}`, 'application/pdf');

/** Fetches the certificate with the stored token and saves it as Export-Certificate-{Reference}.pdf. */
export function useDownloadCertificate() {
  return useMutation({
    mutationFn: async ({ orderId, reference }: { orderId: number; reference: string }) =>
      saveFile(await downloadCertificate(orderId), certificateFileName(reference)),
  });
}
