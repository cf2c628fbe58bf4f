import './lib/preact-options';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { navigationTracking, recoverInterruptedNavigation } from './lib/deployment';

const props = { instrumentations: [navigationTracking] };

/**
 * React Router decodes the page's route data before its first render, and suspends that render
 * until it has: its first call starts the decoding and throws its promise. Preact keeps the served
 * page through a suspended render only for the first node it would claim, not the head and the
 * body both: so the data is decoded first, and the page hydrated once it has been
 * (docs/decisions/0043).
 */
async function routeDataDecoded() {
  try {
    (HydratedRouter as unknown as (p: typeof props) => unknown)(props);
  } catch (pending) {
    if (!(pending instanceof Promise)) throw pending;
    await pending;
  }
}

// A reload that interrupted a navigation (a route's code was gone after a deployment) continues
// to where the visitor was going; otherwise the page hydrates as usual.
if (!recoverInterruptedNavigation()) {
  void routeDataDecoded().then(() => hydrateRoot(document, <HydratedRouter {...props} />));
}
