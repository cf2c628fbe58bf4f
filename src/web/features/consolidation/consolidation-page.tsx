import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link, useFetcher } from 'react-router';
import type {
  Consignment,
  ConsolidationBooking,
  ConsolidationEstimate,
  ConsolidationOverview,
} from '../../../shared/api/consolidation';
import { CARRIERS } from '../../../shared/carriers';
import { differenceText, type ConsignmentStatus } from '../../../shared/consolidation';
import { toPence, formatPounds } from '../../../shared/money';
import { Alert, BusyButton, Choice, ChoiceGroup, Spinner } from '../../components/plain-controls';
import { answerMessage, type Failure, type Loaded, useSessionData } from '../../lib/route-data';
import '../../styles/account-screens.css';
import './consolidation.css';

/** What the page's route sends its action (routes/dashboard-consolidation.tsx). */
export type ConsolidationSubmission =
  | { intent: 'estimate' | 'request'; OrderIds: number[] }
  | { intent: 'cancel'; Id: number }
  | { intent: 'leave-out'; Id: number; OrderId: number };
export type ConsolidationAnswer = {
  intent: ConsolidationSubmission['intent'];
  failure: Failure | null;
  estimate: ConsolidationEstimate | null;
};

/** The consignment's status in the customer's words. */
const STATUS_WORDS: Record<ConsignmentStatus, string> = {
  requested: 'Requested',
  'awaiting parcels': 'Waiting for parcels',
  ready: 'All parcels in: waiting to be repacked',
  repacking: 'Being repacked',
  dispatched: 'Dispatched',
  cancelled: 'Cancelled',
};

/**
 * Gives the focus to the element of `id` when a new `answer` has come: the button pressed went
 * away with what it did (the bookings asked for, a cancelled or completed consolidation), so the
 * focus goes to what tells the outcome rather than to the page's body.
 */
function useFocusOnAnswer(id: string, answer: ConsolidationAnswer | undefined) {
  useEffect(() => {
    if (answer) document.getElementById(id)?.focus();
  }, [answer, id]);
}

const NOTICE_ID = 'consolidation-notice';

const submitJson = (
  fetcher: ReturnType<typeof useFetcher<ConsolidationAnswer>>,
  s: ConsolidationSubmission,
) => void fetcher.submit(s, { method: 'post', encType: 'application/json' });

/**
 * Ship together (/dashboard/consolidation/, decision 0041): the customer picks two or more paid
 * bookings for one island whose parcels have not left, sees the price of one crossing for them
 * (the shared rules, on the server), asks for it, and follows each consolidation: parcels in and
 * awaited, a late parcel to leave out, the repacked box's price, the tracking number and the
 * difference refunded or invoiced. Plain elements and the site's CSS (decision 0029).
 */
