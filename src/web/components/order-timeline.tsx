import type { TimelineEntry } from '../../shared/api/order-detail';
import { TIMELINE_TITLES } from '../../shared/order-timeline';
import { formatDisplayDate, parseStoredDate } from '../../shared/dates';
import { formatDimensionsCm } from '../../shared/labels';
import { formatPounds } from '../../shared/money';
import { ParcelPhotos, type PhotoData } from './parcel-photos';
import '../styles/account-screens.css';
import './order-timeline.css';

const pad = (n: number) => String(n).padStart(2, '0');

/** When something happened, as the customer reads it: `01-12-2026, 09:30`. */
export function formatWhen(iso: string): string {
  const at = new Date(iso);
  return `${formatDisplayDate(at)}, ${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/**
 * What happened to the order, oldest first: an ordered list (a screen reader says how many
 * steps and which one), each step a heading, its date, and what the depot recorded.
 */
export function OrderTimeline({
  entries,
  photos,
}: {
  entries: TimelineEntry[];
  photos: PhotoData;
}) {
  return (
    <ol aria-label="Timeline" className="timeline">
      {entries.map((entry, i) => (
        <li key={`${entry.Kind}-${entry.At}-${i}`} data-testid="timeline-entry">
          <h3 className="timeline__title">{TIMELINE_TITLES[entry.Kind]}</h3>
          <p className="screen__muted screen__small">
            <time dateTime={entry.At}>{formatWhen(entry.At)}</time>
          </p>
          {entry.Parcel && <ParcelFacts parcel={entry.Parcel} photos={photos} />}
          {entry.Dispatch && <DispatchFacts dispatch={entry.Dispatch} />}
          {entry.Amount !== undefined && (
            <p className="screen__small timeline__fact" data-testid="refund-amount">
              {formatPounds(entry.Amount)} given back to the card you paid with
            </p>
          )}
        </li>
      ))}
    </ol>
  );
}

function ParcelFacts({
  parcel,
  photos,
}: {
  parcel: NonNullable<TimelineEntry['Parcel']>;
  photos: PhotoData;
}) {
  const size = parcel.size;
  return (
    <div className="timeline__facts">
      <p className="screen__small" data-testid="parcel-facts">
        {parcel.Weight !== null && <>Weight {parcel.Weight / 1000} kg</>}
        {parcel.Weight !== null && size && ' · '}
        {size &&
          formatDimensionsCm({ Length: size.length, Width: size.width, Height: size.height })}
      </p>
      {parcel.Photos.length > 0 && <ParcelPhotos photos={parcel.Photos} images={photos} />}
    </div>
  );
}

function DispatchFacts({ dispatch }: { dispatch: NonNullable<TimelineEntry['Dispatch']> }) {
  const sailing = parseStoredDate(dispatch.SailingDate);
  return (
    <div className="timeline__facts screen__small" data-testid="dispatch-facts">
      <p>
        Sailed {sailing ? formatDisplayDate(sailing) : dispatch.SailingDate} with {dispatch.Carrier}
      </p>
      {dispatch.TrackingNumber && (
        <p className="screen__wrap">Tracking number {dispatch.TrackingNumber}</p>
      )}
      {dispatch.TrackingUrl && (
        <p>
          <a href={dispatch.TrackingUrl} target="_blank" rel="noopener noreferrer">
            Track with {dispatch.Carrier}
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </p>
      )}
    </div>
  );
}
