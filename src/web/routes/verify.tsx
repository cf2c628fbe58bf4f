import type { Route } from './+types/verify';
import { pageTitle } from '../lib/site';
import { VerifyCertificatePage } from '../features/certificates/verify-certificate-page';

export const meta = () => [
  { title: pageTitle('Export certificate check') },
  { name: 'robots', content: 'noindex' },
];

/** /verify/{code}: the public check of an export certificate (its QR code leads here). */
export default function Verify({ params }: Route.ComponentProps) {
  return <VerifyCertificatePage key={params.code} code={params.code} />;
}
