import { useFetcher } from 'react-router';
import { TRACKING_MESSAGES } from '../../../../shared/tracking';
import { Alert, Spinner } from '../../../components/plain-controls';
import type { OrderActionResult } from './actions';
import '../../../styles/account-screens.css';
import '../../../styles/tracking.css';

/**
 * The order's private tracking link on its page in My Account (decision 0036): the page it opens
 * works on any phone without logging in, so the customer can share it, and replace it (the old
 * link stops working at once) if it went further than meant. The replacing is the order page's
 * action (`intent` tracking); the page's data, with the new link, is read again after it.
 */
export function TrackingLink({ path }: { path: string }) {
  const replace = useFetcher<OrderActionResult>();
  const busy = replace.state !== 'idle';
  const answer = replace.data?.intent === 'tracking' ? replace.data : undefined;
  const url = typeof window === 'undefined' ? path : `${window.location.origin}${path}`;
  return (
    <section className="card order-section" aria-labelledby="tracking-heading">
      <h2 id="tracking-heading">Tracking link</h2>
      <div className="screen">
        <p className="screen__muted screen__small">
          Follow this parcel from any phone without logging in, or share it with whoever is waiting
          for it. It shows your first name, the island and the parcel’s journey, nothing else.
        </p>
        <p className="screen__wrap">
          <a href={path} data-testid="tracking-link">
            {url}
          </a>
        </p>
        <Alert severity="success">{answer?.replaced ? TRACKING_MESSAGES.replaced : null}</Alert>
        <Alert severity="error">{answer?.message}</Alert>
        <replace.Form method="post" className="tracking-link__form">
          <input type="hidden" name="intent" value="tracking" />
          <button
            type="submit"
            className="button button--outlined button--small"
            disabled={busy}
            aria-describedby="tracking-replace-note"
          >
            {busy && <Spinner />}
            Replace the link
          </button>
          <p id="tracking-replace-note" className="screen__muted screen__small">
            The old link stops working at once; our next e-mails carry the new one.
          </p>
        </replace.Form>
      </div>
    </section>
  );
}
