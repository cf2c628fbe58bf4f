import type { Route } from './+types/verify';
import { pageTitle } from '../lib/site';
import { checkPublicCode } from '../lib/route-data';
import { verifyCertificate } from '../features/certificates/api/verify-certificate';
import {
  VerifyCertificatePage,
  type VerifyData,
} from '../features/certificates/verify-certificate-page';

export const meta = () => [
  { title: pageTitle('Export certificate check') },
  { name: 'robots', content: 'noindex' },
];

export const clientLoader = ({ params }: Route.ClientLoaderArgs): Promise<VerifyData> =>
  checkPublicCode(params.code, verifyCertificate);

/** /verify/{code}: the public check of an export certificate (its QR code leads here). */
export default function Verify({ params }: Route.ComponentProps) {
  return <VerifyCertificatePage key={params.code} />;
}
