import type { CertificateVerification } from '../../../../shared/api/certificates';
import { apiRequest } from '../../../lib/api-client';

/** GET /public/certificates/verify/{code}: the key facts of a genuine certificate (no login). */
export const verifyCertificate = (code: string) =>
  apiRequest<CertificateVerification>(
    'GET',
    `/public/certificates/verify/${encodeURIComponent(code)}`,
  );
