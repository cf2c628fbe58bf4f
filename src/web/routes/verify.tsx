import type { Route } from './+types/verify';
import { pageTitle } from '../lib/site';
import { ApiError } from '../lib/api-client';
import { failureOf } from '../lib/route-data';
import { verifyCertificate } from '../features/certificates/api/verify-certificate';
import {
  VerifyCertificatePage,
  type VerifyData,
} from '../features/certificates/verify-certificate-page';

export const meta = () => [
  { title: pageTitle('Export certificate check') },
  { name: 'robots', content: 'noindex' },
];

/** Asks once more when the server did not answer; an answer (a 404, a 429) is final. */
export async function clientLoader({ params }: Route.ClientLoaderArgs): Promise<VerifyData> {
  const { code } = params;
  for (let attempt = 1; ; attempt++) {
    try {
      return { code, facts: await verifyCertificate(code) };
    } catch (error) {
      if (attempt >= 3 || (error instanceof ApiError && error.status < 500)) {
        return { code, failure: failureOf(error) };
      }
    }
  }
}

/** /verify/{code}: the public check of an export certificate (its QR code leads here). */
export default function Verify({ params }: Route.ComponentProps) {
  return <VerifyCertificatePage key={params.code} />;
}
