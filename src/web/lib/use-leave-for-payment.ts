import { useEffect, useState } from 'react';
import { redirect } from 'react-router';
import type { CheckoutResult } from '../../shared/api/checkout';
import type { Failure } from './route-data';

/**
 * Sends the browser to the payment page, keeping the button busy while that page loads. Coming
 * back with the browser's Back button may show this page from the back-forward cache, as it was:
 * the button is freed again then.
 */
export function useLeaveForPayment() {
  const [leaving, setLeaving] = useState(false);
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) setLeaving(false);
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);
  const leave = (url: string) => {
    setLeaving(true);
    window.location.assign(url);
  };
  return { leaving, leave };
}

/** What a route's action that starts a payment answers: the provider's page, or why not. */
export type PaymentAnswer =
  { checkoutUrl: string; failure?: undefined } | { checkoutUrl?: undefined; failure: Failure };

/**
 * For a route's action that started a payment (an invoice, an accepted quote): nothing left to
 * pay goes to the payment's success page; otherwise the action answers the provider's page, for
 * `useLeaveOnceStarted`.
 */
export function paymentStarted({ Payment }: CheckoutResult) {
  if (Payment.Status === 'paid' || !Payment.CheckoutUrl) {
    throw redirect(`/payment/success/?ref=${encodeURIComponent(Payment.Reference)}`);
  }
  return { checkoutUrl: Payment.CheckoutUrl };
}

/** Leaves for the payment page an action answered (paymentStarted), once; `leaving` meanwhile. */
export function useLeaveOnceStarted(checkoutUrl: string | undefined) {
  const { leaving, leave } = useLeaveForPayment();
  useEffect(() => {
    if (checkoutUrl) leave(checkoutUrl);
    // `leave` is a new function each render; the address alone says when to go.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [checkoutUrl]);
  return leaving;
}
