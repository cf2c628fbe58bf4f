import { useEffect, useState } from 'react';

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
