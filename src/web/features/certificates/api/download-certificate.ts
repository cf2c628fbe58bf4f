import { useMutation } from '@tanstack/react-query';
import { certificateFileName } from '../../../../shared/certificates';
import { apiDownload } from '../../../lib/api-client';

/** GET /public/orders/exportcert/{Id}: the order's export certificate as a PDF. */
export const downloadCertificate = (orderId: number) =>
  apiDownload(`/public/orders/exportcert/${orderId}`, 'application/pdf');

/** Hands a file to the browser to save under this name. */
function save(file: Blob, name: string) {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has started the download by now; the object URL can go once it has read it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Fetches the certificate with the stored token and saves it as Export-Certificate-{Reference}.pdf. */
export function useDownloadCertificate() {
  return useMutation({
    mutationFn: async ({ orderId, reference }: { orderId: number; reference: string }) =>
      save(await downloadCertificate(orderId), certificateFileName(reference)),
  });
}
