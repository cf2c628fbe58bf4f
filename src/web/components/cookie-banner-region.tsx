import { useEffect, useRef } from 'react';
import { answerConsent, useConsent } from '../lib/analytics';
import type { Consent } from '../lib/consent';
import { SiteLink } from './site-link';

/**
 * The banner itself (loaded by cookie-banner.tsx on a build with tracking): shown until the
 * visitor answers, and again when Cookie settings in the footer reopens it.
 */
export default function CookieBannerRegion() {
  const { consent, reopened } = useConsent();
  const region = useRef<HTMLElement>(null);
  // Reopened from the footer: take the visitor to it.
  useEffect(() => {
    if (reopened) region.current?.focus();
  }, [reopened]);
  if (consent !== null && !reopened) return null;
  return (
    <section
      ref={region}
      className="cookie-banner"
      aria-labelledby="cookie-banner-title"
      data-testid="cookie-banner"
      tabIndex={-1}
    >
      <div className="container cookie-banner__inner">
        <div>
          <h2 id="cookie-banner-title">Cookies on this site</h2>
          <p>
            We&apos;d like to use analytics and marketing cookies to see how our site is used and to
            measure our advertising. They are only set if you accept. Cookies the site needs to work
            are always on. <SiteLink to="/privacy-policy/#cookies">How we use cookies</SiteLink>
          </p>
        </div>
        <div className="cookie-banner__actions">
          <AnswerButton answer="granted">Accept cookies</AnswerButton>
          <AnswerButton answer="denied">Reject cookies</AnswerButton>
        </div>
      </div>
    </section>
  );
}

/** Accept or Reject, side by side and alike (neither is the easier choice). */
function AnswerButton({ answer, children }: { answer: Consent; children: string }) {
  return (
    <button
      type="button"
      className="button button--contained"
      onClick={() => answerConsent(answer)}
    >
      {children}
    </button>
  );
}