export function ConsolidationPage(props: { overview: Loaded<ConsolidationOverview> }) {
  const overview = useSessionData(props.overview);
  const data = overview.data;
  return (
    <div className="screen">
      <h1>Ship together</h1>
      <p className="screen__muted">
        Several bookings to the same island? We can repack their parcels into one box and send it as
        one crossing: you pay for one box in the band it fits, plus{' '}
        {data ? formatPounds(data.Repacking) : '…'} for repacking, less what you paid for each
        booking. The difference is refunded to your card, or invoiced if the box is bigger.
      </p>
      {overview.failure && (
        <Alert severity="error">Your bookings could not be loaded, please try again.</Alert>
      )}
      {!data && !overview.failure && (
        <div className="screen__loading">
          <Spinner label="Loading your bookings" />
        </div>
      )}
      {data && <Choose overview={data} />}
      {data && data.Consolidations.length > 0 && (
        <section aria-labelledby="consolidations-heading">
          <h2 id="consolidations-heading" className="consolidation__heading">
            Your consolidations
          </h2>
          <ul className="consolidation__list">
            {data.Consolidations.map((c) => (
              <ConsignmentCard key={c.Id} consignment={c} days={data.MissingParcelDays} />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

function Choose({ overview }: { overview: ConsolidationOverview }) {
  const [picked, setPicked] = useState<number[]>([]);
  const estimate = useFetcher<ConsolidationAnswer>();
  const ask = useFetcher<ConsolidationAnswer>();
  // The choice the shown estimate was asked for: a changed choice hides it.
  const [estimatedFor, setEstimatedFor] = useState('');
  // Bookings still offered (one asked for leaves the list when the page is read again).
  const offered = new Set(overview.Eligible.flatMap((g) => g.Bookings.map((b) => b.OrderId)));
  const chosen = picked.filter((id) => offered.has(id));
  const key = [...chosen].sort((a, b) => a - b).join(',');
  const estimated = estimate.state === 'idle' ? estimate.data : undefined;
  const asked = ask.state === 'idle' ? ask.data : undefined;
  const notice =
    asked && !asked.failure
      ? 'Your consolidation is requested: we have emailed you the details.'
      : null;
  useFocusOnAnswer(NOTICE_ID, notice ? asked : undefined);

  if (overview.Eligible.length === 0) {
    return (
      <>
        <Alert severity="success" id={NOTICE_ID} tabIndex={-1}>
          {notice}
        </Alert>
        <p className="consolidation__none">
          You have no bookings to ship together right now: it takes two or more paid bookings to the
          same island whose parcels have not left our depot.{' '}
          <Link to="/dashboard/orders/">See your orders</Link>.
        </p>
      </>
    );
  }
  const island = overview.Eligible.find((g) => g.Bookings.some((b) => chosen.includes(b.OrderId)));
  const toggle = (id: number, on: boolean) =>
    setPicked((list) => (on ? [...list, id] : list.filter((x) => x !== id)));
  const failure = estimated?.failure ?? asked?.failure;
  const current =
    estimated?.estimate && estimatedFor === key && chosen.length >= 2 ? estimated.estimate : null;

  return (
    <section aria-labelledby="choose-heading" className="consolidation__choose">
      <h2 id="choose-heading" className="consolidation__heading">
        Choose the bookings
      </h2>
      <Alert severity="success" id={NOTICE_ID} tabIndex={-1}>
        {notice}
      </Alert>
      {overview.Eligible.map((group) => (
        <ChoiceGroup
          key={group.Island}
          id={`island-${group.Island}`}
          legend={`Bookings to ${group.Island}`}
          className="consolidation__group"
        >
          {group.Bookings.map((b) => (
            <Choice
              key={b.OrderId}
              checked={chosen.includes(b.OrderId)}
              disabled={island !== undefined && island.Island !== group.Island}
              onChange={(e) => toggle(b.OrderId, e.currentTarget.checked)}
              label={`${b.Reference}: ${b.Description}`}
              description={`${b.RetailerName}${b.Band ? ` · ${b.Band}` : ''} · paid ${formatPounds(b.Paid)} · ${
                b.Arrived ? 'at our depot' : 'on its way to our depot'
              }`}
            />
          ))}
        </ChoiceGroup>
      ))}
      {failure && (
        <Alert severity="error">
          {answerMessage(failure, 'That did not work, please try again.')}
        </Alert>
      )}
      <div className="consolidation__actions">
        <BusyButton
          className="button--outlined"
          busy={estimate.state !== 'idle'}
          disabled={chosen.length < 2}
          onClick={() => {
            setEstimatedFor(key);
            submitJson(estimate, { intent: 'estimate', OrderIds: chosen });
          }}
        >
          See the price
        </BusyButton>
      </div>
      {current && (
        <div className="card consolidation__estimate" aria-live="polite">
          <PriceLines price={current} />
          <BusyButton
            className="button--contained"
            busy={ask.state !== 'idle'}
            onClick={() => submitJson(ask, { intent: 'request', OrderIds: chosen })}
          >
            Ship these {chosen.length} together
          </BusyButton>
        </div>
      )}
    </section>
  );
}

function PriceLines({ price, measured }: { price: ConsolidationEstimate; measured?: boolean }) {
  return (
    <dl className="consolidation__price">
      <dt>One crossing, {price.Band.Name}</dt>
      <dd>{formatPounds(price.Crossing)}</dd>
      <dt>Repacking</dt>
      <dd>{formatPounds(price.Repacking)}</dd>
      <dt>Already paid</dt>
      <dd>−{formatPounds(price.Paid)}</dd>
      <dt className="consolidation__total">{measured ? 'The box came to' : 'Estimate'}</dt>
      <dd className="consolidation__total">{differenceText(toPence(price.Difference))}</dd>
    </dl>
  );
}

function bookingState(b: ConsolidationBooking) {
  if (b.LeftOut) return 'left out: it travels on its own';
  if (b.Arrived) return 'at our depot';
  if (b.Late) return 'late';
  return 'awaited';
}

function ConsignmentCard({ consignment: c, days }: { consignment: Consignment; days: number }) {
  const act = useFetcher<ConsolidationAnswer>();
  const answer = act.state === 'idle' ? act.data : undefined;
  const [confirming, setConfirming] = useState(false);
  const cardId = `consolidation-${c.Id}`;
  useFocusOnAnswer(cardId, answer && !answer.failure ? answer : undefined);
  // The confirmation replaces the button that asked for it: the focus goes to its safe choice,
  // and back to the button when that is chosen.
  const confirm = (on: boolean) => {
    flushSync(() => setConfirming(on));
    document.getElementById(`${cardId}-${on ? 'keep' : 'cancel'}`)?.focus();
  };
  const carrier = CARRIERS.find((x) => x.id === c.Carrier);
  const late = c.Bookings.filter((b) => b.Late);
  return (
    <li className="card consolidation__card" aria-label={c.Reference} id={cardId} tabIndex={-1}>
      <div className="consolidation__title">
        <h3>{c.Reference}</h3>
        <span className="consolidation__status" data-status={c.Status}>
          {STATUS_WORDS[c.Status]}
        </span>
      </div>
      <ul className="consolidation__bookings">
        {c.Bookings.map((b) => (
          <li key={b.OrderId}>
            <Link to={`/dashboard/orders/${b.OrderId}`}>{b.Reference}</Link> {b.Description}:{' '}
            <span data-state={b.LeftOut ? 'left-out' : b.Arrived ? 'arrived' : 'awaited'}>
              {bookingState(b)}
            </span>
          </li>
        ))}
      </ul>
      {late.length > 0 && (
        <div className="consolidation__late">
          <p>
            {late.map((b) => b.Reference).join(', ')} has not reached our depot {days} days on. You
            can send the rest without it (it then travels on its own), or keep waiting.
          </p>
          {late.map((b) => (
            <BusyButton
              key={b.OrderId}
              className="button--outlined"
              busy={act.state !== 'idle'}
              onClick={() => submitJson(act, { intent: 'leave-out', Id: c.Id, OrderId: b.OrderId })}
            >
              Send the rest without {b.Reference}
            </BusyButton>
          ))}
        </div>
      )}
      {(c.Final ?? c.Estimate) && (
        <PriceLines price={(c.Final ?? c.Estimate)!} measured={!!c.Final} />
      )}
      {c.Status === 'dispatched' && (
        <p>
          Left on {c.Dispatched ? new Date(c.Dispatched).toLocaleDateString('en-GB') : ''} with{' '}
          {carrier?.name ?? c.Carrier}: tracking number{' '}
          {c.TrackingUrl ? (
            <a href={c.TrackingUrl} rel="noopener noreferrer" target="_blank">
              {c.TrackingNumber}
            </a>
          ) : (
            <strong>{c.TrackingNumber}</strong>
          )}
        </p>
      )}
      {c.Refunded > 0 && (
        <p className="consolidation__refund">{formatPounds(c.Refunded)} refunded to your card.</p>
      )}
      {c.RefundPending > 0 && (
        <p>{formatPounds(c.RefundPending)} is being refunded: your bank will show it shortly.</p>
      )}
      {c.Invoice && (
        <p>
          Invoice {c.Invoice.Reference}: {formatPounds(c.Invoice.Amount)}, {c.Invoice.Status}.{' '}
          {c.Invoice.Status === 'unpaid' && (
            <Link to={`/dashboard/pay/${c.Invoice.Id}`}>Pay it</Link>
          )}
        </p>
      )}
      {answer?.failure && (
        <Alert severity="error">
          {answerMessage(answer.failure, 'That did not work, please try again.')}
        </Alert>
      )}
      {c.CanCancel &&
        (confirming ? (
          <div className="consolidation__actions">
            <span>Cancel it? Each booking then goes on its own, as booked.</span>
            <BusyButton
              className="button--contained button--danger"
              busy={act.state !== 'idle'}
              onClick={() => submitJson(act, { intent: 'cancel', Id: c.Id })}
            >
              Yes, cancel {c.Reference}
            </BusyButton>
            <button
              type="button"
              className="button"
              id={`${cardId}-keep`}
              onClick={() => confirm(false)}
            >
              Keep it
            </button>
          </div>
        ) : (
          <div className="consolidation__actions">
            <button
              type="button"
              className="button"
              id={`${cardId}-cancel`}
              onClick={() => confirm(true)}
            >
              Cancel this consolidation
            </button>
          </div>
        ))}
    </li>
  );
}
