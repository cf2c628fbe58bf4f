import type { Route } from './+types/track';
import { pageTitle } from '../lib/site';
import { checkPublicCode } from '../lib/route-data';
import { trackParcel } from '../features/tracking/api/track-parcel';
import { TrackParcelPage, type TrackData } from '../features/tracking/track-parcel-page';

// Private to whoever holds the link: never indexed (and not in the sitemap, which lists content).
export const meta = () => [
  { title: pageTitle('Track your parcel') },
  { name: 'robots', content: 'noindex' },
];

export const clientLoader = ({ params }: Route.ClientLoaderArgs): Promise<TrackData> =>
  checkPublicCode(params.code, trackParcel);

/** /track/{code}: an order's parcel, from the private link of its e-mails (no login). */
export default function Track({ params }: Route.ComponentProps) {
  return <TrackParcelPage key={params.code} />;
}
