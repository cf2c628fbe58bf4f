import { Button, Stack, Typography } from '@mui/material';
import { CERTIFICATE_MESSAGES } from '../../../shared/certificates';
import { FormAlert } from '../../components/form-alert';
import { ApiError } from '../../lib/api-client';
import { useDownloadCertificate } from './api/download-certificate';

interface CertificateDownloadProps {
  /** The order's Id and Reference. */
  orderId: number;
  reference: string;
  /** Whether the parcel has left the UK (`hasLeftTheUk` of its status). */
  available: boolean;
}

/**
 * The order's export certificate (SPEC section 7): a PDF the customer gives the retailer to get
 * the UK VAT back, saved as Export-Certificate-{Reference}.pdf. Until the parcel has left the UK
 * the button is off and says when it comes; a refused download says why.
 */
export function CertificateDownload({ orderId, reference, available }: CertificateDownloadProps) {
  const download = useDownloadCertificate();
  const error = download.error;
  return (
    <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
      <Button
        variant="outlined"
        disabled={!available}
        loading={download.isPending}
        onClick={() => download.mutate({ orderId, reference })}
        aria-describedby={`certificate-note-${orderId}`}
      >
        Download export certificate
      </Button>
      <Typography id={`certificate-note-${orderId}`} variant="body2" color="text.secondary">
        {available
          ? 'Give it to the retailer to claim back the UK VAT on your goods.'
          : CERTIFICATE_MESSAGES.notYetExported}
      </Typography>
      <FormAlert severity="error">
        {error &&
          (error instanceof ApiError && error.status < 500 && error.status !== 401
            ? error.message
            : CERTIFICATE_MESSAGES.downloadFailed)}
      </FormAlert>
    </Stack>
  );
}
