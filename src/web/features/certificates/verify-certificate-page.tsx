import { useLoaderData } from 'react-router';
import type { CertificateVerification } from '../../../shared/api/certificates';
import {
  CERTIFICATE_MESSAGES,
  formatVerificationCode,
  normaliseVerificationCode,
} from '../../../shared/certificates';
import { storedToDisplayDate } from '../../../shared/dates';
import { formatPounds } from '../../../shared/money';
import { FactList, type Fact } from '../../components/fact-list';
import { Alert } from '../../components/plain-controls';
import type { Failure, PublicCheck } from '../../lib/route-data';
import { BRAND } from '../../lib/site';
import { LinkPage } from '../../components/link-page';

/** What the route's loader answers (routes/verify.tsx). */
export type VerifyData = PublicCheck<CertificateVerification>;

/**
 * /verify/{code}: anyone holding an export certificate (a retailer refunding the VAT) checks it
 * here, from its QR code or by typing its code. A genuine certificate shows its key facts and
 * nothing more (no names or addresses); an unknown code says so plainly.
 */
export function VerifyCertificatePage() {
  const check = useLoaderData() as VerifyData;
  return (
    <LinkPage title="Export certificate check">
      {'data' in check ? (
        <Genuine facts={check.data} />
      ) : (
        <NotChecked failure={check.failure} code={check.code} />
      )}
    </LinkPage>
  );
}

function Genuine({ facts }: { facts: CertificateVerification }) {
  const rows: Fact[] = [
    ['Order reference', facts.OrderReference],
    ['Date of export', storedToDisplayDate(facts.ExportDate) ?? facts.ExportDate],
    ['Destination', `${facts.Island}, Channel Islands`],
    ['Goods', facts.Goods],
    ['Value', formatPounds(facts.Value)],
    ['Certificate issued', storedToDisplayDate(facts.Issued) ?? facts.Issued],
  ];
  return (
    <>
      <Alert severity="success">
        <strong>This certificate is genuine.</strong> {BRAND} issued it for the parcel below.
      </Alert>
      <div className="card">
        <FactList rows={rows} labelWidth={140} />
      </div>
      <p className="link-page__muted link-page__small">
        Compare these details with the certificate you were given. To protect our customers, the
        names and addresses on it are not shown here.
      </p>
    </>
  );
}

function NotChecked({ failure, code }: { failure: Failure; code: string }) {
  if (failure.status !== 404) {
    return (
      <Alert severity="error">
        {failure.status === 429
          ? failure.message
          : 'The certificate could not be checked just now. Please try again.'}
      </Alert>
    );
  }
  return (
    <>
      <Alert severity="error">
        <strong>{CERTIFICATE_MESSAGES.notFound}</strong>
      </Alert>
      <p>
        The code checked was{' '}
        <code className="verify-code">
          {formatVerificationCode(normaliseVerificationCode(code))}
        </code>
        . Compare it with the code printed on the certificate, under “Verification code”: 20 letters
        and digits, in four groups of five.
      </p>
      <p>If it matches and we still cannot find it, the certificate was not issued by {BRAND}.</p>
    </>
  );
}
