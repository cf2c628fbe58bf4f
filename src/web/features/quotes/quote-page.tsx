import { Link } from 'react-router';
import type { OrderExtra } from '../../../shared/api/catalogue';
import type { CustomerQuote } from '../../../shared/api/quotes';
import { formatPounds } from '../../../shared/money';
import { QUOTE_MESSAGES, quoteState } from '../../../shared/quotes';
import { FactList } from '../../components/fact-list';
import { Alert, BusyButton, Skeleton } from '../../components/plain-controls';
import { useSessionData, type Loaded } from '../../lib/route-data';
import type { ChooserLists } from '../../lib/chooser-lists';
import { useLeaveForPayment } from '../../lib/use-leave-for-payment';
import { AcceptQuoteForm } from './accept-quote-form';
import { QuoteCard, QuotedBooking, QuotedPrice } from './quote-details';
import '../../styles/account-screens.css';

/** What the quote route's loader reads: the quote, and the extras it may be accepted with. */
export interface QuoteData {
  quote: CustomerQuote;
  /** Every extra (hidden ones too), or null when they could not be read. */
  extras: readonly OrderExtra[] | null;
}

/**
 * /dashboard/quote/{id}: one of the customer's quotes. While Quote Ready: the price and the
 * booking it answers, extras to choose, the addresses, Accept and pay (on the provider's page) or
 * Decline after a confirmation. Otherwise where it stands, without those actions: still being
 * priced, declined, accepted and waiting for payment (with the way back to its payment page), or
 * paid.
 */
export function QuotePage(props: { loaded: Loaded<QuoteData>; choosers: ChooserLists }) {
  const loaded = useSessionData(props.loaded);
  if (loaded.failure) {
    return (
      <Alert severity="error">
        {loaded.failure.status === 404
          ? QUOTE_MESSAGES.notFound
          : 'This quote could not be loaded just now. Please reload the page.'}
      </Alert>
    );
  }
  if (!loaded.data) return <Skeleton height={320} />;
  const { quote, extras } = loaded.data;
  return (
    <div className="screen screen--roomy">
      <h1 className="screen__title--long">Quote {quote.Reference}</h1>
      {quote.Actions.Accept ? (
        <AcceptQuoteForm quote={quote} extras={extras} choosers={props.choosers} />
      ) : (
        <QuoteStanding quote={quote} />
      )}
    </div>
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
        <div className="screen__pay">
          <BusyButton
            className="button--contained button--large"
            busy={leaving}
            onClick={() => leave(Payment.CheckoutUrl!)}
            data-testid="continue-payment"
          >
            Pay {formatPounds(Payment.Amount)}
          </BusyButton>
          <p className="screen__note">You pay on our payment provider’s secure page.</p>
        </div>
      )}
      {accepted && !payable && (
        <div>
          <Link to={`/dashboard/orders/${quote.Id}`} className="button button--contained">
            See the order
          </Link>
        </div>
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
