import { useId } from 'react';
import { useFetcher } from 'react-router';
import type { CustomerQuote } from '../../../shared/api/quotes';
import { formatPounds } from '../../../shared/money';
import { Alert, BusyButton } from '../../components/plain-controls';
import { PlainDialog } from '../../components/plain-dialog';
import { refusalMessage } from '../../lib/route-data';
import type { QuoteAnswer, QuoteSubmission } from './quote-answer';
import '../../styles/account-screens.css';

/**
 * Asks before declining: a declined quote cannot be accepted afterwards. Decline submits to the
 * route's action; the quote is read again and shown declined.
 */
export function DeclineQuoteDialog({
  quote,
  open,
  onClose,
}: {
  quote: CustomerQuote;
  open: boolean;
  onClose(): void;
}) {
  const textId = useId();
  return (
    <PlainDialog
      open={open}
      onClose={onClose}
      title="Decline this quote?"
      width={500}
      describedBy={textId}
    >
      {/* Mounted while open: a failure shown once is gone when the dialog is opened again. */}
      {open && <DeclineConfirmation quote={quote} textId={textId} onClose={onClose} />}
    </PlainDialog>
  );
}

function DeclineConfirmation({
  quote,
  textId,
  onClose,
}: {
  quote: CustomerQuote;
  textId: string;
  onClose(): void;
}) {
  const decline = useFetcher<QuoteAnswer>();
  const failure = decline.state === 'idle' ? decline.data?.failure : null;
  const submission: QuoteSubmission = { intent: 'decline' };
  return (
    <div className="screen">
      {failure && (
        <Alert severity="error">
          {refusalMessage(failure, 'The quote could not be declined just now. Please try again.')}
        </Alert>
      )}
      <p id={textId}>
        You will not be able to accept the quote of{' '}
        {quote.QuotePrice === null ? '' : `${formatPounds(quote.QuotePrice)} `}for{' '}
        {quote.ItemDescription} afterwards. To send it later, ask us for a new quote.
      </p>
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onClose}>
          Keep the quote
        </button>
        <BusyButton
          className="button--contained button--danger"
          busy={decline.state !== 'idle'}
          onClick={() =>
            void decline.submit(submission, { method: 'post', encType: 'application/json' })
          }
        >
          Decline
        </BusyButton>
      </div>
    </div>
  );
}
