// Tag-manager page views and the marketing script, loaded only after consent
// (docs/requirements.md §7, "third-party"), and nothing at all when neither is configured.
import { useSyncExternalStore } from 'react';
import {
  CONSENT_KEY,
  gtmScriptUrl,
  parseConsent,
  serializeConsent,
  TRACKING_COOKIE,
  type Consent,
} from './consent';
import { GTM_ID, MARKETING_SCRIPT_URL, TRACKING_CONFIGURED } from './site';

declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
  }
}

interface ConsentState {
  /** 'unknown' until read in the browser (the prerendered page never shows the banner). */
  consent: Consent | null | 'unknown';
  /** The visitor asked to see the banner again (footer: Cookie settings). */
  reopened: boolean;
}

let state: ConsentState = { consent: 'unknown', reopened: false };
const listeners = new Set<() => void>();
const setState = (next: ConsentState) => {
  state = next;
  listeners.forEach((l) => l());
};

function readStored(): Consent | null {
  try {
    return parseConsent(localStorage.getItem(CONSENT_KEY));
  } catch {
    return null;
  }
}

let started = false;

function addScript(src: string) {
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  document.head.appendChild(script);
}

/** Loads the tag manager and the marketing script, once. */
function startTracking() {
  if (started || !TRACKING_CONFIGURED) return;
  started = true;
  if (GTM_ID) {
    window.dataLayer = window.dataLayer ?? [];
    window.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
    addScript(gtmScriptUrl(GTM_ID));
  }
  if (MARKETING_SCRIPT_URL) addScript(MARKETING_SCRIPT_URL);
}

function clearTrackingCookies() {
  const host = window.location.hostname;
  const domains = ['', host, `.${host}`, `.${host.split('.').slice(-2).join('.')}`];
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0].trim();
    if (!TRACKING_COOKIE.test(name)) continue;
    for (const domain of domains) {
      document.cookie = `${name}=; Max-Age=0; Path=/${domain ? `; Domain=${domain}` : ''}`;
    }
  }
}

/** Reads the stored answer and, if it is yes, starts tracking. Call once in the browser. */
export function initConsent() {
  if (state.consent !== 'unknown') return;
  const consent = TRACKING_CONFIGURED ? readStored() : null;
  setState({ ...state, consent });
  if (consent === 'granted') startTracking();
}

/** Records the visitor's answer. Withdrawing consent removes the cookies and reloads the page. */
export function answerConsent(value: Consent) {
  const was = state.consent;
  try {
    localStorage.setItem(CONSENT_KEY, serializeConsent(value, new Date()));
  } catch {
    // Storage blocked: the answer holds for this page only.
  }
  setState({ consent: value, reopened: false });
  if (value === 'granted') {
    startTracking();
    trackPageView();
  } else if (was === 'granted' || started) {
    clearTrackingCookies();
    window.location.reload();
  }
}

/** Shows the banner again (footer: Cookie settings). */
export const reopenConsent = () => setState({ ...state, reopened: true });

const serverState: ConsentState = { consent: 'unknown', reopened: false };

export function useConsent(): ConsentState {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => state,
    () => serverState,
  );
}

/** A page view for the tag manager, after consent only. */
export function trackPageView() {
  if (!started || !GTM_ID) return;
  window.dataLayer?.push({
    event: 'page_view',
    page_location: window.location.href,
    page_path: window.location.pathname + window.location.search,
    page_title: document.title,
  });
}
