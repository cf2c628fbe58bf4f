import { useEffect, useRef, useState } from 'react';
import { useFetcher, useSearchParams } from 'react-router';
import type { QuoteRequest } from '../../../shared/api/orders';
import { ISLANDS } from '../../../shared/islands';
import {
  QUOTE_NOTES_MAX,
  QUOTE_RULES,
  sizeFromForm,
  type QuoteForm as QuoteValues,
} from '../../../shared/booking-steps';
import { Alert, Spinner } from '../../components/plain-controls';
import { answerMessage, type Failure } from '../../lib/route-data';
import { getSession, subscribeSession, useSession } from '../../lib/session';
import { useForm } from '../../lib/use-form';
import { openLogin } from '../../lib/dialog-store';
import { FormField, IslandField, SIZE_LABELS, SizeFields } from '../../components/form-fields';
import { FormErrors } from './form-errors';
import '../../styles/booking.css';
import './quote-form.css';

const LABELS: Record<string, string> = {
  ...SIZE_LABELS,
  ItemDescription: 'What is it?',
  ItemValue: 'Value of the goods',
  Island: 'Destination island',
  Notes: 'Anything we should know',
};

const QUOTE_LOGIN_MESSAGE = 'Please log in to send your quote request. What you entered is kept.';

/** The API's dotted field names as the form's. */
const formField = (field: string) => field.replace(/^size\./, '').replace(/^Weight$/, 'weight');

const rules = () => QUOTE_RULES;

/** What the quote route's action answers when the request was not stored (else it redirects). */
export type QuoteAnswer = { failure: Failure };

/**
 * The quote request (docs/requirements.md §2, /quote/) for a parcel that fits no price band: its
 * size, weight, what it is, its value and island, and a note. Sending needs a login: the login
 * dialog opens with a message saying why, and the request goes as soon as the customer is logged
 * in.
 */
export function QuoteFormPage() {
  const [params] = useSearchParams();
  const { user } = useSession();
  const create = useFetcher<QuoteAnswer>();
  const sending = create.state !== 'idle';
  // A refusal counts until the next send (the action redirects when the request is stored).
  const failure = create.data?.failure ?? null;
  const form = useForm<QuoteValues>(
    {
      length: params.get('length') ?? '',
      width: params.get('width') ?? '',
      height: params.get('height') ?? '',
      weight: params.get('weight') ?? '',
      ItemDescription: '',
      ItemValue: '',
      Island: '',
      Notes: '',
    },
    rules,
    { serverErrors: failure?.errors.map((e) => ({ ...e, field: formField(e.field) })) },
  );
  const [waitingForLogin, setWaitingForLogin] = useState(false);

  const send = () => {
    const parcel = sizeFromForm(form.values);
    if (!parcel) return;
    const quote: QuoteRequest = {
      size: parcel.size,
      Weight: parcel.Weight,
      ItemDescription: form.values.ItemDescription.trim(),
      ItemValue: Number(form.values.ItemValue),
      Island: form.values.Island as (typeof ISLANDS)[number],
      Notes: form.values.Notes.trim(),
    };
    void create.submit(quote, { method: 'post', encType: 'application/json' });
  };

  // Sent as soon as the customer has logged in through the dialog.
  const sendRef = useRef(send);
  useEffect(() => {
    sendRef.current = send;
  });
  useEffect(() => {
    if (!waitingForLogin) return;
    return subscribeSession(() => {
      if (!getSession().user) return;
      setWaitingForLogin(false);
      sendRef.current();
    });
  }, [waitingForLogin]);

  const onSubmit = form.handleSubmit(() => {
    if (!user) {
      setWaitingForLogin(true);
      openLogin({ loginMessage: QUOTE_LOGIN_MESSAGE });
      return;
    }
    send();
  });

  const fieldProps = (field: keyof QuoteValues) => ({ ...form.text(field), id: `quote-${field}` });

  return (
    <div className="container booking booking--page">
      <h1 className="booking__title">Ask for a quote</h1>
      <p className="booking__intro">
        For a parcel larger or heavier than our price bands. Tell us about it and we will send you a
        price, usually within one working day.
      </p>
      <form onSubmit={onSubmit} noValidate aria-label="Quote request">
        <FormErrors show={form.submitted} errors={form.errors} labels={LABELS} />
        {failure && (
          <Alert severity="error" className="booking__form-alert">
            {answerMessage(failure, 'Your quote request could not be sent. Please try again.')}
          </Alert>
        )}
        {waitingForLogin && !user && (
          <Alert
            severity="info"
            className="booking__form-alert"
            action={
              <button
                type="button"
                className="button"
                onClick={() => openLogin({ loginMessage: QUOTE_LOGIN_MESSAGE })}
              >
                Log in
              </button>
            }
          >
            Log in to send your request; it goes as soon as you have.
          </Alert>
        )}
        <section className="card booking__section" aria-labelledby="quote-size">
          <h2 id="quote-size">Size and weight</h2>
          <SizeFields field={fieldProps} labelledBy="quote-size" required />
        </section>
        <div className="form-grid">
          <div className="form-grid__wide">
            <FormField
              {...fieldProps('ItemDescription')}
              label={LABELS.ItemDescription}
              required
              hint="For example “three-seat sofa, boxed”"
            />
          </div>
          <FormField {...fieldProps('ItemValue')} label={LABELS.ItemValue} required unit="£" />
          <IslandField {...fieldProps('Island')} label={LABELS.Island} />
          <div className="form-grid__wide">
            <FormField
              {...fieldProps('Notes')}
              label={LABELS.Notes}
              multiline
              minRows={3}
              hint={`Optional, up to ${QUOTE_NOTES_MAX} characters: the retailer, access on the island, anything fragile`}
            />
          </div>
        </div>
        <div className="booking__submit">
          <button
            type="submit"
            className="button button--contained button--large"
            disabled={sending}
            aria-busy={sending || undefined}
          >
            {sending && <Spinner />}
            Send quote request
          </button>
        </div>
      </form>
    </div>
  );
}
