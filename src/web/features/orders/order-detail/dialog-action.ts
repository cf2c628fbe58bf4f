import { useEffect, useRef } from 'react';
import { useFetcher } from 'react-router';
import { plainWords } from '../../../lib/plain-words';
import type { OrderActionResult } from './actions';

type DialogIntent = 'report' | 'dispute' | 'return' | 'withdraw-return';
type AnswerTo<Intent> = Extract<OrderActionResult, { intent: Intent }>;
type RefusalOf<Intent> = Exclude<AnswerTo<Intent>, { notice: string }>;

/**
 * The order page's dialog forms (report missing items, dispute an invoice, ask for a return or
 * withdraw it): a fetcher posting to the page's action under `intent`, whose answer is a notice
 * once sent or a refusal to show (none while a send is under way: the form's useForm shows the
 * refusal's `errors` under their fields). The field `fieldId` takes the focus when the dialog
 * opens (after this commit's effects, the dialog's showModal() among them); once sent and the
 * page read again, `onDone` is told the notice, once per form.
 */
export function useDialogAction<Intent extends DialogIntent>(
  intent: Intent,
  { open, fieldId, onDone }: { open: boolean; fieldId?: string; onDone(notice: string): void },
) {
  const fetcher = useFetcher<OrderActionResult>();
  const sending = fetcher.state !== 'idle';
  const answer = fetcher.data?.intent === intent ? (fetcher.data as AnswerTo<Intent>) : undefined;
  const notice = answer && 'notice' in answer ? answer.notice : undefined;
  const failure =
    answer && !sending && !('notice' in answer) ? (answer as RefusalOf<Intent>) : undefined;

  useEffect(() => {
    if (open && fieldId) queueMicrotask(() => document.getElementById(fieldId)?.focus());
  }, [open, fieldId]);
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  });
  useEffect(() => {
    if (notice && !sending) done.current(notice);
  }, [notice, sending]);

  return { fetcher, failure, sending };
}

/**
 * A field's props (useForm's `text`) with its message said of it: the shared rules and the API
 * give a bare fragment ("must be at least 10 characters"), shown as "Your message must be at
 * least 10 characters.".
 */
export const saidOf = <Props extends { helperText?: string }>(subject: string, props: Props) => ({
  ...props,
  helperText: props.helperText && plainWords(subject, props.helperText),
});
