import { describe, expect, test } from 'vitest';
import {
  CONSENT_VERSION,
  gtmScriptUrl,
  parseConsent,
  serializeConsent,
  TRACKING_COOKIE,
} from '../../../src/web/lib/consent';

describe('cookie consent', () => {
  test('an answer round-trips', () => {
    const now = new Date('2026-11-22T10:00:00Z');
    expect(parseConsent(serializeConsent('granted', now))).toBe('granted');
    expect(parseConsent(serializeConsent('denied', now))).toBe('denied');
  });

  test('no answer, a broken one, or one for another version asks again', () => {
    expect(parseConsent(null)).toBeNull();
    expect(parseConsent('')).toBeNull();
    expect(parseConsent('granted')).toBeNull();
    expect(parseConsent('{"value":"maybe","version":1}')).toBeNull();
    expect(
      parseConsent(JSON.stringify({ value: 'granted', version: CONSENT_VERSION + 1 })),
    ).toBeNull();
  });

  test('the tag manager script and the tracking cookies', () => {
    expect(gtmScriptUrl('GTM-ABC123')).toBe(
      'https://www.googletagmanager.com/gtm.js?id=GTM-ABC123',
    );
    for (const name of ['_ga', '_ga_XYZ', '_gid', '_gcl_au', '_fbp'])
      expect(TRACKING_COOKIE.test(name)).toBe(true);
    for (const name of ['COOKIE-CONSENT', 'session', 'ga'])
      expect(TRACKING_COOKIE.test(name)).toBe(false);
  });
});
