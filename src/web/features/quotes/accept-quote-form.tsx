import { useRef, useState, type FormEvent } from 'react';
import { useFetcher } from 'react-router';
import type { OrderExtra } from '../../../shared/api/catalogue';
import type { CustomerQuote } from '../../../shared/api/quotes';
import { formatMoney, formatPounds } from '../../../shared/money';
import { orderTotalPence } from '../../../shared/pricing';
import { Alert, BusyButton, Choice } from '../../components/plain-controls';
import { refusalMessage, type Failure } from '../../lib/route-data';
import type { ChooserLists } from '../../lib/chooser-lists';
import { PriceLines } from '../../components/price-lines';
import { plainWords } from '../../lib/plain-words';
import {
  AddressChoices,
  FieldErrors,
  TermsField,
  usePaymentChoices,
} from '../../components/payment-form-parts';
import { useLeaveOnceStarted } from '../../lib/use-leave-for-payment';
import { DeclineQuoteDialog } from './decline-quote-dialog';
import type { QuoteAnswer, QuoteSubmission } from './quote-answer';
import { QuoteCard, QuotedBooking, QuotedPrice } from './quote-details';

const ACCEPT_FAILED = 'Your payment could not be started, and nothing was taken. Please try again.';

type Place = 'extras' | 'delivery' | 'billing' | 'terms' | 'general';

const PLACES: Readonly<Record<string, [Place, string]>> = {
  selectedExtras: ['extras', 'This extra'],
  DeliveryAddressId: ['delivery', 'The delivery address'],
  BillingAddressId: ['billing', 'The billing address'],
  TermsAccepted: ['terms', 'The terms'],
};

/** The server's refusal, put under the part of the page where it can be put right. */
function placeErrors(failure: Failure | undefined): Record<Place, string[]> {
  const placed: Record<Place, string[]> = {
    extras: [],
    delivery: [],
    billing: [],
    terms: [],
    general: [],
  };
  if (!failure) return placed;
  if (failure.errors.length === 0) placed.general.push(refusalMessage(failure, ACCEPT_FAILED));
  for (const { field, error: message } of failure.errors) {
    const [place, label] = PLACES[field.split('.')[0]] ?? ['general', 'The quote'];
    placed[place].push(plainWords(label, message));
  }
  return placed;
}

/**
 * A Quote Ready quote: the price and the booking it answers, the enabled extras with the running
 * total (the shared pricing rules; the server prices it again), the delivery address (on the
 * quote's island) and the billing address, the terms, Accept and pay, and Decline. Accept and
 * Decline submit to the route's action.
 */
export function AcceptQuoteForm({
  quote,
  extras,
  choosers,
}: {
  quote: CustomerQuote;
  /** The address choosers' lists, as the route's loader read them. */
  choosers: ChooserLists;
  /** Every extra (hidden ones too), or null when they could not be read. */
  extras: readonly OrderExtra[] | null;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const offered = (extras ?? []).filter((extra) => extra.Enabled);
  const [selected, setSelected] = useState<number[]>([]);
  const { accepted, setAccepted, shown, send } = usePaymentChoices();
  const [declining, setDeclining] = useState(false);
  const accept = useFetcher<QuoteAnswer>();
  const leaving = useLeaveOnceStarted(accept.data?.checkoutUrl);
  const errors = placeErrors(
    accept.state === 'idle' ? (accept.data?.failure ?? undefined) : undefined,
  );

  const order = {
    QuotePrice: quote.QuotePrice,
    Extras: offered.filter((extra) => selected.includes(extra.Id)),
  };
  const totalPence = orderTotalPence(order);

  const toggle = (id: number, on: boolean) =>
    setSelected((list) => (on ? [...list, id] : list.filter((other) => other !== id)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = send(formRef.current);
    if (!chosen) return;
    const submission: QuoteSubmission = {
      intent: 'accept',
      body: {
        selectedExtras: selected,
        DeliveryAddressId: chosen.delivery.Id,
        BillingAddressId: chosen.billing.Id,
        TermsAccepted: true,
      },
    };
    void accept.submit(submission, { method: 'post', encType: 'application/json' });
  };

  return (
    <form
      ref={formRef}
      onSubmit={submit}
      noValidate
      aria-label="Accept the quote"
      className="accept-quote"
    >
      <div className="accept-quote__main">
        <QuotedPrice quote={quote} />
        <QuotedBooking quote={quote} />
        <QuoteCard title="Extras">
          <p className="quote-card__intro">
            Add what your delivery needs; the total updates as you tick.
          </p>
          {extras === null && (
            <Alert severity="warning">
              Extras could not be loaded just now. Please reload the page to add any.
            </Alert>
          )}
          <div className="accept-quote__extras" role="group" aria-label="Extras">
            {offered.map((extra) => (
              <Choice
                key={extra.Id}
                checked={selected.includes(extra.Id)}
                onChange={(event) => toggle(extra.Id, event.target.checked)}
                label={
                  <span className="accept-quote__extra">
                    <span>
                      <span className="accept-quote__extra-name">{extra.Name}</span>
                      <span className="screen__note">{extra.Description}</span>
                    </span>
                    <span className="accept-quote__extra-price">+{formatPounds(extra.Price)}</span>
                  </span>
                }
              />
            ))}
          </div>
          <FieldErrors messages={errors.extras} />
        </QuoteCard>
        <AddressChoices
          choosers={choosers}
          island={quote.Island}
          errors={{
            delivery: [shown('delivery'), ...errors.delivery],
            billing: [shown('billing'), ...errors.billing],
          }}
        />
      </div>

      <div className="card accept-quote__answer">
        <h2>Your answer</h2>
        <PriceLines order={order} />
        <hr />
        <p className="accept-quote__total" aria-live="polite" aria-atomic="true">
          <span>Total to pay</span>
          <span data-testid="quote-total">{formatMoney(totalPence)}</span>
        </p>
        <TermsField
          checked={accepted}
          onChange={setAccepted}
          error={shown('terms') ?? errors.terms[0]}
        />
        {errors.general.length > 0 && (
          <Alert severity="error">
            {errors.general.map((message) => (
              <div key={message}>{message}</div>
            ))}
          </Alert>
        )}
        <BusyButton
          type="submit"
          className="button--contained button--large button--block"
          busy={accept.state !== 'idle' || leaving}
          data-testid="accept-quote"
        >
          Accept and pay {formatMoney(totalPence)}
        </BusyButton>
        <p className="screen__note">You pay on our payment provider’s secure page.</p>
        <hr />
        <button
          type="button"
          className="button button--outlined button--danger button--block"
          onClick={() => setDeclining(true)}
          data-testid="decline-quote"
        >
          Decline the quote
        </button>
      </div>
      <DeclineQuoteDialog quote={quote} open={declining} onClose={() => setDeclining(false)} />
    </form>
  );
}
