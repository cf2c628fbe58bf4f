import { useQuery } from '@tanstack/react-query';
import type { CertificateVerification } from '../../../../shared/api/certificates';
import { ApiError, apiRequest } from '../../../lib/api-client';

/** GET /public/certificates/verify/{code}: the key facts of a genuine certificate (no login). */
export const verifyCertificate = (code: string) =>
  apiRequest<CertificateVerification>(
    'GET',
    `/public/certificates/verify/${encodeURIComponent(code)}`,
  );

/** The check of a code: asked once; an answer from the server (404, 429) is not asked again. */
export function useCertificateVerification(code: string) {
  return useQuery({
    queryKey: ['certificate-verification', code],
    queryFn: () => verifyCertificate(code),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
    staleTime: Infinity,
  });
}
