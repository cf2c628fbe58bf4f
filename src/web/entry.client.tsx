import './lib/preact-options';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { navigationTracking, recoverInterruptedNavigation } from './lib/deployment';

const props = { instrumentations: [navigationTracking] };

/**
 * React Router decodes the page's route data before its first render, and suspends that render
 * until it has (it throws the decoding's promise). Preact keeps the served page while a render is
 * suspended only for the first node it would claim, not the head and the body both: so the data is
 * decoded first, and the page hydrated once it has been (docs/decisions/0043).
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
  void routeDataDecoded().then(() =>
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <HydratedRouter {...props} />
        </StrictMode>,
      );
    }),
  );
}
