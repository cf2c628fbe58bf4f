import { useFetcher } from 'react-router';
import { CERTIFICATE_MESSAGES } from '../../../../shared/certificates';
import { Alert, Spinner } from '../../../components/plain-controls';
import type { OrderActionResult } from './actions';
import '../../../styles/account-screens.css';
import './certificate-download.css';

interface CertificateDownloadProps {
  /** The order's Id and Reference. */
  orderId: number;
  reference: string;
  /** Whether the parcel has left the UK (`hasLeftTheUk` of its status). */
  available: boolean;
}

/**
 * The order's export certificate (docs/requirements.md §7): a PDF the customer gives the retailer
 * to get the UK VAT back, saved as Export-Certificate-{Reference}.pdf by the order page's action
 * (`intent` certificate). Until the parcel has left the UK the button is off and says when it
 * comes; a refused download says why.
 */
export function CertificateDownload({ orderId, reference, available }: CertificateDownloadProps) {
  const download = useFetcher<OrderActionResult>();
  const busy = download.state !== 'idle';
  const message = download.data?.intent === 'certificate' ? download.data.message : undefined;
  return (
    <download.Form method="post" className="certificate">
      <input type="hidden" name="intent" value="certificate" />
      <input type="hidden" name="reference" value={reference} />
      <button
        type="submit"
        className="button button--outlined"
        disabled={!available || busy}
        aria-describedby={`certificate-note-${orderId}`}
      >
        {busy && <Spinner />}
        Download export certificate
      </button>
      <p id={`certificate-note-${orderId}`} className="screen__muted screen__small">
        {available
          ? 'Give it to the retailer to claim back the UK VAT on your goods.'
          : CERTIFICATE_MESSAGES.notYetExported}
      </p>
      <Alert severity="error">{message}</Alert>
    </download.Form>
  );
}
