import type { Resource } from '../lib/remote-resource';
import { useResource } from '../lib/remote-resource';
import type { PromiseView } from '../../shared/api/sailings';
import { promiseResource } from '../lib/api/get-promise';
import './arrival-promise.css';

/** The sentence, once the server has answered. */
function Answered({ resource }: { resource: Resource<PromiseView> }) {
  const { data } = useResource(resource);
  if (!data) return null;
  return (
    <p className="arrival-promise" data-testid="arrival-promise">
      {data.Words}
    </p>
  );
}

/**
 * When a parcel booked now for `island` arrives, in the one sentence of the timetable's rule
 * (docs/decisions/0048, 0050): "If it reaches us by Tuesday 4pm, it arrives Thursday 10
 * December." Asked of the server, so the rule is not shipped to the browser; nothing without an
 * island, and nothing until the answer is in.
 */
export function ArrivalPromise({ island }: { island: string | null }) {
  const resource = promiseResource(island);
  return resource ? <Answered key={island} resource={resource} /> : null;
}
