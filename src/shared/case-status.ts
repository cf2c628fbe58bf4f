import type { CaseStatus } from './api/cases';
import type { CASE_KINDS } from './disputes';
import type { TransitionTable } from './transitions';

// A case's life beside its order (docs/decisions/0012, 0018, 0038): its own statuses, so the
// order keeps where it stands.
//
// Missing items (kind `missing-items`):
//   Open ─> Answered ─> Resolved     staff reply, then resolve (with a refund or without)
//   Open, Answered ─> Open           the customer reports again: the open case takes it
//   Answered ─> Answered             staff reply again
//   Open ─> Resolved                 resolved at the first answer
//   Resolved ─> Open, Answered       reopened as it was when the provider refused the refund the
//                                    resolution promised
//
// A dispute of a re-measure (kind `dispute`): decided once.
//   Open ─> Answered ─> Answered     staff reply, as often as needed
//   Open, Answered ─> Resolved       the decision (uphold, reduce, cancel); final

type CaseKind = (typeof CASE_KINDS)[number];

export const CASE_STATUS_TRANSITIONS: Readonly<Record<CaseKind, TransitionTable<CaseStatus>>> = {
  'missing-items': {
    Open: ['Open', 'Answered', 'Resolved'],
    Answered: ['Open', 'Answered', 'Resolved'],
    Resolved: ['Open', 'Answered'],
  },
  dispute: {
    Open: ['Answered', 'Resolved'],
    Answered: ['Answered', 'Resolved'],
    Resolved: [],
  },
};
