import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { navigationTracking, recoverInterruptedNavigation } from './lib/deployment';

// A reload that interrupted a navigation (a route's code was gone after a deployment) continues
// to where the visitor was going; otherwise the page hydrates as usual. Hydrating in a transition
// lets React answer a press or a key typed meanwhile first, and keep what was typed
// (docs/decisions/0044).
if (!recoverInterruptedNavigation()) {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter instrumentations={[navigationTracking]} />
      </StrictMode>,
    );
  });
}
