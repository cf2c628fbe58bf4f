import { Link, useLoaderData } from 'react-router';
import type { TrackedParcel } from '../../../shared/api/tracking';
import { TRACKING_MESSAGES } from '../../../shared/tracking';
import { Alert } from '../../components/plain-controls';
import type { Failure, PublicCheck } from '../../lib/route-data';
import { LinkPage } from '../../components/link-page';
import { OrderTimeline } from '../../components/order-timeline';
import { OrderStatusChip } from '../../components/order-status-chip';
import '../../styles/tracking.css';

/** What the route's loader answers (routes/track.tsx). */
export type TrackData = PublicCheck<TrackedParcel>;

const NO_PHOTOS = {};

/**
 * /track/{code}: an order's parcel followed from the private link of its e-mails, on any phone,
 * with no login (decision 0036). It shows the customer's first name, the island, the status, when it
 * arrives (the timetable's promise, decision 0048) and the timeline with the carrier's tracking
 * link once it has sailed; nothing else. A wrong or replaced
 * link says so plainly.
 */
export function TrackParcelPage() {
  const check = useLoaderData() as TrackData;
  return (
    <LinkPage title="Track your parcel">
      {'data' in check ? <Tracked parcel={check.data} /> : <NotFound failure={check.failure} />}
    </LinkPage>
  );
}

function Tracked({ parcel }: { parcel: TrackedParcel }) {
  return (
    <>
      <p className="track-page__lead">
        Hello {parcel.FirstName}, here is your parcel’s journey to {parcel.Island}.
      </p>
      <section className="card track-page__card" aria-labelledby="track-status">
        <div className="track-page__status">
          <h2 id="track-status" className="track-page__heading">
            Where it is now
          </h2>
          <span data-testid="track-status">
            <OrderStatusChip status={parcel.StatusId_Name} />
          </span>
        </div>
        {parcel.Arrival && (
          <p className="track-page__arrival" data-testid="track-arrival">
            {parcel.Arrival.Words}
          </p>
        )}
        <OrderTimeline entries={parcel.Timeline} photos={NO_PHOTOS} />
      </section>
      <p className="link-page__muted link-page__small">
        Anyone with this link sees this page, so share it only with people you trust. The order’s
        full details are in <Link to="/dashboard/orders/">My Account</Link>, where you can also
        replace the link if it was shared by mistake.
      </p>
    </>
  );
}

function NotFound({ failure }: { failure: Failure }) {
  if (failure.status !== 404) {
    return (
      <Alert severity="error">
        {failure.status === 429 ? failure.message : TRACKING_MESSAGES.failed}
      </Alert>
    );
  }
  return (
    <>
      <Alert severity="error" data-testid="track-not-found">
        <strong>{TRACKING_MESSAGES.notFound}</strong>
      </Alert>
      <p>
        The link may have been mistyped, or replaced by the parcel’s owner: a replaced link stops
        working at once. The latest e-mail about the order has the current link.
      </p>
      <p>
        You can also follow your orders in <Link to="/dashboard/orders/">My Account</Link>.
      </p>
    </>
  );
}
