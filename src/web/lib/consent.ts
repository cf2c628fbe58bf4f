/** The visitor's answer to the cookie banner (UK GDPR/PECR, Jersey and Guernsey DPL). */
export type Consent = 'granted' | 'denied';

/** localStorage key of the answer; the version asks again if what we use ever changes. */
export const CONSENT_KEY = 'COOKIE-CONSENT';
export const CONSENT_VERSION = 1;

/** The stored answer, or null when there is none (or it was given for another version). */
export function parseConsent(raw: string | null): Consent | null {
  if (!raw) return null;
  try {
    const stored = JSON.parse(raw) as { value?: unknown; version?: unknown };
    if (stored.version !== CONSENT_VERSION) return null;
    return stored.value === 'granted' || stored.value === 'denied' ? stored.value : null;
  } catch {
    return null;
  }
}

export const serializeConsent = (value: Consent, now: Date) =>
  JSON.stringify({ value, version: CONSENT_VERSION, at: now.toISOString() });

/** The tag manager's script for a container id. */
export const gtmScriptUrl = (id: string) =>
  `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}`;

/** Cookies the tag manager and analytics set, removed when consent is withdrawn. */
export const TRACKING_COOKIE = /^(?:_ga|_gid|_gat|_gcl|_fbp|_fbc)/;
