import { useEffect, useRef } from 'react';
import { useFetcher } from 'react-router';
import type { OrderActionResult } from './actions';

type DialogIntent = 'report' | 'dispute' | 'return' | 'withdraw-return';
type AnswerTo<Intent> = Extract<OrderActionResult, { intent: Intent }>;
type RefusalOf<Intent> = Exclude<AnswerTo<Intent>, { notice: string }>;

/**
 * The order page's dialog forms (report missing items, dispute an invoice, ask for a return or
 * withdraw it): a fetcher posting to the page's action under `intent`, whose answer is a notice
 * once sent or a refusal to show. The field `fieldId` takes the focus when the dialog opens (after
 * this commit's effects, the dialog's showModal() among them); once sent and the page read again,
 * `onDone` is told the notice, once per form.
 */
export function useDialogAction<Intent extends DialogIntent>(
  intent: Intent,
  { open, fieldId, onDone }: { open: boolean; fieldId?: string; onDone(notice: string): void },
) {
  const fetcher = useFetcher<OrderActionResult>();
  const answer = fetcher.data?.intent === intent ? (fetcher.data as AnswerTo<Intent>) : undefined;
  const notice = answer && 'notice' in answer ? answer.notice : undefined;
  const failure = answer && !('notice' in answer) ? (answer as RefusalOf<Intent>) : undefined;

  useEffect(() => {
    if (open && fieldId) queueMicrotask(() => document.getElementById(fieldId)?.focus());
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
