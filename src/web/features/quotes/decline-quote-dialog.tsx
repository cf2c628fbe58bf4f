import { Button, Stack, Typography } from '@mui/material';
import type { CustomerQuote } from '../../../shared/api/quotes';
import { formatPounds } from '../../../shared/money';
import { DialogFrame } from '../../components/dialog-frame';
import { FormAlert } from '../../components/form-alert';
import { ApiError } from '../../lib/api-client';
import { useDeclineQuote } from './api/answer-quote';

/** Asks before declining: a declined quote cannot be accepted afterwards. */
export function DeclineQuoteDialog({
  quote,
  open,
  onClose,
}: {
  quote: CustomerQuote;
  open: boolean;
  onClose(): void;
}) {
  const decline = useDeclineQuote(quote.Id);
  const failure = decline.error instanceof ApiError ? decline.error : null;
  const close = () => {
    decline.reset();
    onClose();
  };
  return (
    <DialogFrame open={open} onClose={close} title="Decline this quote?" width={500}>
      <Stack spacing={2}>
        <FormAlert severity="error">
          {decline.isError &&
            (failure && failure.status < 500 && failure.status !== 401
              ? failure.message
              : 'The quote could not be declined just now. Please try again.')}
        </FormAlert>
        <Typography>
          You will not be able to accept the quote of{' '}
          {quote.QuotePrice === null ? '' : `${formatPounds(quote.QuotePrice)} `}for{' '}
          {quote.ItemDescription} afterwards. To send it later, ask us for a new quote.
        </Typography>
        <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={close}>Keep the quote</Button>
          <Button
            variant="contained"
            color="error"
            loading={decline.isPending}
            onClick={() => decline.mutate(undefined, { onSuccess: onClose })}
          >
            Decline
          </Button>
        </Stack>
      </Stack>
    </DialogFrame>
  );
}
