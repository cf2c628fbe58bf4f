import { useEffect, useRef } from 'react';
import { useFetcher } from 'react-router';
import type { OrderActionResult } from './actions';

/**
 * The order page's dialog forms (report missing items, dispute an invoice): a fetcher posting to
 * the page's action under `intent`, whose answer is a notice once sent or a refusal to show.
 * The field `fieldId` takes the focus when the dialog opens (after this commit's effects, the
 * dialog's showModal() among them); once sent and the page read again, `onDone` is told the
 * notice, once per form.
 */
export function useDialogAction(
  intent: 'report' | 'dispute',
  { open, fieldId, onDone }: { open: boolean; fieldId: string; onDone(notice: string): void },
) {
  const fetcher = useFetcher<OrderActionResult>();
  const answer = fetcher.data?.intent === intent ? fetcher.data : undefined;
  const notice = answer && 'notice' in answer ? answer.notice : undefined;
  const failure = answer && !('notice' in answer) ? answer : undefined;

  useEffect(() => {
    if (open) queueMicrotask(() => document.getElementById(fieldId)?.focus());
  }, [open, fieldId]);
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  });
  useEffect(() => {
    if (notice && fetcher.state === 'idle') done.current(notice);
  }, [notice, fetcher.state]);

  return { fetcher, failure, sending: fetcher.state !== 'idle' };
}
