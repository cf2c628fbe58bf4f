import type { TransitionTable } from './transitions';

// A refund's life (docs/decisions/0018, 0046): reserved in the transaction that decides it, then
// asked of the provider with the refund's own key.
//
//   pending ─> succeeded   the provider gave the money back (its answer, a webhook, the follow-up)
//           └> failed      the provider refused it: the office sees it and may try again
//   pending ─> pending     the provider's answer is itself pending: its refund id is kept, and the
//                          follow-up asks again
//   succeeded, failed: final

export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

export const REFUND_STATUS_TRANSITIONS: TransitionTable<RefundStatus> = {
  pending: ['pending', 'succeeded', 'failed'],
  succeeded: [],
  failed: [],
};
