import './lib/preact-options';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { navigationTracking, recoverInterruptedNavigation } from './lib/deployment';

const props = { instrumentations: [navigationTracking] };

// In development, Preact's checks (rules of hooks, keys, nesting, bad props) warn in the console
// as React's development build did; the production build leaves this out.
if (import.meta.env.DEV) await import('preact/debug');

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

/**
 * In development Vite draws each stylesheet the code imports as a `<style>` in the head, before
 * the page hydrates, and Preact's hydration removes from the head what the layout does not draw:
 * they are put back, the same elements, which Vite keeps updating as the files change. (The build
 * links its stylesheets with `<Links>`, which the layout draws.)
 */
function hydrate() {
  const devStyles = import.meta.env.DEV
    ? [...document.head.querySelectorAll('style[data-vite-dev-id]')]
    : [];
  hydrateRoot(document, <HydratedRouter {...props} />);
  document.head.append(...devStyles.filter((style) => !style.isConnected));
}

// A reload that interrupted a navigation (a route's code was gone after a deployment) continues
// to where the visitor was going; otherwise the page hydrates as usual.
if (!recoverInterruptedNavigation()) void routeDataDecoded().then(hydrate);
