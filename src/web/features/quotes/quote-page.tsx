import { Alert, Box, Button, Skeleton, Stack, Typography } from '@mui/material';
import { Link } from 'react-router';
import type { CustomerQuote } from '../../../shared/api/quotes';
import { formatPounds } from '../../../shared/money';
import { QUOTE_MESSAGES, quoteState } from '../../../shared/quotes';
import { ApiError } from '../../lib/api-client';
import { useLeaveForPayment } from '../checkout/use-leave-for-payment';
import { AcceptQuoteForm } from './accept-quote-form';
import { useQuote } from './api/get-quote';
import { FactList } from '../../components/fact-list';
import { QuoteCard, QuotedBooking, QuotedPrice } from './quote-details';

/**
 * /dashboard/quote/{id}: one of the customer's quotes. While Quote Ready: the price and the
 * booking it answers, extras to choose, the addresses, Accept and pay (on the provider's page) or
 * Decline after a confirmation. Otherwise where it stands, without those actions: still being
 * priced, declined, accepted and waiting for payment (with the way back to its payment page), or
 * paid.
 */
export function QuotePage({ id }: { id: number }) {
  const quote = useQuote(id);
  if (quote.isPending) return <Skeleton variant="rounded" height={320} />;
  if (quote.isError) {
    const notFound = quote.error instanceof ApiError && quote.error.status === 404;
    return (
      <Alert severity="error">
        {notFound
          ? QUOTE_MESSAGES.notFound
          : 'This quote could not be loaded just now. Please reload the page.'}
      </Alert>
    );
  }
  const { data } = quote;
  return (
    <Stack spacing={3}>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' } }}>
        Quote {data.Reference}
      </Typography>
      {data.Actions.Accept ? <AcceptQuoteForm quote={data} /> : <QuoteStanding quote={data} />}
    </Stack>
  );
}

/** A quote that cannot be answered now: where it stands, and the next step when there is one. */
function QuoteStanding({ quote }: { quote: CustomerQuote }) {
  const { leaving, leave } = useLeaveForPayment();
  const { Payment } = quote;
  const status = quote.StatusId_Name;
  const payable = status === 'Awaiting Payment' && Payment?.Status === 'pending';
  const declined = status === 'Quote Declined' || status === 'Cancelled';
  const accepted = quote.Lines.length > 0 && !declined;
  return (
    <>
      <Alert severity={accepted && !payable ? 'success' : 'info'} data-testid="quote-state">
        {quoteState(status)}
      </Alert>
      {payable && Payment.CheckoutUrl && (
        <Stack spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
          <Button
            variant="contained"
            size="large"
            loading={leaving}
            onClick={() => leave(Payment.CheckoutUrl!)}
            data-testid="continue-payment"
          >
            Pay {formatPounds(Payment.Amount)}
          </Button>
          <Typography variant="body2" color="text.secondary">
            You pay on our payment provider’s secure page.
          </Typography>
        </Stack>
      )}
      {accepted && !payable && (
        <Box>
          <Button component={Link} to={`/dashboard/orders/${quote.Id}`} variant="contained">
            See the order
          </Button>
        </Box>
      )}
      {accepted ? (
        <QuoteCard title={payable ? 'What you pay' : 'What you paid'}>
          <FactList
            rows={[
              ...quote.Lines.map((line): [string, string] => [
                line.Name,
                formatPounds(line.Amount),
              ]),
              ['Total', <strong key="total">{formatPounds(quote.Total)}</strong>, 'quote-total'],
            ]}
          />
        </QuoteCard>
      ) : (
        <QuotedPrice quote={quote} />
      )}
      <QuotedBooking quote={quote} />
    </>
  );
}
