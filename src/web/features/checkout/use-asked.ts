import { useCallback, useEffect } from 'react';
import { useFetcher } from 'react-router';

/** What the checkout sends its action to ask about a request (the request as JSON text). */
export interface Asking<Intent extends string> {
  intent: Intent;
  asked: string;
}

/** What the checkout's action answers when asked: with the request it answers, as sent. */
export interface Asked {
  asked: string;
}

/**
 * Asks the checkout's action about `request` (sent with `intent`) on arrival and whenever the
 * request changes, with a fetcher of its own (nothing is asked while it is null). As with any
 * fetcher, only the latest asking counts; and an answer is shown only while it answers the request
 * now on the screen. `askAgain` asks about the same request once more.
 */
export function useAsked<Answer extends Asked>(intent: string, request: object | null) {
  const { submit, data, state } = useFetcher<Answer>();
  // As text, so that it is asked again only when what it asks about changes.
  const asked = request ? JSON.stringify(request) : null;
  const askAgain = useCallback(() => {
    if (asked) void submit({ intent, asked }, { method: 'post', encType: 'application/json' });
  }, [asked, intent, submit]);
  useEffect(askAgain, [askAgain]);
  return { answer: data?.asked === asked ? data : undefined, asking: state !== 'idle', askAgain };
}
