import { Box, Card, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import type { CertificateVerification } from '../../../shared/api/certificates';
import {
  CERTIFICATE_MESSAGES,
  formatVerificationCode,
  normaliseVerificationCode,
} from '../../../shared/certificates';
import { storedToDisplayDate } from '../../../shared/dates';
import { formatPounds } from '../../../shared/money';
import { FormAlert } from '../../components/form-alert';
import { ApiError } from '../../lib/api-client';
import { BRAND } from '../../lib/site';
import { LinkPage } from '../account/link-page';
import { useCertificateVerification } from './api/verify-certificate';

/**
 * /verify/{code}: anyone holding an export certificate (a retailer refunding the VAT) checks it
 * here, from its QR code or by typing its code. A genuine certificate shows its key facts and
 * nothing more (no names or addresses); an unknown code says so plainly.
 */
export function VerifyCertificatePage({ code }: { code: string }) {
  const check = useCertificateVerification(code);
  return (
    <LinkPage title="Export certificate check">
      {check.isPending && (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status">
          <CircularProgress size={24} />
          <Typography>Checking the certificate…</Typography>
        </Stack>
      )}
      {check.isSuccess && <Genuine facts={check.data} />}
      {check.isError && <NotChecked error={check.error} code={code} />}
    </LinkPage>
  );
}

function Genuine({ facts }: { facts: CertificateVerification }) {
  const rows: [string, string][] = [
    ['Order reference', facts.OrderReference],
    ['Date of export', storedToDisplayDate(facts.ExportDate) ?? facts.ExportDate],
    ['Destination', `${facts.Island}, Channel Islands`],
    ['Goods', facts.Goods],
    ['Value', formatPounds(facts.Value)],
    ['Certificate issued', storedToDisplayDate(facts.Issued) ?? facts.Issued],
  ];
  return (
    <Stack spacing={3}>
      <FormAlert severity="success">
        <strong>This certificate is genuine.</strong> {BRAND} issued it for the parcel below.
      </FormAlert>
      <Card variant="outlined">
        <CardContent>
          <Box
            component="dl"
            sx={{
              m: 0,
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: 'minmax(140px, auto) 1fr' },
              gap: { xs: 0, sm: 1.5 },
              '& dt': { color: 'text.secondary', typography: 'body2', mt: { xs: 1.5, sm: 0.25 } },
              '& dt:first-of-type': { mt: { xs: 0, sm: 0.25 } },
              '& dd': { m: 0, overflowWrap: 'anywhere' },
            }}
          >
            {rows.map(([label, value]) => (
              <Box key={label} sx={{ display: 'contents' }}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </Box>
            ))}
          </Box>
        </CardContent>
      </Card>
      <Typography variant="body2" color="text.secondary">
        Compare these details with the certificate you were given. To protect our customers, the
        names and addresses on it are not shown here.
      </Typography>
    </Stack>
  );
}

function NotChecked({ error, code }: { error: Error; code: string }) {
  if (!(error instanceof ApiError && error.status === 404)) {
    return (
      <FormAlert severity="error">
        {error instanceof ApiError && error.status === 429
          ? error.message
          : 'The certificate could not be checked just now. Please try again.'}
      </FormAlert>
    );
  }
  return (
    <Stack spacing={2}>
      <FormAlert severity="error">
        <strong>{CERTIFICATE_MESSAGES.notFound}</strong>
      </FormAlert>
      <Typography>
        The code checked was{' '}
        <Box
          component="code"
          sx={{ display: 'inline-block', fontWeight: 700, overflowWrap: 'anywhere' }}
        >
          {formatVerificationCode(normaliseVerificationCode(code))}
        </Box>
        . Compare it with the code printed on the certificate, under “Verification code”: 20 letters
        and digits, in four groups of five.
      </Typography>
      <Typography>
        If it matches and we still cannot find it, the certificate was not issued by {BRAND}.
      </Typography>
    </Stack>
  );
}
